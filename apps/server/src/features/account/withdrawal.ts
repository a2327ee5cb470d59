import type { AppContext } from '../../context.js';
import { authorize } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/transaction.js';
import { type WithdrawingUser } from '../events.js';
import { isSelf } from './policy.js';
import { clearLoginFailures, deleteViewsBy, lockPostsOf, lockWithdrawingUser, tombstoneUser } from './queries.js';
import { NO_ACCESS } from './texts.js';
import { touched } from '../../lib/public-changes.js';

/**
 * DELETE /api/users/{id}, only oneself (docs/api.md §7): one transaction; the row stays as a tombstone and every
 * token stops working. Each area that keeps personal data reacts to `account.withdrawalCheck` /
 * `account.withdrawing` (its own on-withdrawal.ts).
 */
export async function withdraw(ctx: AppContext, user: WithdrawingUser, userId: number): Promise<void> {
  authorize(isSelf(user, userId), NO_ACCESS);
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx, now } = scope;
    await lockWithdrawingUser(tx, user.id);
    // holding the user's posts, the guards see every group made from them so far (no admin-less group)
    await lockPostsOf(tx, user.id);
    await ctx.events.emit(scope, 'account.withdrawalCheck', { user });
    await ctx.events.emit(scope, 'account.withdrawing', { user });
    await deleteViewsBy(tx, user.id);
    if (user.loginId) await clearLoginFailures(tx, user.loginId);
    await tombstoneUser(tx, user.id, now);
    await ctx.events.emit(scope, 'user.sessionsRevoked', { userId: user.id });
    // posts gone, seats given back, a name turned into the withdrawn label across lists
    scope.afterCommit(() => ctx.changes.publish(touched.everything));
  });
}
