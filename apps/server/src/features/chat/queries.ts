import { and, asc, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { chatMessages, chatReadLogs, chatRooms, groupMembers, groups, users } from '../../db/schema/index.js';
import type { Membership } from '../groups/policy.js';

export interface RoomWithGroup {
  id: number;
  name: string;
  groupId: number;
  groupName: string;
}

/** A line of a chat room with what names its sender (a member, [시스템] or 탈퇴한 사용자). */
export interface ChatLine {
  id: number;
  senderId: number;
  content: string;
  sentAt: Date;
  sender: { nickname: string | null; system: boolean; withdrawnAt: Date | null };
}

export interface RoomListRow extends RoomWithGroup {
  unread: number;
  lastContent: string | null;
  lastSentAt: Date | null;
}

const roomColumns = { id: chatRooms.id, name: chatRooms.name, groupId: chatRooms.groupId, groupName: groups.name };

/** The room with its group, and the user's role in that group (null when not a member), in one query. */
export async function findRoomWithMembership(
  db: Db,
  roomId: number,
  userId: number,
): Promise<{ room: RoomWithGroup; role: Membership['role'] | null } | null> {
  const [row] = await db
    .select({ ...roomColumns, role: groupMembers.role })
    .from(chatRooms)
    .innerJoin(groups, eq(groups.id, chatRooms.groupId))
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, chatRooms.groupId), eq(groupMembers.userId, userId)))
    .where(eq(chatRooms.id, roomId));
  if (!row) return null;
  const { role, ...room } = row;
  return { room, role };
}

export async function findRoomOfGroup(db: Db, groupId: number): Promise<RoomWithGroup | null> {
  const [row] = await db
    .select(roomColumns)
    .from(chatRooms)
    .innerJoin(groups, eq(groups.id, chatRooms.groupId))
    .where(eq(chatRooms.groupId, groupId));
  return row ?? null;
}

/** Whether the room exists and the user is a current member of its group, in one query. */
export async function isMemberOfRoom(db: Db, roomId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, chatRooms.groupId), eq(groupMembers.userId, userId)))
    .where(eq(chatRooms.id, roomId));
  return rows.length > 0;
}

export async function memberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.role} = 'ADMIN' DESC`, groupMembers.joinedAt, groupMembers.userId);
  return rows.map((r) => r.userId);
}

export async function newestMessageId(db: Db, roomId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId));
  return row?.id ?? 0;
}

/** Others' messages and system lines after the user's read log (docs/api.md §3.8). */
export async function unreadCount(db: Db, roomId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_messages m
        WHERE m.room_id = ${roomId} AND m.sender_id <> ${userId}
          AND m.id > COALESCE((SELECT last_read_message_id FROM chat_read_logs WHERE room_id = ${roomId} AND user_id = ${userId}), 0)`,
  );
  return row.n;
}

const sender = alias(users, 'sender');

const messageColumns = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  content: chatMessages.content,
  sentAt: chatMessages.sentAt,
  sender: { nickname: sender.nickname, system: sender.system, withdrawnAt: sender.withdrawnAt },
};

/** Messages newest first: at most `limit`, and only older than `before` when given. */
export function messagesNewestFirst(db: Db, roomId: number, limit: number, before?: number): Promise<ChatLine[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(
      before === undefined ? eq(chatMessages.roomId, roomId) : and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, before)),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** At most `limit` messages after `after`, oldest first (a realtime gap being filled). */
export function messagesAfter(db: Db, roomId: number, after: number, limit: number): Promise<ChatLine[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

/** The current members of the room's group (none when the room is gone). */
export async function roomMemberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(chatRooms)
    .innerJoin(groupMembers, eq(groupMembers.groupId, chatRooms.groupId))
    .where(eq(chatRooms.id, roomId));
  return rows.map((r) => r.userId);
}

/**
 * The rooms of the user's groups with unread counts and last messages, in set queries (a lateral join for the
 * last message, a counted subquery for unread), by last message newest first and empty rooms last.
 */
export async function roomsOf(db: Db, userId: number): Promise<RoomListRow[]> {
  const rows = await queryRows<Omit<RoomListRow, 'lastSentAt'> & { lastSentAt: Date | string | null }>(
    db,
    sql`SELECT r.id, r.name, r.group_id AS "groupId", g.name AS "groupName",
          last.content AS "lastContent", last.sent_at AS "lastSentAt",
          (SELECT count(*)::int FROM chat_messages m
             WHERE m.room_id = r.id AND m.sender_id <> ${userId} AND m.id > COALESCE(rl.last_read_message_id, 0)) AS unread
        FROM group_members gm
        JOIN chat_rooms r ON r.group_id = gm.group_id
        JOIN groups g ON g.id = r.group_id
        LEFT JOIN chat_read_logs rl ON rl.room_id = r.id AND rl.user_id = ${userId}
        LEFT JOIN LATERAL (
          SELECT m.id, m.content, m.sent_at FROM chat_messages m WHERE m.room_id = r.id ORDER BY m.id DESC LIMIT 1
        ) last ON true
        WHERE gm.user_id = ${userId}
        ORDER BY last.id DESC NULLS LAST, r.id DESC`,
  );
  // raw timestamps arrive as Date or text depending on the driver
  return rows.map((r) => ({ ...r, lastSentAt: r.lastSentAt === null ? null : new Date(r.lastSentAt) }));
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
): Promise<{ message: ChatLine; prev: number } | null> {
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
  const message: ChatLine = {
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
export async function upsertReadLog(db: Db, userId: number, roomId: number, messageId: number, now: Date): Promise<void> {
  await db
    .insert(chatReadLogs)
    .values({ userId, roomId, lastReadMessageId: messageId, updatedAt: now })
    .onConflictDoUpdate({
      target: [chatReadLogs.userId, chatReadLogs.roomId],
      set: { lastReadMessageId: sql`GREATEST(${chatReadLogs.lastReadMessageId}, excluded.last_read_message_id)`, updatedAt: now },
    });
}

export async function deleteReadLog(db: Db, userId: number, roomId: number): Promise<void> {
  await db.delete(chatReadLogs).where(and(eq(chatReadLogs.userId, userId), eq(chatReadLogs.roomId, roomId)));
}

/** Every read log of the user (a withdrawal). */
export async function deleteReadLogsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(chatReadLogs).where(eq(chatReadLogs.userId, userId));
}

/** The group's room; its id. */
export async function insertRoom(
  tx: Db,
  room: { groupId: number; name: string; createdBy: number; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(chatRooms).values(room).returning({ id: chatRooms.id });
  return row.id;
}

/** A read log at 0 for each member of a new room: everything in it is unread. */
export async function insertUnreadLogs(tx: Db, roomId: number, userIds: number[], now: Date): Promise<void> {
  await tx.insert(chatReadLogs).values(userIds.map((userId) => ({ userId, roomId, lastReadMessageId: 0, updatedAt: now })));
}
