import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteApplicationsOf, lockApplicationsOf, releaseApprovedSeatsOf } from './queries.js';

/** docs/api.md §7: applications go; an APPROVED one on a post without a group gives its seat back. */
export function applicationWithdrawalHooks(ctx: AppContext) {
  ctx.events.on(
    'account.withdrawing',
    async ({ tx }, { user }) => {
      // waits for an approval under way, so its seat is seen and given back (the count never keeps the departed)
      await lockApplicationsOf(tx, user.id);
      await releaseApprovedSeatsOf(tx, user.id);
      await deleteApplicationsOf(tx, user.id);
    },
    WITHDRAWAL_STEP.applications,
  );
}
