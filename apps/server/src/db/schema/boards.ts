import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Seeded in migration 0004 with the fixed ids of docs/api.md §2.1. */
export const boardCategories = pgTable('board_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const boards = pgTable('boards', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id),
  categoryId: integer('category_id')
    .notNull()
    .references(() => boardCategories.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  views: integer('views').notNull().default(0),
  /** changes only by atomic +/- updates (docs/api.md §2.1) */
  replyCount: integer('reply_count').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** docs/api.md §10.4: set while hidden; the operator's note, or null when hidden by reports */
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});
export type BoardRow = typeof boards.$inferSelect;

export const replies = pgTable('replies', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  boardId: integer('board_id')
    .notNull()
    .references(() => boards.id, { onDelete: 'cascade' }),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id),
  parentReplyId: integer('parent_reply_id'),
  content: text('content').notNull(),
  edited: boolean('edited').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** docs/api.md §10.4: set while hidden; the operator's note, or null when hidden by reports */
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});
export type ReplyRow = typeof replies.$inferSelect;
