import { passwordField } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { BadRequest, Forbidden } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import { hashPassword } from '../../lib/password.js';
import { parseBody } from '../../lib/validation.js';
import { clearLoginFailures } from '../account/queries.js';
import { passwordChangedMail } from './mails.js';
import {
  activeUserByLoginId,
  cancelCodesOf,
  deleteActiveGrantsOf,
  deleteGrantsOf,
  emailKeyOf,
  hasUsableGrant,
  insertGrant,
  setPassword,
  useGrant,
} from './queries.js';
import { grantHash, isWellFormedGrant, newGrant } from './secrets.js';
import { TEXTS } from './texts.js';

export const GRANT_TTL_MS = 10 * 60 * 1000;

const grantRequired = () => new Forbidden(TEXTS.resetGrantRequired, 'reset_grant_required');

/** A new grant for the user (docs/api.md §6.4); older ones are void. Returns the cookie value (only its hash is kept). */
export async function createGrant(tx: Db, secret: string, userId: number, now: Date): Promise<string> {
  const grant = newGrant(secret);
  await deleteGrantsOf(tx, userId);
  await insertGrant(tx, userId, grant.hash, now, new Date(now.getTime() + GRANT_TTL_MS));
  return grant.value;
}

export interface PasswordChange {
  loginId?: unknown;
  newPassword?: unknown;
  confirmPassword?: unknown;
}

/**
 * docs/api.md §6.4, in its check order. On success, one transaction: the new hash, the grant used and the user's other
 * grants and codes gone, the token version bumped (every session and socket ends), the login lock cleared; the
 * notice is mailed after commit and its failure never fails the call.
 */
export async function changePassword(ctx: AppContext, input: PasswordChange, grantValue: string | undefined): Promise<void> {
  if (input.newPassword !== input.confirmPassword) throw new BadRequest(TEXTS.passwordMismatch, 'password_mismatch');
  const password = parseBody(passwordField, input.newPassword);
  const now = ctx.clock.now();
  const user = await activeUserByLoginId(ctx.db, input.loginId);
  if (!user || !isWellFormedGrant(grantValue)) throw grantRequired();
  const hash = grantHash(ctx.config.jwtSecret, grantValue);
  // checked before the slow argon2 hash, and again atomically below
  if (!(await hasUsableGrant(ctx.db, hash, user.id, now))) throw grantRequired();
  const passwordHash = await hashPassword(password);

  await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    if (!(await useGrant(tx, hash, user.id, now))) throw grantRequired();
    const changed = await setPassword(tx, user.id, passwordHash, now);
    if (!changed?.loginId || !changed.email) throw grantRequired();
    await deleteActiveGrantsOf(tx, user.id);
    await cancelCodesOf(tx, user.id, emailKeyOf(changed.email));
    await clearLoginFailures(tx, changed.loginId);
    await ctx.events.emit(scope, 'user.sessionsRevoked', { userId: user.id });
    const notice = passwordChangedMail(changed.email, changed.loginId, now);
    scope.afterCommit(() => ctx.mailer.send(notice));
  });
}
