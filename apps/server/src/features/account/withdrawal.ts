import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { basePosts, loginFailures, users, viewRecords } from '../../db/schema/index.js';
import { lockWithdrawingUser } from './queries.js';
import { authorize } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/transaction.js';
import { type WithdrawingUser } from '../events.js';
import { isSelf } from './policy.js';
import { loginFailureKey } from './service.js';
import { NO_ACCESS } from './texts.js';
import { touched } from '../../lib/public-changes.js';

/**
 * DELETE /api/users/{id}, only oneself (docs/api.md §7): one transaction; the row stays as a tombstone and every
 * token stops working. Each area that keeps personal data reacts to `account.withdrawalCheck` /
 * `account.withdrawing` (its own hooks.ts).
 */
export async function withdraw(ctx: AppContext, user: WithdrawingUser, userId: number): Promise<void> {
  authorize(isSelf(user, userId), NO_ACCESS);
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx, now } = scope;
    await lockWithdrawingUser(tx, user.id);
    // Group creation locks its post first: holding the user's posts, the guards see every group made
    // from them so far, and one made later waits and then finds its post gone (no admin-less group).
    await tx.select({ id: basePosts.id }).from(basePosts).where(eq(basePosts.creatorId, user.id)).for('update');
    await ctx.events.emit(scope, 'account.withdrawalCheck', { user });
    await ctx.events.emit(scope, 'account.withdrawing', { user });
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
    await ctx.events.emit(scope, 'user.sessionsRevoked', { userId: user.id });
    // posts gone, seats given back, a name turned into the withdrawn label across lists
    scope.afterCommit(() => ctx.changes.publish(touched.everything));
  });
}
