import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteNotificationRows } from './queries.js';

/** docs/api.md §10.1: withdrawal deletes the user's settings, push subscriptions and sends still queued. */
export function notificationWithdrawalHooks(ctx: AppContext) {
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteNotificationRows(tx, user.id), WITHDRAWAL_STEP.ownRows);
}
