import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCK, lockExclusive, lockShared } from '../../db/locks.js';
import { loginFailures, users } from '../../db/schema/index.js';
import { Unauthorized } from '../../lib/errors.js';
import { loginFailureKey } from './service.js';

/** Ends the login lock and failure count of `loginId` (a password reset clears them, docs/api.md §6.4). */
export async function clearLoginFailures(tx: Db, loginId: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, loginFailureKey(loginId)));
}

/**
 * Creates that withdrawal must remove (posts, applications, profiles, groups) hold a shared per-user lock
 * until their transaction ends, and withdrawal holds it exclusively. Both take it before any row lock, so
 * neither side can wait on the other in a cycle: a create either commits first and its data goes with the
 * withdrawal, or waits for the withdrawal and then answers 401 like any request with a dead token.
 */
export async function lockActiveActor(tx: Db, userId: number): Promise<void> {
  if (!(await holdActiveUser(tx, userId))) throw new Unauthorized();
}

/**
 * The same shared lock for a user who is not the caller (an invitee): false when that user has withdrawn,
 * so a row about them is never written after their withdrawal.
 */
export async function holdActiveUser(tx: Db, userId: number): Promise<boolean> {
  await lockShared(tx, LOCK.userActivity, userId);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)));
  return row !== undefined;
}

/** Withdrawal's side of {@link lockActiveActor}: the first lock its transaction takes. */
export async function lockWithdrawingUser(tx: Db, userId: number): Promise<void> {
  await lockExclusive(tx, LOCK.userActivity, userId);
}

/**
 * The user a token names, with their current token version, when they may still sign in (not withdrawn, not the
 * system user); the token checks (HTTP and sockets) compare the version.
 */
export async function signedInUser(
  db: Db,
  userId: number,
): Promise<{ id: number; loginId: string | null; nickname: string | null; tv: number } | undefined> {
  const [row] = await db
    .select({ id: users.id, loginId: users.loginId, nickname: users.nickname, tv: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.system, false), isNull(users.withdrawnAt)))
    .limit(1);
  return row;
}
