import type { AppContext } from '../../context.js';
import type { TxScope } from '../../lib/transaction.js';
import type { DirectMessage } from './queries.js';

/** Tells other areas (live notifications) of a stored 쪽지; they act only once the transaction commits. */
export function announceReceived(ctx: Pick<AppContext, 'events'>, scope: TxScope, row: DirectMessage): Promise<void> {
  return ctx.events.emit(scope, 'message.received', { receiverId: row.receiverId, message: row });
}
