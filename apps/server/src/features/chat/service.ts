import { CHAT_HISTORY_DEFAULT } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { authorize } from '../../lib/authorize.js';
import { Conflict, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { isGroupAdmin, isGroupMember, loadGroupAccess } from '../groups/policy.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import {
  findRoomOfGroup,
  findRoomWithMembership,
  insertRoom,
  insertUnreadLogs,
  memberIds,
  messagesNewestFirst,
  newestMessageId,
  unreadCount,
  upsertReadLog,
  type ChatLine,
  type RoomWithGroup,
} from './queries.js';
import { CHAT_TEXTS, roomCreatedNote } from './texts.js';

const roomNotFound = () => new NotFound(CHAT_TEXTS.roomNotFound);
const roomExists = () => new Conflict(CHAT_TEXTS.roomExists, 'chat_room_exists');

/** Load, then authorize, in one query (default deny): the room exists (404), the caller is a member of its group (403). */
export async function loadMemberRoom(db: Db, roomId: number, userId: number): Promise<RoomWithGroup> {
  const found = await findRoomWithMembership(db, roomId, userId);
  if (!found) throw roomNotFound();
  authorize(isGroupMember(found.role), NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  return found.room;
}

/** Moves the user's read log forward to `messageId` (never back); creates it when missing. 404 when the room is gone. */
export async function markRead(db: Db, userId: number, roomId: number, messageId: number, now: Date): Promise<void> {
  await upsertReadLog(db, userId, roomId, messageId, now).catch((err: unknown) => {
    if (isForeignKeyViolation(err)) throw roomNotFound();
    throw err;
  });
}

/** A room as the routes present it: the newest messages (oldest first) and the caller's unread count. */
export interface RoomView {
  room: RoomWithGroup;
  messages: ChatLine[];
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
    const roomId = await insertRoom(tx, { groupId: group.id, name: input.chatRoomName, createdBy: user.id, createdAt: now });
    const members = await memberIds(tx, group.id);
    await insertUnreadLogs(tx, roomId, members, now);
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: members,
      note: { content: roomCreatedNote(group.name, input.chatRoomName), type: 'GROUP_ACTIVITY', link: `/chat/${roomId}` },
    });
    return roomId;
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
