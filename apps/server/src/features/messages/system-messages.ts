import type { AppContext } from '../../context.js';
import type { TxScope } from '../../lib/transaction.js';
import type { SystemNote } from './queries.js';
import { announceReceived } from './announce.js';
import { insertNotes } from './queries.js';

/**
 * Sends each 쪽지 from [시스템] to its receiver, inside the caller's transaction (docs/api.md §4.1), and announces
 * each one (`message.received`). Withdrawn users are skipped (also one withdrawing meanwhile). 쪽지 are stored in
 * the order given, all in one statement.
 */
export async function sendSystemMessages(
  ctx: Pick<AppContext, 'events' | 'systemUserId'>,
  scope: TxScope,
  notes: SystemNote[],
): Promise<void> {
  if (notes.length === 0) return;
  const { tx, now } = scope;
  const stored = await insertNotes(tx, ctx.systemUserId, notes, now);
  stored.sort((a, b) => a.id - b.id);
  const sender = { nickname: null, system: true, withdrawnAt: null };
  for (const r of stored) {
    const row = { id: r.id, senderId: ctx.systemUserId, receiverId: r.receiver_id, content: r.content, read: false, sentAt: now };
    await announceReceived(ctx, scope, { ...row, sender });
  }
}
