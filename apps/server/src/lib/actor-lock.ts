import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { Unauthorized } from './errors.js';

/** Advisory-lock class for "this user is creating / withdrawing" (two-key form; migrations use the one-key form). */
const USER_ACTIVITY = 7001;

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
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${USER_ACTIVITY}, ${userId})`);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)));
  return row !== undefined;
}

/** Withdrawal's side of {@link lockActiveActor}: the first lock its transaction takes. */
export async function lockWithdrawingUser(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${USER_ACTIVITY}, ${userId})`);
}
