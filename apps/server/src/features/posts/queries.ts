import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListFilter, ListOrder, MyPost } from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { applications, basePosts, groups, postTags, viewRecords, type PostKind, type PostRow } from '../../db/schema/index.js';
import { seoulDate } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { limitOffset } from '../../db/paging-sql.js';
import type { ViewedTable } from '../../db/view-records.js';
import type { PageRequest } from '../../lib/paging.js';

/** docs/api.md §2.2: a post is inactive when stored so OR its due date is before today in Seoul. */
export const effectiveInactive = (today: string, alias = 'p'): SQL =>
  sql`(${sql.raw(alias)}.inactive OR ${sql.raw(alias)}.due_date < ${today}::date)`;

/**
 * Not hidden (docs/api.md §10.4): every public list, search, popular list and the sitemap leave hidden posts out.
 * Tested on the id against the few hidden ones (a hashed set), so a walk down a list index needs no heap visit.
 */
export const notHidden = (postId = 'p.id'): SQL =>
  sql`${sql.raw(postId)} NOT IN (SELECT h.id FROM base_posts h WHERE h.hidden_at IS NOT NULL)`;

/** Today in Seoul, the business date of due dates and inactivity (docs/api.md §1.1). */
export const todayIn = (ctx: Pick<AppContext, 'clock'>) => seoulDate(ctx.clock.now());

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(basePosts).where(eq(basePosts.id, id));
  return row;
}

/** The post, of the given kind when one is named (the other kind is 404 too), or NotFound with the route's text. */
export async function loadPost(db: Db, id: number, notFoundText: string, kind?: PostKind): Promise<PostRow> {
  const post = await findPost(db, id);
  if (!post || (kind && post.kind !== kind)) throw new NotFound(notFoundText);
  return post;
}

/**
 * Locks the post row until the transaction ends, so group creation and decisions on one post run one at a
 * time. False when the post is gone (deleted by a request that committed first).
 */
export async function lockPost(tx: Db, postId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM base_posts WHERE id = ${postId} FOR UPDATE`);
  return rows.length > 0;
}

/** A post's own columns as a create or an edit writes them. */
export interface PostColumns {
  title: string;
  description: string;
  topic: string;
  totalMembers: number;
  dueDate: string;
  startDate: string | null;
  endDate: string | null;
}

export async function insertPost(
  tx: Db,
  post: PostColumns & { kind: PostKind; creatorId: number; createdAt: Date; updatedAt: Date },
): Promise<number> {
  const [row] = await tx.insert(basePosts).values(post).returning({ id: basePosts.id });
  return row.id;
}

/**
 * Writes an edit unless the post has more members than its new total; false when it did not (or the post is gone).
 * Conditional, so an approval racing this edit can never leave current above total.
 */
export async function updatePostUnlessBelowCurrent(tx: Db, id: number, post: PostColumns, updatedAt: Date): Promise<boolean> {
  const updated = await tx
    .update(basePosts)
    .set({ ...post, updatedAt })
    .where(and(eq(basePosts.id, id), sql`${basePosts.currentMembers} <= ${post.totalMembers}`))
    .returning({ id: basePosts.id });
  return updated.length > 0;
}

/** The post's tags become these, in this order. */
export async function replaceTags(tx: Db, postId: number, tags: string[]): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  if (tags.length > 0) await tx.insert(postTags).values(tags.map((name, position) => ({ postId, position, name })));
}

/** Stores the post as closed (마감). */
export async function markPostInactive(db: Db, id: number, updatedAt: Date): Promise<void> {
  await db.update(basePosts).set({ inactive: true, updatedAt }).where(eq(basePosts.id, id));
}

/** Post views (docs/api.md §2.1): view records of kind POST, counted in base_posts.views. */
export const POST_VIEWS: ViewedTable = { kind: 'POST', table: 'base_posts' };

/** Removes a post with its tags, applications (cascade) and view records. */
export async function removePostRows(tx: Db, postId: number): Promise<void> {
  await tx.delete(viewRecords).where(and(eq(viewRecords.targetKind, POST_VIEWS.kind), eq(viewRecords.targetId, postId)));
  await tx.delete(basePosts).where(eq(basePosts.id, postId));
}

/**
 * A withdrawing user's posts without a group, with their tags, applications (cascade) and view records
 * (docs/api.md §7); posts with a group stay.
 */
export async function removeUngroupedPostsOf(tx: Db, userId: number): Promise<void> {
  const ownUngrouped = sql`SELECT p.id FROM base_posts p
    WHERE p.creator_id = ${userId} AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)`;
  await tx.execute(sql`DELETE FROM view_records WHERE target_kind = 'POST' AND target_id IN (${ownUngrouped})`);
  await tx.execute(sql`DELETE FROM base_posts WHERE id IN (${ownUngrouped})`);
}

/**
 * Stores `inactive` for at most `batch` open posts whose due date has passed; their ids. Safe to run concurrently
 * (a post another run closed first is skipped).
 */
export function closeOverdueBatch(db: Db, today: string, batch: number): Promise<Array<{ id: number }>> {
  return queryRows<{ id: number }>(
    db,
    sql`UPDATE base_posts SET inactive = true WHERE NOT inactive AND id IN (
          SELECT id FROM base_posts WHERE NOT inactive AND due_date < ${today}::date LIMIT ${batch}) RETURNING id`,
  );
}

export async function hasGroup(db: Db, postId: number): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.postId, postId)).limit(1);
  return rows.length > 0;
}

/** One list/detail row: the post, its effective inactivity, creator name and tags in order. */
export interface PostListRow {
  id: number;
  kind: PostKind;
  title: string;
  topic: string;
  due_date: string;
  start_date: string | null;
  end_date: string | null;
  created_at: Date;
  current_members: number;
  total_members: number;
  views: number;
  inactive: boolean;
  creator_id: number;
  nickname: string | null;
  withdrawn: boolean;
  tags: string[];
}

export interface PostDetailRow extends PostListRow {
  description: string;
  stored_inactive: boolean;
  phone_number: string | null;
  profile_contact: string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
}

/** The columns of a list row (alias p for base_posts, u for its creator); other areas list posts with them too. */
export const listColumns = (today: string) => sql`
  p.id, p.kind, p.title, p.topic, p.due_date::text AS due_date, p.start_date::text AS start_date,
  p.end_date::text AS end_date, p.created_at, p.current_members, p.total_members, p.views,
  ${effectiveInactive(today)} AS inactive, p.creator_id, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
  COALESCE((SELECT array_agg(t.name ORDER BY t.position) FROM post_tags t WHERE t.post_id = p.id), '{}') AS tags`;

/**
 * A kind written into the statement's text rather than bound: the per-kind partial indexes are chosen when a
 * statement is planned, so a prepared statement's generic plan can use them only when the kind is in its text.
 */
export const kindIs = (kind: PostKind, column = 'kind') =>
  sql.raw(`${column} = '${kind === 'RECRUITMENT' ? 'RECRUITMENT' : 'STUDY_GROUP'}'`);

/** Open = not closed and not past due (the effective inactivity of docs/api.md §2.2, negated). */
export const openCondition = (today: string) => sql`NOT inactive AND due_date >= ${today}::date`;

/** Any of the stacks, compared case-insensitively (post_tags.key is the lower-cased name). */
const stackKeys = (stacks: string[]) =>
  sql.join(
    stacks.map((s) => sql`${s.toLowerCase()}`),
    sql`, `,
  );
export const stackCondition = (stacks: string[], post: SQL) =>
  sql`EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = ${post} AND t.key IN (${stackKeys(stacks)}))`;

export const orderBy = (order: ListOrder, alias = '') =>
  sql.raw(
    order === 'views'
      ? `${alias}views DESC, ${alias}created_at DESC, ${alias}id DESC`
      : `${alias}created_at DESC, ${alias}id DESC`,
  );

/** No filter: the lists of docs/api.md §3.3-3.4 exactly. */
export const NO_FILTER: ListFilter = { open: false, order: 'latest', stacks: [] };

/** The total of an unsearched list: only recruitments have tags, so the posts of some stacks count from the tags alone. */
function countQuery(kind: PostKind, filter: ListFilter, where: SQL[]): SQL {
  if (!filter.open && filter.stacks.length === 0) return sql`SELECT n FROM post_kind_counts WHERE ${kindIs(kind)}`;
  if (!filter.open)
    return sql`SELECT count(DISTINCT post_id) AS n FROM post_tags
      WHERE key IN (${stackKeys(filter.stacks)}) AND ${notHidden('post_id')}`;
  return sql`SELECT count(*) AS n FROM base_posts p WHERE ${sql.join(where, sql` AND `)}`;
}

/** A page's rows with its total beside them in every row; with no page rows, one row of the total alone. */
export type RowsBesideTotal = Array<PostListRow & { total: number | string | null }>;

/**
 * One statement for a page and its total (`total`, a scalar query): the tag and name lookups run for the page's ids
 * only (`pageIds`, in the page's order).
 */
export const pageBesideTotal = (today: string, pageIds: SQL, total: SQL, order: ListOrder): SQL => sql`
  SELECT (${total}) AS total, r.* FROM (SELECT 1) one LEFT JOIN LATERAL (
    SELECT ${listColumns(today)}
    FROM (${pageIds}) page JOIN base_posts p ON p.id = page.id JOIN users u ON u.id = p.creator_id
  ) r ON true
  ORDER BY ${orderBy(order, 'r.')}`;

/** The page's rows of a `pageBesideTotal` answer. */
export const pageRowsOf = (rows: RowsBesideTotal): PostListRow[] => rows.filter((r) => r.id !== null);

/**
 * A page of one kind without a keyword, newest first unless the filter orders by views, and its total: straight
 * down an index in the page's order (open ones through the partial indexes), each post checked for its stacks on the
 * way; the total beside it, the per-kind counter or an index-only count.
 */
export async function listPosts(
  db: Db,
  kind: PostKind,
  today: string,
  page: PageRequest,
  filter: ListFilter = NO_FILTER,
): Promise<{ rows: PostListRow[]; total: number }> {
  const where = [kindIs(kind, 'p.kind'), notHidden()];
  if (filter.open) where.push(openCondition(today));
  if (filter.stacks.length > 0) where.push(stackCondition(filter.stacks, sql`p.id`));
  const pageIds = sql`SELECT p.id FROM base_posts p WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${orderBy(filter.order, 'p.')} ${limitOffset(page)}`;
  const rows = await queryRows<RowsBesideTotal[number]>(
    db,
    pageBesideTotal(today, pageIds, countQuery(kind, filter, where), filter.order),
  );
  return { rows: pageRowsOf(rows), total: Number(rows[0]?.total ?? 0) };
}

/** The most used tech stacks of recruitments, most used first (the list's filter chips). */
export function popularTags(db: Db, limit: number): Promise<Array<{ name: string; n: number }>> {
  return queryRows(db, sql`SELECT name, n FROM tag_counts WHERE n > 0 ORDER BY n DESC, key LIMIT ${limit}`);
}

/** At most 4 active posts with views, most viewed first (docs/api.md §3.3). */
export function popularPosts(db: Db, kind: PostKind, today: string): Promise<PostListRow[]> {
  return queryRows<PostListRow>(
    db,
    sql`SELECT ${listColumns(today)} FROM base_posts p JOIN users u ON u.id = p.creator_id
        WHERE ${kindIs(kind, 'p.kind')} AND NOT p.inactive AND p.views > 0 AND p.due_date >= ${today}::date
          AND ${notHidden()}
        ORDER BY p.views DESC, p.created_at DESC, p.id DESC LIMIT 4`,
  );
}

/** The post with everything its detail needs, whatever its kind; undefined when missing. */
export async function findPostDetail(db: Db, id: number, today: string): Promise<PostDetailRow | undefined> {
  const rows = await queryRows<PostDetailRow>(
    db,
    sql`SELECT ${listColumns(today)}, p.description, p.inactive AS stored_inactive, u.phone_number, p.hidden_at,
          p.hidden_reason,
          (SELECT ap.contact FROM application_profiles ap WHERE ap.user_id = p.creator_id) AS profile_contact
        FROM base_posts p JOIN users u ON u.id = p.creator_id WHERE p.id = ${id}`,
  );
  return rows[0];
}

export interface MyPostRow {
  id: number;
  title: string;
  inactive: boolean;
  kind: MyPost['postType'];
  created_at: Date;
  due_date: string;
  current_members: number;
  total_members: number;
  topic: string;
  applicant_count: number | string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
}

/** The user's posts without a group, newest first (docs/api.md §3.5). */
export function myPostRows(db: Db, userId: number, today: string): Promise<MyPostRow[]> {
  return queryRows<MyPostRow>(
    db,
    sql`SELECT p.id, p.title, ${effectiveInactive(today)} AS inactive, p.kind, p.created_at,
          p.due_date::text AS due_date, p.current_members, p.total_members, p.topic,
          (SELECT count(*) FROM applications a WHERE a.post_id = p.id) AS applicant_count, p.hidden_at, p.hidden_reason
        FROM base_posts p
        WHERE p.creator_id = ${userId} AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)
        ORDER BY p.created_at DESC, p.id DESC`,
  );
}

/** Open posts as the sitemap lists them (kind, id, last change), by id, a slice at a time; and how many. */
export async function openPostStamps(db: Db, today: string, offset: number, limit: number) {
  return queryRows<{ kind: PostKind; id: number; updated_at: Date | string }>(
    db,
    sql`SELECT p.kind, p.id, p.updated_at FROM base_posts p WHERE NOT ${effectiveInactive(today)} AND ${notHidden()}
        ORDER BY p.id LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function countOpenPosts(db: Db, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM base_posts p WHERE NOT ${effectiveInactive(today)} AND ${notHidden()}`,
  );
  return Number(row.n);
}

/** The post's taken and total seats, or undefined when the post is gone. */
export async function postSeats(db: Db, postId: number): Promise<{ current: number; total: number } | undefined> {
  const [post] = await db
    .select({
      current: basePosts.currentMembers,
      total: basePosts.totalMembers,
    })
    .from(basePosts)
    .where(eq(basePosts.id, postId));
  return post;
}

/** Takes a seat on the post with a conditional +1; false when it is full (two racing for the last seat: one wins). */
export async function takeSeat(tx: Db, postId: number): Promise<boolean> {
  const seat = await tx
    .update(basePosts)
    .set({ currentMembers: sql`${basePosts.currentMembers} + 1` })
    .where(and(eq(basePosts.id, postId), sql`${basePosts.currentMembers} < ${basePosts.totalMembers}`))
    .returning({ id: basePosts.id });
  return seat.length > 0;
}

/** Gives a seat back: -1, never below 1 (the author's). */
export async function releaseSeat(tx: Db, postId: number): Promise<void> {
  await tx
    .update(basePosts)
    .set({ currentMembers: sql`GREATEST(1, ${basePosts.currentMembers} - 1)` })
    .where(eq(basePosts.id, postId));
}

/** The post counts its author and approved applicants again, never above its total (its group is gone). */
export async function recountPostMembers(tx: Db, postId: number): Promise<void> {
  await tx
    .update(basePosts)
    .set({
      currentMembers: sql`LEAST(${basePosts.totalMembers}, 1 + (
          SELECT count(*)::int FROM ${applications}
          WHERE ${applications.postId} = ${basePosts.id} AND ${applications.status} = 'APPROVED'))`,
    })
    .where(eq(basePosts.id, postId));
}

/** Whether the post is hidden from this user (hidden, and not theirs): what must not be announced to them. */
export async function postHiddenFrom(db: Db, postId: number, userId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM base_posts WHERE id = ${postId} AND hidden_at IS NOT NULL AND creator_id <> ${userId}`,
  );
  return rows.length > 0;
}
