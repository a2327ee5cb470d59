import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarFeeds, groupMembers, groups, users } from '../../db/schema/index.js';

/** The member's secret of the group's feed, if they have one. */
export async function findSecret(db: Db, groupId: number, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: calendarFeeds.secret })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.groupId, groupId), eq(calendarFeeds.userId, userId)));
  return row?.secret;
}

/** Stores the member's first secret of the group; the one that stands (another request's, when it came first). */
export async function insertSecret(db: Db, feed: { groupId: number; userId: number; secret: string; createdAt: Date }) {
  const [inserted] = await db
    .insert(calendarFeeds)
    .values(feed)
    .onConflictDoNothing({ target: [calendarFeeds.groupId, calendarFeeds.userId] })
    .returning({ secret: calendarFeeds.secret });
  return inserted?.secret ?? (await findSecret(db, feed.groupId, feed.userId))!;
}

/** Gives the member's feed of the group a new secret (the old one stops at once); made when there is none. */
export async function replaceSecret(db: Db, feed: { groupId: number; userId: number; secret: string; createdAt: Date }) {
  await db
    .insert(calendarFeeds)
    .values(feed)
    .onConflictDoUpdate({
      target: [calendarFeeds.groupId, calendarFeeds.userId],
      set: { secret: feed.secret, createdAt: feed.createdAt },
    });
  return feed.secret;
}

/**
 * The group a secret opens: only while its owner is an active member of it (the rows go with the membership; the
 * joins say so again for a read that races a leave).
 */
export async function feedOfSecret(db: Db, secret: string): Promise<{ groupId: number; groupName: string } | undefined> {
  const [row] = await db
    .select({ groupId: groups.id, groupName: groups.name })
    .from(calendarFeeds)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, calendarFeeds.groupId), eq(groupMembers.userId, calendarFeeds.userId)))
    .innerJoin(groups, eq(groups.id, calendarFeeds.groupId))
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.secret, secret), isNull(users.withdrawnAt)));
  return row;
}

/** The member's feed of the group goes (leave, kick). */
export async function deleteMemberFeed(db: Db, groupId: number, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.groupId, groupId), eq(calendarFeeds.userId, userId)));
}

/** Every feed of the user goes (withdrawal). */
export async function deleteFeedsOf(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
