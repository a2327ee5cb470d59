import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { activeUsersWithEmail, deleteCodesOf, deleteGrantsOf, emailKeyOf, emailOfUser } from './queries.js';

/**
 * docs/api.md §7: the user's codes and reset grants are removed. Find-id codes belong to an e-mail, not a user: they
 * go too unless another active user still has that e-mail. Runs before the row becomes a tombstone.
 */
export function recoveryWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      await deleteGrantsOf(tx, user.id);
      const emailKey = emailKeyOf(await emailOfUser(tx, user.id));
      const emailStaysInUse = (await activeUsersWithEmail(tx, emailKey)).some((u) => u.id !== user.id);
      await deleteCodesOf(tx, user.id, emailKey && !emailStaysInUse ? emailKey : null);
    },
    WITHDRAWAL_STEP.ownRows,
  );
}
