import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { groups } from './posts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Calendar entries (docs/api.md §3.7); migration 0006 also ties (group, writer) to the writer's membership. */
export const schedules = pgTable('schedules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  groupId: integer('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' }),
  writerId: integer('writer_id')
    .notNull()
    .references(() => users.id),
  date: date('date', { mode: 'string' }).notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** counts the entry's edits (the calendar feed's SEQUENCE) */
  sequence: integer('sequence').notNull().default(0),
});
export type ScheduleRow = typeof schedules.$inferSelect;
