import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { messages, users } from '../../db/schema/index.js';
import type { TxScope } from '../../lib/events.js';
import { announceReceived } from './announce.js';
import { systemUserId } from './queries.js';

/**
 * Sends a 쪽지 from [시스템] to each receiver, inside the caller's transaction (docs/api.md §4.1), and announces
 * each one (`message.received`). Withdrawn users are skipped (also one withdrawing meanwhile). Receivers are
 * messaged in the order given.
 */
export async function sendSystemMessages(
  ctx: Pick<AppContext, 'events'>,
  scope: TxScope,
  receiverIds: number[],
  content: string,
): Promise<void> {
  if (receiverIds.length === 0) return;
  const { tx, now } = scope;
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, receiverIds), isNull(users.withdrawnAt), eq(users.system, false)))
    // held until the caller commits: a concurrent withdrawal either removes these 쪽지 or is seen here
    .for('key share');
  const activeIds = new Set(active.map((r) => r.id));
  const targets = receiverIds.filter((id) => activeIds.has(id));
  if (targets.length === 0) return;
  const senderId = await systemUserId(tx);
  const rows = await tx
    .insert(messages)
    .values(targets.map((receiverId) => ({ senderId, receiverId, content, sentAt: now })))
    .returning();
  const sender = { nickname: null, system: true, withdrawnAt: null };
  for (const row of rows) await announceReceived(ctx, scope, { ...row, sender });
}

export const sendSystemMessage = (ctx: Pick<AppContext, 'events'>, scope: TxScope, receiverId: number, content: string) =>
  sendSystemMessages(ctx, scope, [receiverId], content);
