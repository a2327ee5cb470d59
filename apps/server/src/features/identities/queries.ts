import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  oauthTickets,
  userIdentities,
  users,
  type OAuthTicketKind,
  type OAuthTicketRow,
  type UserIdentityRow,
} from '../../db/schema/index.js';

// --- identities

/** The active account an identity belongs to (withdrawal deletes identities; the check is belt and braces). */
export async function userOfIdentity(db: Db, provider: string, providerUserId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, providerUserId), isNull(users.withdrawnAt)),
    );
  return row?.userId;
}

/** The identity of (provider, provider user id), whoever it belongs to. */
export async function findIdentity(db: Db, provider: string, providerUserId: string): Promise<UserIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, providerUserId)));
  return row;
}

/** The user's identities, oldest link first. */
export async function identitiesOf(db: Db, userId: number): Promise<UserIdentityRow[]> {
  return db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.linkedAt), asc(userIdentities.provider));
}

/** Links an identity; the unique indexes refuse a second account for it and a second one per provider. */
export async function insertIdentity(db: Db, identity: UserIdentityRow): Promise<void> {
  await db.insert(userIdentities).values(identity);
}

export async function deleteIdentity(tx: Db, userId: number, provider: string): Promise<boolean> {
  const rows = await tx
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ provider: userIdentities.provider });
  return rows.length > 0;
}

/** Withdrawal: the user's identities and pending tickets. */
export async function deleteIdentitiesOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await tx.delete(oauthTickets).where(eq(oauthTickets.userId, userId));
}

// --- one-time tickets

export interface NewTicket {
  kind: OAuthTicketKind;
  secretHash: string;
  provider: string;
  userId?: number | null;
  providerUserId?: string | null;
  data?: Record<string, string | null>;
  createdAt: Date;
  expiresAt: Date;
}

/** Stores a ticket, and clears tickets that expired (nothing else reads them). */
export async function insertTicket(db: Db, ticket: NewTicket): Promise<void> {
  await db.delete(oauthTickets).where(lt(oauthTickets.expiresAt, ticket.createdAt));
  await db.insert(oauthTickets).values(ticket);
}

/**
 * Uses a ticket: deletes it and returns it when it exists, is unexpired and (for a flow) belongs to this browser.
 * One statement, so two requests with the same secret never both get it.
 */
export async function takeTicket(
  db: Db,
  kind: OAuthTicketKind,
  secretHash: string,
  now: Date,
  browserHash?: string,
): Promise<OAuthTicketRow | undefined> {
  const [row] = await db
    .delete(oauthTickets)
    .where(
      and(
        eq(oauthTickets.kind, kind),
        eq(oauthTickets.secretHash, secretHash),
        gt(oauthTickets.expiresAt, now),
        browserHash === undefined ? undefined : sql`${oauthTickets.data} ->> 'browser' = ${browserHash}`,
      ),
    )
    .returning();
  return row;
}

/** A ticket that is still usable, without using it (a sign-up form's checks come before the ticket is spent). */
export async function peekTicket(
  db: Db,
  kind: OAuthTicketKind,
  secretHash: string,
  now: Date,
): Promise<OAuthTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthTickets)
    .where(and(eq(oauthTickets.kind, kind), eq(oauthTickets.secretHash, secretHash), gt(oauthTickets.expiresAt, now)));
  return row;
}
