import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { removeUngroupedPostsOf } from './queries.js';

/** docs/api.md §7: own posts without a group go, with their tags, applications and view records; no 쪽지. */
export function postWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => removeUngroupedPostsOf(tx, user.id), WITHDRAWAL_STEP.posts);
}
