import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { deleteReceivedMessages } from './service.js';
import { sendSystemMessages } from './system-messages.js';

/** What the messages area does for the others: [시스템] 쪽지 on request; received 쪽지 go with the account (docs/api.md §7). */
export function messageHooks(ctx: AppContext) {
  ctx.events.on('message.systemNotice', (scope, notice) =>
    sendSystemMessages(
      ctx,
      scope,
      'notes' in notice ? notice.notes : notice.receiverIds.map((receiverId) => ({ ...notice.note, receiverId })),
    ),
  );
  ctx.events.on('account.withdrawing', ({ tx }, { user }) => deleteReceivedMessages(tx, user), WITHDRAWAL_STEP.receivedMessages);
}
