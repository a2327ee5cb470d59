import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { basePosts, loginFailures, users, viewRecords } from '../../db/schema/index.js';
import { lockWithdrawingUser } from '../../lib/actor-lock.js';
import { loginFailureKey } from './service.js';
import { withdrawalGuards, withdrawalSteps } from './withdrawal-steps.js';

export interface WithdrawingUser {
  id: number;
  loginId: string;
  nickname: string;
}

/** A check that refuses withdrawal (throws a typed error), run in the transaction before anything changes. */
export type WithdrawalGuard = (db: Db, user: WithdrawingUser) => Promise<void>;
/** One feature's part of withdrawal (contract 7), run inside the withdrawal transaction. */
export type WithdrawalStep = (tx: Db, user: WithdrawingUser, now: Date) => Promise<void>;

/** Contract 7: one transaction; the row stays as a tombstone and every token stops working. */
export async function withdraw(ctx: AppContext, user: WithdrawingUser): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockWithdrawingUser(tx, user.id);
    // Group creation locks its post first: holding the user's posts, the guards see every group made
    // from them so far, and one made later waits and then finds its post gone (no admin-less group).
    await tx.select({ id: basePosts.id }).from(basePosts).where(eq(basePosts.creatorId, user.id)).for('update');
    for (const guard of withdrawalGuards) await guard(tx, user);
    for (const step of withdrawalSteps) await step(tx, user, now);
    await tx.delete(viewRecords).where(eq(viewRecords.viewerKey, `u:${user.id}`));
    await tx.delete(loginFailures).where(eq(loginFailures.key, loginFailureKey(user.loginId)));
    await tx
      .update(users)
      .set({
        loginId: null,
        passwordHash: null,
        email: null,
        phoneNumber: null,
        nickname: null,
        withdrawnAt: now,
        updatedAt: now,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
  });
}
