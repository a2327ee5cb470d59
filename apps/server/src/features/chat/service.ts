import { and, eq, sql } from 'drizzle-orm';
import { CHAT_HISTORY_DEFAULT } from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { chatReadLogs, chatRooms } from '../../db/schema/index.js';
import { loadGroupAccess, NOT_GROUP_MEMBER_TEXT } from '../../lib/access.js';
import { authorize } from '../../lib/authorize.js';
import { Conflict, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { isGroupAdmin, isGroupMember } from '../groups/policy.js';
import {
  findRoomOfGroup,
  findRoomWithMembership,
  memberIds,
  messagesNewestFirst,
  newestMessageId,
  unreadCount,
  type MessageWithSender,
  type RoomWithGroup,
} from './queries.js';
import { CHAT_TEXTS, roomCreatedNote } from './texts.js';

const roomNotFound = () => new NotFound(CHAT_TEXTS.roomNotFound);
const roomExists = () => new Conflict('chat_room_exists', CHAT_TEXTS.roomExists);

/** Load, then authorize, in one query (default deny): the room exists (404), the caller is a member of its group (403). */
export async function loadMemberRoom(db: Db, roomId: number, userId: number): Promise<RoomWithGroup> {
  const found = await findRoomWithMembership(db, roomId, userId);
  if (!found) throw roomNotFound();
  authorize(isGroupMember(found.role), NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  return found.room;
}

/**
 * Stores a message at the end of the room, serialised per room by a lock on the room row, so ids grow in
 * commit order within a room (one call of chat_append, migration 0013: the lock, then the previous id, the
 * membership and the insert read after it). Returns the message and the id of the one before it (0 if none),
 * which the realtime hub uses to deliver in id order. Null if the room is gone, or `requireMemberId` is no longer
 * a member of its group. On its own (not in a transaction) it is one round trip, and the lock is held only while
 * PostgreSQL works.
 */
export async function appendMessage(
  db: Db,
  roomId: number,
  senderId: number,
  content: string,
  now: Date,
  requireMemberId?: number,
): Promise<{ message: MessageWithSender; prev: number } | null> {
  const [row] = await queryRows<{
    prev: number | null;
    member: boolean;
    id: number | null;
    sent_at: Date | string;
    nickname: string | null;
    system: boolean;
    withdrawn_at: Date | string | null;
  }>(
    db,
    sql`SELECT * FROM chat_append(${roomId}::int, ${senderId}::int, ${content}::text, ${now}::timestamptz, ${requireMemberId ?? null}::int)`,
  );
  if (!row || !row.member || row.id === null) return null;
  const message: MessageWithSender = {
    id: row.id,
    senderId,
    content,
    sentAt: new Date(row.sent_at),
    sender: {
      nickname: row.nickname,
      system: row.system,
      withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at),
    },
  };
  return { message, prev: row.prev ?? 0 };
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

/** A room as the routes present it: the newest messages (oldest first) and the caller's unread count. */
export interface RoomView {
  room: RoomWithGroup;
  messages: MessageWithSender[];
  unread: number;
}

export interface NewRoom {
  groupId: number;
  chatRoomName: string;
}

/** POST /api/chat/room (docs/api.md §3.8): the group admin opens the group's one room. */
export async function createRoom(ctx: AppContext, user: AuthUser, input: NewRoom): Promise<RoomView> {
  const { group, membership } = await loadGroupAccess(ctx.db, input.groupId, user.id, CHAT_TEXTS.groupNotFound);
  authorize(isGroupAdmin(membership), CHAT_TEXTS.createForbidden);
  if (await findRoomOfGroup(ctx.db, group.id)) throw roomExists();

  const now = ctx.clock.now();
  const roomId = await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    const [room] = await tx
      .insert(chatRooms)
      .values({ groupId: group.id, name: input.chatRoomName, createdBy: user.id, createdAt: now })
      .returning({ id: chatRooms.id });
    const members = await memberIds(tx, group.id);
    await tx
      .insert(chatReadLogs)
      .values(members.map((userId) => ({ userId, roomId: room.id, lastReadMessageId: 0, updatedAt: now })));
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: members,
      content: roomCreatedNote(group.name, input.chatRoomName),
    });
    return room.id;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'chat_rooms_group_uq')) throw roomExists();
    if (isForeignKeyViolation(err)) throw new NotFound(CHAT_TEXTS.groupNotFound);
    throw err;
  });
  return { room: { id: roomId, name: input.chatRoomName, groupId: group.id, groupName: group.name }, messages: [], unread: 0 };
}

/** GET /api/chat/rooms/{id}: the newest messages, the unread count before the call; the read log moves to them. */
export async function openRoom(ctx: AppContext, user: AuthUser, roomId: number): Promise<RoomView> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  const unread = await unreadCount(ctx.db, room.id, user.id);
  const newestFirst = await messagesNewestFirst(ctx.db, room.id, CHAT_HISTORY_DEFAULT);
  await markRead(ctx.db, user.id, room.id, newestFirst[0]?.id ?? 0, ctx.clock.now());
  return { room, messages: newestFirst.reverse(), unread };
}

export async function history(ctx: AppContext, user: AuthUser, roomId: number, limit: number, before?: number) {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  return messagesNewestFirst(ctx.db, room.id, limit, before);
}

export async function unread(ctx: AppContext, user: AuthUser, roomId: number): Promise<number> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  return unreadCount(ctx.db, room.id, user.id);
}

export async function roomOfGroup(ctx: AppContext, user: AuthUser, groupId: number) {
  const { group } = await loadGroupAccess(ctx.db, groupId, user.id, CHAT_TEXTS.groupNotFound);
  const room = await findRoomOfGroup(ctx.db, group.id);
  return { exists: room !== null, chatRoomId: room?.id ?? null };
}

export async function saveReadLog(ctx: AppContext, user: AuthUser, roomId: number): Promise<void> {
  const room = await loadMemberRoom(ctx.db, roomId, user.id);
  await markRead(ctx.db, user.id, room.id, await newestMessageId(ctx.db, room.id), ctx.clock.now());
}
