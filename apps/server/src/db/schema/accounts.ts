import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  loginId: text('login_id'),
  passwordHash: text('password_hash'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  nickname: text('nickname'),
  role: text('role').notNull().default('ROLE_USER'),
  system: boolean('system').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  withdrawnAt: ts('withdrawn_at'),
});
export type UserRow = typeof users.$inferSelect;

export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
});

/** One row per viewer and target: views are counted once per 24 h (docs/api.md §3.5, §3.10). */
export const viewRecords = pgTable(
  'view_records',
  {
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    viewerKey: text('viewer_key').notNull(),
    viewedAt: ts('viewed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId, t.viewerKey] })],
);
