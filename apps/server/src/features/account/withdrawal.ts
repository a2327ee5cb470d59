import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { loginFailures, users, viewRecords } from '../../db/schema/index.js';
import { loginFailureKey } from './service.js';
import { withdrawalGuards, withdrawalSteps } from './withdrawal-steps.js';

export interface WithdrawingUser {
  id: number;
  loginId: string;
  nickname: string;
}

/** A check that refuses withdrawal (throws a typed error), run before anything changes. */
export type WithdrawalGuard = (db: Db, user: WithdrawingUser) => Promise<void>;
/** One feature's part of withdrawal (contract 7), run inside the withdrawal transaction. */
export type WithdrawalStep = (tx: Db, user: WithdrawingUser, now: Date) => Promise<void>;

/** Contract 7: one transaction; the row stays as a tombstone and every token stops working. */
export async function withdraw(ctx: AppContext, user: WithdrawingUser): Promise<void> {
  for (const guard of withdrawalGuards) await guard(ctx.db, user);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
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
