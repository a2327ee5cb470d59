import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type CodeFlow = 'FIND_LOGIN_ID' | 'FIND_PASSWORD';
export type CodeStatus = 'ACTIVE' | 'USED' | 'CANCELLED' | 'LOCKED' | 'UNSENT';

/** Recovery codes (docs/api.md §6.1): only a keyed hash of the code is stored. */
export const verificationCodes = pgTable('verification_codes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  flow: text('flow').$type<CodeFlow>().notNull(),
  emailKey: text('email_key').notNull(),
  userId: integer('user_id').references(() => users.id),
  codeHash: text('code_hash').notNull(),
  status: text('status').$type<CodeStatus>().notNull().default('ACTIVE'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** One-time password-reset grants (docs/api.md §6.4): only the hash of the cookie value is stored. */
export const resetGrants = pgTable('reset_grants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  grantHash: text('grant_hash').notNull(),
  status: text('status').$type<'ACTIVE' | 'USED' | 'CANCELLED'>().notNull().default('ACTIVE'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
