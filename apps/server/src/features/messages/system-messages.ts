import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { TxScope } from '../../lib/events.js';
import { announceReceived } from './announce.js';

/**
 * Sends a 쪽지 from [시스템] to each receiver, inside the caller's transaction (docs/api.md §4.1), and announces
 * each one (`message.received`). Withdrawn users are skipped (also one withdrawing meanwhile). Receivers are
 * messaged in the order given.
 */
export async function sendSystemMessages(
  ctx: Pick<AppContext, 'events' | 'systemUserId'>,
  scope: TxScope,
  receiverIds: number[],
  content: string,
): Promise<void> {
  if (receiverIds.length === 0) return;
  const { tx, now } = scope;
  const ids = sql.join(
    receiverIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  // one statement: the receivers' rows are held (key share) until the caller commits, so a concurrent withdrawal
  // either removes these 쪽지 or is seen here; ids follow the order given
  const stored = await queryRows<{ id: number; receiver_id: number }>(
    tx,
    sql`INSERT INTO messages (sender_id, receiver_id, content, sent_at)
        SELECT ${ctx.systemUserId}::int, u.id, ${content}::text, ${now.toISOString()}::timestamptz
        FROM users u
        WHERE u.id IN (${ids}) AND u.withdrawn_at IS NULL AND NOT u.system
        ORDER BY array_position(ARRAY[${ids}], u.id)
        FOR KEY SHARE OF u
        RETURNING id, receiver_id`,
  );
  stored.sort((a, b) => a.id - b.id);
  const rows = stored.map((r) => ({
    id: r.id,
    senderId: ctx.systemUserId,
    receiverId: r.receiver_id,
    content,
    read: false,
    sentAt: now,
  }));
  const sender = { nickname: null, system: true, withdrawnAt: null };
  for (const row of rows) await announceReceived(ctx, scope, { ...row, sender });
}

export const sendSystemMessage = (
  ctx: Pick<AppContext, 'events' | 'systemUserId'>,
  scope: TxScope,
  receiverId: number,
  content: string,
) => sendSystemMessages(ctx, scope, [receiverId], content);
