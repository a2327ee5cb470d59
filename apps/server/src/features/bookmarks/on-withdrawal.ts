import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteBookmarksOf } from './queries.js';

/** Withdrawal removes the user's bookmarks (others' bookmarks of the user's deleted posts go by cascade). */
export function bookmarkWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteBookmarksOf(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
