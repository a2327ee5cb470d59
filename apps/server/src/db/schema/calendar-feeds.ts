import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { groupMembers, groups } from './posts.js';

/** A member's secret calendar address of a group (docs/api.md §10.1); migration 0016. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    uniqueIndex('calendar_feeds_secret_uq').on(t.secret),
    foreignKey({
      name: 'calendar_feeds_membership_fk',
      columns: [t.groupId, t.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
    }).onDelete('cascade'),
  ],
);
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
