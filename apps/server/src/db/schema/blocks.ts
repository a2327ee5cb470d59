import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** Who blocked whom (docs/api.md §9.4); migration 0011_blocks.sql. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocker_recent_idx').on(t.blockerId, t.createdAt.desc(), t.blockedId.desc()),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);
