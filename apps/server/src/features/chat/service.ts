import { and, eq, sql } from 'drizzle-orm';
import { CHAT_HISTORY_DEFAULT, chatTopic, type ChatRoom } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { chatMessages, chatReadLogs, chatRooms, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { inTransaction, type TxScope } from '../../lib/events.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { sendSystemMessages } from '../messages/system-messages.js';
import { isGroupAdmin, requireMember } from './policy.js';
import { presentMessage, presentRoom } from './presenter.js';
import {
  findGroup,
  findRoom,
  findRoomOfGroup,
  memberIds,
  membershipOf,
  messagesNewestFirst,
  newestMessageId,
  unreadCount,
  type MessageWithSender,
  type RoomWithGroup,
} from './queries.js';
import { CHAT_TEXTS, roomCreatedNote } from './texts.js';

const roomNotFound = () => new NotFound(CHAT_TEXTS.roomNotFound);
const roomExists = () => new Conflict('chat_room_exists', CHAT_TEXTS.roomExists);

/** Load, then authorize: the room exists (404), the caller is a member of its group (403). */
export async function loadMemberRoom(db: Db, roomId: number, userId: number): Promise<RoomWithGroup> {
  const room = await findRoom(db, roomId);
  if (!room) throw roomNotFound();
  requireMember(await membershipOf(db, room.groupId, userId));
  return room;
}

/**
 * Stores a message at the end of the room, serialised per room by a lock on the room row, so ids grow in
 * commit order within a room. Returns the message and the id of the one before it (0 if none), which the
 * realtime hub uses to deliver in id order. Null if the room is gone.
 */
export async function appendMessage(
  tx: Db,
  roomId: number,
  senderId: number,
  content: string,
  now: Date,
): Promise<{ message: MessageWithSender; prev: number } | null> {
  const [locked] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId)).for('no key update');
  if (!locked) return null;
  const prev = await newestMessageId(tx, roomId);
  const [row] = await tx.insert(chatMessages).values({ roomId, senderId, content, sentAt: now }).returning();
  const [sender] = await tx
    .select({ nickname: users.nickname, system: users.system, withdrawnAt: users.withdrawnAt })
    .from(users)
    .where(eq(users.id, senderId));
  return { message: { ...row, sender }, prev };
}

/** After commit: the message on the room's topic, on every instance. */
export function publishAfterCommit(ctx: AppContext, scope: TxScope, roomId: number, stored: { message: MessageWithSender; prev: number }) {
  scope.afterCommit(() => ctx.realtime.publishRoomMessage(chatTopic(roomId), presentMessage(stored.message), stored.prev));
}

/** Moves the user's read log forward to `messageId` (never back); creates it when missing. */
export async function markRead(db: Db, userId: number, roomId: number, messageId: number, now: Date): Promise<void> {
  await db
    .insert(chatReadLogs)
    .values({ userId, roomId, lastReadMessageId: messageId, updatedAt: now })
    .onConflictDoUpdate({
      target: [chatReadLogs.userId, chatReadLogs.roomId],
      set: { lastReadMessageId: sql`GREATEST(${chatReadLogs.lastReadMessageId}, excluded.last_read_message_id)`, updatedAt: now },
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw roomNotFound();
      throw err;
    });
}

export async function deleteReadLog(db: Db, userId: number, roomId: number): Promise<void> {
  await db.delete(chatReadLogs).where(and(eq(chatReadLogs.userId, userId), eq(chatReadLogs.roomId, roomId)));
}

export interface NewRoom {
  groupId: number;
  chatRoomName: string;
}

/** Contract 3.8 POST /api/chat/room: the group admin opens the group's one room. */
export async function createRoom(ctx: AppContext, user: AuthUser, input: NewRoom): Promise<ChatRoom> {
  const group = await findGroup(ctx.db, input.groupId);
  if (!group) throw new NotFound(CHAT_TEXTS.groupNotFound);
  const membership = await membershipOf(ctx.db, group.id, user.id);
  requireMember(membership);
  if (!isGroupAdmin(membership)) throw new Forbidden(CHAT_TEXTS.createForbidden);
  if (await findRoomOfGroup(ctx.db, group.id)) throw roomExists();

  const now = ctx.clock.now();
  const roomId = await inTransaction(ctx.db, ctx.log, now, async ({ tx }) => {
    const [room] = await tx
      .insert(chatRooms)
      .values({ groupId: group.id, name: input.chatRoomName, createdBy: user.id, createdAt: now })
      .returning({ id: chatRooms.id });
    const members = await memberIds(tx, group.id);
    await tx.insert(chatReadLogs).values(members.map((userId) => ({ userId, roomId: room.id, lastReadMessageId: 0, updatedAt: now })));
    await sendSystemMessages(tx, members, roomCreatedNote(group.name, input.chatRoomName), now);
    return room.id;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'chat_rooms_group_uq')) throw roomExists();
    if (isForeignKeyViolation(err)) throw new NotFound(CHAT_TEXTS.groupNotFound);
    throw err;
  });
  return presentRoom({ id: roomId, name: input.chatRoomName, groupId: group.id, groupName: group.name }, [], 0);
}

/** GET /api/chat/rooms/{id}: the newest messages, the unread count before the call; the read log moves to them. */
export async function openRoom(ctx: AppContext, user: AuthUser, roomId: number): Promise<ChatRoom> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  const unread = await unreadCount(ctx.db, room.id, user.id);
  const newestFirst = await messagesNewestFirst(ctx.db, room.id, CHAT_HISTORY_DEFAULT);
  await markRead(ctx.db, user.id, room.id, newestFirst[0]?.id ?? 0, ctx.clock.now());
  return presentRoom(room, newestFirst.reverse(), unread);
}

export async function history(ctx: AppContext, user: AuthUser, roomId: number, limit: number, before?: number) {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  return (await messagesNewestFirst(ctx.db, room.id, limit, before)).map(presentMessage);
}

export async function unread(ctx: AppContext, user: AuthUser, roomId: number): Promise<number> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  return unreadCount(ctx.db, room.id, user.id);
}

export async function roomOfGroup(ctx: AppContext, user: AuthUser, groupId: number) {
  const group = await findGroup(ctx.db, groupId);
  if (!group) throw new NotFound(CHAT_TEXTS.groupNotFound);
  requireMember(await membershipOf(ctx.db, group.id, user.id));
  const room = await findRoomOfGroup(ctx.db, group.id);
  return { exists: room !== null, chatRoomId: room?.id ?? null };
}

export async function saveReadLog(ctx: AppContext, user: AuthUser, roomId: number): Promise<void> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  await markRead(ctx.db, user.id, room.id, await newestMessageId(ctx.db, room.id), ctx.clock.now());
}
