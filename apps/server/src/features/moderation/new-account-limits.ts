import {
  NEW_ACCOUNT_BOARD_LIMIT,
  NEW_ACCOUNT_HOURS,
  NEW_ACCOUNT_MESSAGE_PEOPLE_LIMIT,
  NEW_ACCOUNT_POST_LIMIT,
  NEW_ACCOUNT_TEXTS,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { LOCK, lockExclusive } from '../../db/locks.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { TooManyRequests } from '../../lib/errors.js';
import { inOneStatement, inTransaction, type TxScope } from '../../lib/transaction.js';
import { accountCreatedAt, ownCount, strangerCount } from './queries.js';

const NEW_ACCOUNT_MS = NEW_ACCOUNT_HOURS * 60 * 60 * 1000;

export type NewAccountCreate = { kind: 'POST' } | { kind: 'BOARD' } | { kind: 'MESSAGE'; receiverName: string };
type Creator = Pick<AuthUser, 'id' | 'createdAt'>;

/** When the account stops being new, or null when it is not new now (or the limits are off). */
async function newUntil(ctx: AppContext, db: Db, user: Creator, now: Date): Promise<Date | null> {
  if (!ctx.config.newAccountLimits) return null;
  const createdAt = user.createdAt ?? (await accountCreatedAt(db, user.id));
  if (!createdAt) return null;
  const until = new Date(createdAt.getTime() + NEW_ACCOUNT_MS);
  return until > now ? until : null;
}

async function overLimit(tx: Db, userId: number, create: NewAccountCreate): Promise<string | null> {
  if (create.kind === 'MESSAGE') {
    const { newStranger, strangers } = await strangerCount(tx, userId, create.receiverName);
    return newStranger && strangers >= NEW_ACCOUNT_MESSAGE_PEOPLE_LIMIT ? NEW_ACCOUNT_TEXTS.message : null;
  }
  const limit = create.kind === 'POST' ? NEW_ACCOUNT_POST_LIMIT : NEW_ACCOUNT_BOARD_LIMIT;
  if ((await ownCount(tx, create.kind, userId)) < limit) return null;
  return create.kind === 'POST' ? NEW_ACCOUNT_TEXTS.post : NEW_ACCOUNT_TEXTS.board;
}

/**
 * docs/api.md §10.4: an account younger than 24 hours creates at most 3 posts (both kinds), 3 boards, and writes
 * to at most 10 people who never wrote to it; past that 429 `new_account_limit`, with Retry-After until the account
 * is 24 hours old. Called inside the create's transaction, before it writes; an older account costs nothing (its
 * age came with the request's user).
 */
export async function checkNewAccountLimit(ctx: AppContext, tx: Db, user: Creator, create: NewAccountCreate, now: Date) {
  const until = await newUntil(ctx, tx, user, now);
  if (!until) return;
  // two creates at once cannot both pass the count
  await lockExclusive(tx, LOCK.newAccountCreates, user.id);
  const text = await overLimit(tx, user.id, create);
  if (text) throw new TooManyRequests((until.getTime() - now.getTime()) / 1000, text, 'new_account_limit');
}

/**
 * For a create that is one statement: runs `work` on its own (as {@link inOneStatement}) for an account that is not
 * new, and in a transaction after {@link checkNewAccountLimit} for one that is.
 */
export async function withinNewAccountLimit<T>(
  ctx: AppContext,
  user: Creator,
  create: NewAccountCreate,
  work: (scope: TxScope) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  if (!(await newUntil(ctx, ctx.db, user, now))) return inOneStatement(ctx.db, ctx.log, now, work);
  return inTransaction(ctx.db, ctx.log, now, async (scope) => {
    await checkNewAccountLimit(ctx, scope.tx, user, create, now);
    return work(scope);
  });
}
