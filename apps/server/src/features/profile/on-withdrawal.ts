import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteProfileOf } from './queries.js';

export function profileWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteProfileOf(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
