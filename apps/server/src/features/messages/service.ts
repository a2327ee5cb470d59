import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_BLOCKED_TEXT, RECEIVER_NOT_FOUND_TEXT } from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest } from '../../lib/errors.js';
import { inOneStatement, type TxScope } from '../../lib/transaction.js';
import { mayReach } from '../blocks/policy.js';
import { blockedBetween } from '../blocks/queries.js';
import { announceReceived } from './announce.js';
import { messageNotFound } from './policy.js';
import type { MessageWithSender } from './queries.js';

/** Marks the caller's 쪽지 read (first read time kept) and returns it; someone else's is "not found". */
export async function openMessage(ctx: AppContext, receiverId: number, id: number): Promise<MessageWithSender> {
  const [row] = await ctx.db
    .update(messages)
    .set({ read: true, readAt: sql`coalesce(${messages.readAt}, ${ctx.clock.now()}::timestamptz)` })
    .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId)))
    .returning();
  if (!row) throw messageNotFound();
  // users are never deleted (a withdrawn one stays as a tombstone), so the sender is always there,
  // even if the 쪽지 itself is deleted in the meantime
  const [from] = await ctx.db
    .select({ nickname: users.nickname, system: users.system, withdrawnAt: users.withdrawnAt })
    .from(users)
    .where(eq(users.id, row.senderId));
  return { ...row, sender: from };
}

export async function deleteMessage(db: Db, receiverId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId)))
    .returning({ id: messages.id });
  if (deleted.length === 0) throw messageNotFound();
}

interface Stored {
  receiver_id: number;
  nickname: string;
  blocked: boolean;
  /** null when nothing was stored (a block) */
  id: number | null;
}

/**
 * docs/api.md §3.9, §9.4 in one statement (no transaction of its own): the receiver is an active, non-system user
 * by nickname, trimmed and case-insensitive; unless a block stands either way, the 쪽지 is stored. The receiver's
 * row is key-share locked until the statement commits: a withdrawal in progress (which locks the row, see
 * {@link deleteReceivedMessages}) either removes this 쪽지 too, or is waited for and the receiver is then unknown.
 * Undefined when there is no such receiver.
 */
async function storeUnlessBlocked(scope: TxScope, fromId: number, name: unknown, content: string): Promise<Stored | undefined> {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  // a NUL can name nobody (and PostgreSQL cannot compare it)
  if (!trimmed || trimmed.includes('\u0000')) return undefined;
  const [row] = await queryRows<Stored>(
    scope.tx,
    sql`WITH r AS (
          SELECT u.id, u.nickname, ${blockedBetween(fromId, sql`u.id`)} AS blocked
          FROM users u
          WHERE lower(u.nickname) = lower(${trimmed}) AND u.withdrawn_at IS NULL AND NOT u.system
          LIMIT 1
          FOR KEY SHARE OF u
        ), m AS (
          INSERT INTO messages (sender_id, receiver_id, content, sent_at)
          SELECT ${fromId}::int, r.id, ${content}::text, ${scope.now.toISOString()}::timestamptz FROM r WHERE NOT r.blocked
          RETURNING id
        )
        SELECT r.id AS receiver_id, r.nickname, r.blocked, m.id FROM r LEFT JOIN m ON true`,
  );
  return row?.nickname ? row : undefined;
}

export interface SentMessage {
  row: MessageWithSender;
  receiverName: string;
}

export async function send(
  ctx: AppContext,
  from: { id: number; nickname: string },
  receiverName: unknown,
  content: string,
): Promise<SentMessage> {
  return inOneStatement(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const stored = await storeUnlessBlocked(scope, from.id, receiverName, content);
    if (!stored) throw new BadRequest(RECEIVER_NOT_FOUND_TEXT, 'user_not_found');
    // docs/api.md §9.4: the same refusal whoever blocked whom, and nothing is stored
    authorize(mayReach(stored.blocked), MESSAGE_BLOCKED_TEXT, 'blocked');
    const row: MessageWithSender = {
      id: Number(stored.id),
      senderId: from.id,
      receiverId: stored.receiver_id,
      content,
      read: false,
      sentAt: scope.now,
      sender: { nickname: from.nickname, system: false, withdrawnAt: null },
    };
    await announceReceived(ctx, scope, row);
    return { row, receiverName: stored.nickname };
  });
}

/**
 * docs/api.md §7: a withdrawing user's received 쪽지 go; the ones they sent stay (shown as 탈퇴한 사용자).
 * The user row is locked first: a 쪽지 being sent meanwhile (which key-share locks its receiver) is
 * either committed before and deleted here, or waits and then finds the receiver withdrawn.
 */
export async function deleteReceivedMessages(tx: Db, user: { id: number }): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  await tx.delete(messages).where(eq(messages.receiverId, user.id));
}
