import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { TxScope } from '../../lib/transaction.js';
import type { SystemNote } from '../events.js';
import { announceReceived } from './announce.js';

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
  const list = <T>(values: T[], type: SQL) =>
    sql.join(
      values.map((v) => sql`${v}::${type}`),
      sql`, `,
    );
  // the receivers' rows are held (key share) until the caller commits, so a concurrent withdrawal either removes
  // these 쪽지 or is seen here
  const stored = await queryRows<{ id: number; receiver_id: number; content: string }>(
    tx,
    sql`INSERT INTO messages (sender_id, receiver_id, content, sent_at)
        SELECT ${ctx.systemUserId}::int, u.id, n.content, ${now.toISOString()}::timestamptz
        FROM unnest(ARRAY[${list(
          notes.map((n) => n.receiverId),
          sql.raw('int'),
        )}],
                    ARRAY[${list(
                      notes.map((n) => n.content),
                      sql.raw('text'),
                    )}]) WITH ORDINALITY AS n(receiver_id, content, ord)
        JOIN users u ON u.id = n.receiver_id
        WHERE u.withdrawn_at IS NULL AND NOT u.system
        ORDER BY n.ord
        FOR KEY SHARE OF u
        RETURNING id, receiver_id, content`,
  );
  stored.sort((a, b) => a.id - b.id);
  const sender = { nickname: null, system: true, withdrawnAt: null };
  for (const r of stored) {
    const row = { id: r.id, senderId: ctx.systemUserId, receiverId: r.receiver_id, content: r.content, read: false, sentAt: now };
    await announceReceived(ctx, scope, { ...row, sender });
  }
}

export const sendSystemMessage = (
  ctx: Pick<AppContext, 'events' | 'systemUserId'>,
  scope: TxScope,
  receiverId: number,
  content: string,
) => sendSystemMessages(ctx, scope, [{ receiverId, content }]);
