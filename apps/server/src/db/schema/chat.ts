import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { groups } from './posts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One room per group (docs/api.md §2.1); never renamed, removed with its group. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_rooms_group_uq').on(t.groupId)],
);
export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** Ascending id = send order; system lines come from the system user. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A member's read position in a room: messages with a larger id are unread (0 = nothing read). */
export const chatReadLogs = pgTable(
  'chat_read_logs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('chat_read_logs_user_room_uq').on(t.userId, t.roomId), index('chat_read_logs_room_idx').on(t.roomId)],
);
