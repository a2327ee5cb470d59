import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { Forbidden, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { loadGroupAccess } from '../groups/policy.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import { feedEntries, type FeedEntry } from '../schedules/queries.js';
import { feedOfSecret, findSecret, insertSecret, replaceSecret } from './queries.js';
import { CALENDAR_FEED_TEXTS } from './texts.js';

/** 32 random bytes, base64url: 43 characters. */
const newSecret = () => randomBytes(32).toString('base64url');
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The group exists, then the caller is a member (docs/api.md §10.1, "the same two checks" of §9.2). */
const member = (ctx: AppContext, user: AuthUser, groupId: number) =>
  loadGroupAccess(ctx.db, groupId, user.id, CALENDAR_FEED_TEXTS.groupNotFound);

/** A membership that ended between the check and the write: the feed's foreign key refuses the row. */
const notMemberAnyMore = (err: unknown) => {
  if (isForeignKeyViolation(err)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  throw err;
};

/** GET /api/groups/{groupId}/calendar-feed: the member's secret, made on the first call. */
export async function feedSecret(ctx: AppContext, user: AuthUser, groupId: number): Promise<string> {
  await member(ctx, user, groupId);
  const existing = await findSecret(ctx.db, groupId, user.id);
  if (existing) return existing;
  return insertSecret(ctx.db, { groupId, userId: user.id, secret: newSecret(), createdAt: ctx.clock.now() }).catch(
    notMemberAnyMore,
  );
}

/** POST /api/groups/{groupId}/calendar-feed: a new secret; the old address answers 404 from now on. */
export async function renewFeedSecret(ctx: AppContext, user: AuthUser, groupId: number): Promise<string> {
  await member(ctx, user, groupId);
  return replaceSecret(ctx.db, { groupId, userId: user.id, secret: newSecret(), createdAt: ctx.clock.now() }).catch(
    notMemberAnyMore,
  );
}

export interface FeedContent {
  groupName: string;
  entries: FeedEntry[];
}

/** GET /cal/{secret}.ics: the group's entries, while the secret's owner is still an active member of it. */
export async function feedContent(ctx: AppContext, secret: string): Promise<FeedContent> {
  const feed = SECRET.test(secret) ? await feedOfSecret(ctx.db, secret) : undefined;
  if (!feed) throw new NotFound(CALENDAR_FEED_TEXTS.feedNotFound, 'calendar_feed_not_found');
  return { groupName: feed.groupName, entries: await feedEntries(ctx.db, feed.groupId) };
}
