import { CODE_TTL_SECONDS } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { LOCK, lockExclusiveOnText } from '../../db/locks.js';
import { AppError, TooManyRequests } from '../../lib/errors.js';
import type { Mail } from '../../lib/mail/mailer.js';
import { HOUR, MINUTE } from '../../lib/rate-limit.js';
import {
  cancelCurrentCodes,
  deleteCodesBefore,
  insertCode,
  lockCurrentCode,
  markCodeUnsent,
  markCodeUsed,
  recordWrongTry,
  sentCodeTimes,
  type CodeTarget,
} from './queries.js';
import { codeHash, codeMatches, isWellFormedCode, newCode } from './secrets.js';
import { TEXTS } from './texts.js';

const CODE_TTL_MS = CODE_TTL_SECONDS * 1000;
const MAX_WRONG_TRIES = 5;

const bindingOf = (t: CodeTarget) => `${t.flow}\n${t.emailKey}\n${t.userId ?? ''}`;

/** docs/api.md §6.1: 1 per 60 s and 5 per hour per e-mail, both flows together. Mails that failed do not count. */
async function enforceSendLimits(tx: Db, emailKey: string, now: Date): Promise<void> {
  const sent = await sentCodeTimes(tx, emailKey, new Date(now.getTime() - HOUR));
  const nowMs = now.getTime();
  if (sent.length && sent[0].getTime() + MINUTE > nowMs) throw new TooManyRequests((sent[0].getTime() + MINUTE - nowMs) / 1000);
  if (sent.length >= 5) throw new TooManyRequests((sent[sent.length - 1].getTime() + HOUR - nowMs) / 1000);
}

/**
 * Issues a new code for `target` and mails it before answering (docs/api.md §6.1): the previous current code of that
 * flow and target is cancelled. A mail that cannot be sent cancels the new code and answers 503 mail_failed.
 */
export async function issueCode(ctx: AppContext, target: CodeTarget, mail: (code: string) => Mail): Promise<void> {
  const now = ctx.clock.now();
  const code = newCode();
  const id = await ctx.db.transaction(async (tx) => {
    await lockExclusiveOnText(tx, LOCK.recoverySend, target.emailKey);
    await enforceSendLimits(tx, target.emailKey, now);
    // rows past the hour window matter to no limit and no verification any more
    await deleteCodesBefore(tx, target.emailKey, new Date(now.getTime() - HOUR));
    await cancelCurrentCodes(tx, target);
    const hash = codeHash(ctx.config.jwtSecret, bindingOf(target), code);
    return insertCode(tx, target, hash, now, new Date(now.getTime() + CODE_TTL_MS));
  });
  try {
    await ctx.mailer.send(mail(code));
  } catch (err) {
    ctx.log.error({ err: { message: (err as Error).message } }, 'recovery code mail could not be sent');
    await markCodeUnsent(ctx.db, id);
    throw new AppError(503, 'mail_failed', TEXTS.mailFailed);
  }
}

export type CodeOutcome = 'ok' | 'code_invalid' | 'code_expired' | 'code_attempts_exceeded';

/**
 * Checks `code` against the current code of `target` inside `tx` (docs/api.md §6.1): a right one is used; a wrong or
 * malformed one counts, and the 5th locks the code. Returns the outcome instead of throwing, so the count commits.
 */
export async function consumeCode(tx: Db, secret: string, target: CodeTarget, code: unknown, now: Date): Promise<CodeOutcome> {
  const row = await lockCurrentCode(tx, target);
  if (!row) return 'code_invalid';
  if (row.status === 'LOCKED') return 'code_attempts_exceeded';
  if (row.expiresAt <= now) return 'code_expired';
  if (isWellFormedCode(code) && codeMatches(secret, row.codeHash, bindingOf(target), code)) {
    await markCodeUsed(tx, row.id);
    return 'ok';
  }
  const tries = row.failedAttempts + 1;
  await recordWrongTry(tx, row.id, tries, tries >= MAX_WRONG_TRIES);
  return tries >= MAX_WRONG_TRIES ? 'code_attempts_exceeded' : 'code_invalid';
}

const OUTCOME_TEXTS = {
  code_invalid: TEXTS.codeInvalid,
  code_expired: TEXTS.codeExpired,
  code_attempts_exceeded: TEXTS.codeAttemptsExceeded,
} as const;

export const codeError = (outcome: Exclude<CodeOutcome, 'ok'>) => new AppError(400, outcome, OUTCOME_TEXTS[outcome]);

/** Turns a failed outcome into its 400 (after the transaction that counted the try has committed). */
export function throwUnlessOk(outcome: CodeOutcome): void {
  if (outcome !== 'ok') throw codeError(outcome);
}
