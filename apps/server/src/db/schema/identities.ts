import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Sign-in identities (docs/api.md §10.3): one per provider and account; (provider, providerUserId) unique. */
export const userIdentities = pgTable(
  'user_identities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    linkedAt: ts('linked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);
export type UserIdentityRow = typeof userIdentities.$inferSelect;

export type OAuthTicketKind = 'FLOW' | 'LINK_START' | 'SIGN_IN' | 'SIGNUP';

/** One-time secrets of the OAuth flows (migration 0018): only a keyed hash is stored; using one deletes it. */
export const oauthTickets = pgTable('oauth_tickets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').$type<OAuthTicketKind>().notNull(),
  secretHash: text('secret_hash').notNull(),
  provider: text('provider').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  providerUserId: text('provider_user_id'),
  data: jsonb('data').$type<Record<string, string | null>>().notNull().default({}),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
export type OAuthTicketRow = typeof oauthTickets.$inferSelect;
