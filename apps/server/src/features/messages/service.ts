import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGE_BLOCKED_TEXT, RECEIVER_NOT_FOUND_TEXT } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest } from '../../lib/errors.js';
import { inTransaction } from '../../lib/events.js';
import { mayReach } from '../blocks/policy.js';
import { isBlockedBetween } from '../blocks/queries.js';
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

/**
 * An active, non-system user by nickname, trimmed and case-insensitive (docs/api.md §3.9). The row is
 * key-share locked until the 쪽지 is stored: a withdrawal in progress (which locks the row, see
 * {@link deleteReceivedMessages}) either removes this 쪽지 too or makes the receiver unknown here.
 */
async function findReceiver(db: Db, name: unknown): Promise<{ id: number; nickname: string }> {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  // a NUL can name nobody (and PostgreSQL cannot compare it)
  if (trimmed && !trimmed.includes('\u0000')) {
    const [row] = await db
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(and(sql`lower(${users.nickname}) = lower(${trimmed})`, isNull(users.withdrawnAt), eq(users.system, false)))
      .limit(1)
      .for('key share');
    if (row?.nickname) return { id: row.id, nickname: row.nickname };
  }
  throw new BadRequest(RECEIVER_NOT_FOUND_TEXT, 'user_not_found');
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
  return inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const receiver = await findReceiver(scope.tx, receiverName);
    // docs/api.md §9.4: the same refusal whoever blocked whom, and nothing is stored
    authorize(mayReach(await isBlockedBetween(scope.tx, from.id, receiver.id)), MESSAGE_BLOCKED_TEXT, 'blocked');
    const [row] = await scope.tx
      .insert(messages)
      .values({ senderId: from.id, receiverId: receiver.id, content, sentAt: scope.now })
      .returning();
    const stored = { ...row, sender: { nickname: from.nickname, system: false, withdrawnAt: null } };
    await announceReceived(ctx, scope, stored);
    return { row: stored, receiverName: receiver.nickname };
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
