import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteBlocksOf } from './queries.js';

/** docs/api.md §9.4: the withdrawal of either user removes the block rows. */
export function blockWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteBlocksOf(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
