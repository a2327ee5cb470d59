import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { groups } from './posts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Group notices (docs/api.md §9.2); migration 0012 holds "at most one pinned" with a partial unique index. */
export const groupNotices = pgTable('group_notices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  groupId: integer('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' }),
  writerId: integer('writer_id')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  pinned: boolean('pinned').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** docs/api.md §10.4: set while hidden; the operator's note, or null when hidden by reports */
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});
export type GroupNoticeRow = typeof groupNotices.$inferSelect;

/** Shared links (docs/api.md §9.3); migration 0012 also ties (group, writer) to the writer's membership. */
export const groupLinks = pgTable('group_links', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  groupId: integer('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' }),
  writerId: integer('writer_id')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  url: text('url').notNull(),
  createdAt: ts('created_at').notNull(),
  /** docs/api.md §10.4: set while hidden; the operator's note, or null when hidden by reports */
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});
export type GroupLinkRow = typeof groupLinks.$inferSelect;
