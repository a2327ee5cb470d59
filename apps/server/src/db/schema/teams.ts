import { boolean, foreignKey, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { groups } from './posts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The members of a group when it completed (docs/api.md §10.2); migration 0017. */
export const groupCompletionMembers = pgTable(
  'group_completion_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<'ADMIN' | 'MEMBER'>().notNull(),
    joinedAt: ts('joined_at').notNull(),
    showcaseConsent: boolean('showcase_consent').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Reviews between members at completion; whether one is revealed is computed when read. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: integer('reviewee_id')
      .notNull()
      .references(() => users.id),
    tags: text('tags').array().notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('reviews_pair_uq').on(t.groupId, t.reviewerId, t.revieweeId),
    foreignKey({
      columns: [t.groupId, t.reviewerId],
      foreignColumns: [groupCompletionMembers.groupId, groupCompletionMembers.userId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.groupId, t.revieweeId],
      foreignColumns: [groupCompletionMembers.groupId, groupCompletionMembers.userId],
    }).onDelete('cascade'),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/** A person's record counters, kept in the transactions that change memberships. */
export const userRecords = pgTable('user_records', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  joined: integer('joined').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  leftEarly: integer('left_early').notNull().default(0),
});
