import { MESSAGE_BLOCKED_TEXT, RECEIVER_NOT_FOUND_TEXT } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest } from '../../lib/errors.js';
import { mayReach } from '../blocks/policy.js';
import { withinNewAccountLimit } from '../moderation/policy.js';
import { announceReceived } from './announce.js';
import { messageNotFound } from './policy.js';
import {
  deleteAllReceived,
  deleteReceived,
  insertUnlessBlocked,
  lockUserRow,
  markOpened,
  senderName,
  type DirectMessage,
} from './queries.js';

/** Marks the caller's 쪽지 read (first read time kept) and returns it; someone else's is "not found". */
export async function openMessage(ctx: AppContext, receiverId: number, id: number): Promise<DirectMessage> {
  const row = await markOpened(ctx.db, receiverId, id, ctx.clock.now());
  if (!row) throw messageNotFound();
  // the sender is always there, even if the 쪽지 itself is deleted in the meantime
  return { ...row, sender: await senderName(ctx.db, row.senderId) };
}

export async function deleteMessage(db: Db, receiverId: number, id: number): Promise<void> {
  if (!(await deleteReceived(db, receiverId, id))) throw messageNotFound();
}

export interface SentMessage {
  row: DirectMessage;
  receiverName: string;
}

/**
 * docs/api.md §3.9, §9.4 in one statement (no transaction of its own): the receiver is an active, non-system user
 * by nickname, trimmed and case-insensitive; unless a block stands either way, the 쪽지 is stored. A withdrawal in
 * progress (which locks the receiver's row, see {@link deleteReceivedMessages}) either removes this 쪽지 too, or is
 * waited for and the receiver is then unknown.
 */
export async function send(
  ctx: AppContext,
  from: { id: number; nickname: string; createdAt?: Date },
  receiverName: unknown,
  content: string,
): Promise<SentMessage> {
  const name = typeof receiverName === 'string' ? receiverName.trim() : '';
  // a NUL can name nobody (and PostgreSQL cannot compare it)
  const named = name !== '' && !name.includes('\u0000');
  return withinNewAccountLimit(ctx, from, { kind: 'MESSAGE', receiverName: named ? name : '' }, async (scope) => {
    const stored = named ? await insertUnlessBlocked(scope.tx, from.id, name, content, scope.now) : undefined;
    if (!stored) throw new BadRequest(RECEIVER_NOT_FOUND_TEXT, 'user_not_found');
    // docs/api.md §9.4: the same refusal whoever blocked whom, and nothing is stored
    authorize(mayReach(stored.blocked), MESSAGE_BLOCKED_TEXT, 'blocked');
    const row: DirectMessage = {
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
  await lockUserRow(tx, user.id);
  await deleteAllReceived(tx, user.id);
}
