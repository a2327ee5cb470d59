import { and, eq, sql } from 'drizzle-orm';
import {
  checkRecruitment,
  checkStudyGroup,
  DUE_DATE_RULE_TEXT,
  type Checked,
  type MyPost,
  type RecruitmentInput,
  type StudyGroupInput,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { basePosts, groups, postTags, viewRecords, type PostRow } from '../../db/schema/index.js';
import { seoulDate, seoulDateTime } from '../../lib/clock.js';
import { BadRequest, Forbidden, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { lockActiveActor } from '../../lib/actor-lock.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { countViewOnce } from '../../lib/views.js';
import { effectiveInactive, isEffectivelyInactive } from './inactivity.js';
import {
  BELOW_CURRENT_TEXT,
  EDIT_INACTIVE_TEXT,
  HAS_GROUP_TEXT,
  VIEW_INACTIVE_TEXT,
  type KindConfig,
} from './kinds.js';
import { isAuthor } from './policy.js';
import { findPostDetail, type PostDetailRow } from './queries.js';

type PostInput = RecruitmentInput | StudyGroupInput;

export const todayIn = (ctx: AppContext) => seoulDate(ctx.clock.now());

const orThrow = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new BadRequest(checked.message);
  return checked.value;
};

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(basePosts).where(eq(basePosts.id, id));
  return row;
}

/**
 * Locks the post row until the transaction ends, so group creation and decisions on one post run one at a
 * time. False when the post is gone (deleted by a request that committed first).
 */
export async function lockPost(tx: Db, postId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM base_posts WHERE id = ${postId} FOR UPDATE`);
  return rows.length > 0;
}

export async function hasGroup(db: Db, postId: number): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.postId, postId)).limit(1);
  return rows.length > 0;
}

/** A post of the route's kind (the other kind is 404 too), with everything its detail shows. */
async function detailOrThrow(ctx: AppContext, cfg: KindConfig, id: number): Promise<PostDetailRow> {
  const row = await findPostDetail(ctx.db, id, todayIn(ctx));
  if (!row || row.kind !== cfg.kind) throw new NotFound(cfg.notFound);
  return row;
}

export async function getDetail(ctx: AppContext, cfg: KindConfig, id: number): Promise<PostDetailRow> {
  const row = await detailOrThrow(ctx, cfg, id);
  if (row.inactive) throw new Forbidden(VIEW_INACTIVE_TEXT, 'post_inactive');
  return row;
}

function validate(ctx: AppContext, cfg: KindConfig, body: unknown, minDueDate?: string): PostInput {
  return cfg.kind === 'RECRUITMENT'
    ? orThrow(checkRecruitment(body, minDueDate))
    : orThrow(checkStudyGroup(body, todayIn(ctx), minDueDate));
}

function columns(input: PostInput) {
  return {
    title: input.title,
    description: input.description,
    topic: input.topic,
    totalMembers: input.totalMembers,
    dueDate: input.dueDate,
    startDate: 'startDate' in input ? input.startDate : null,
    endDate: 'endDate' in input ? input.endDate : null,
  };
}

async function replaceTags(tx: Db, postId: number, tags: string[]) {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  if (tags.length > 0) await tx.insert(postTags).values(tags.map((name, position) => ({ postId, position, name })));
}

export async function createPost(ctx: AppContext, cfg: KindConfig, user: AuthUser, body: unknown): Promise<PostDetailRow> {
  const today = todayIn(ctx);
  const input = validate(ctx, cfg, body, today);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await lockActiveActor(tx, user.id);
    const [row] = await tx
      .insert(basePosts)
      .values({ kind: cfg.kind, creatorId: user.id, ...columns(input), createdAt: now, updatedAt: now })
      .returning({ id: basePosts.id });
    if ('tags' in input) await replaceTags(tx, row.id, input.tags);
    return row.id;
  });
  return (await findPostDetail(ctx.db, id, today))!;
}

export async function updatePost(
  ctx: AppContext,
  cfg: KindConfig,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<PostDetailRow> {
  const post = await findPost(ctx.db, id);
  if (!post || post.kind !== cfg.kind) throw new NotFound(cfg.notFound);
  if (!isAuthor(user, post)) throw new Forbidden(cfg.editForbidden);
  const today = todayIn(ctx);
  if (isEffectivelyInactive(post, today)) throw new Forbidden(EDIT_INACTIVE_TEXT, 'post_inactive');
  const input = validate(ctx, cfg, body);
  const belowCurrent = () => new BadRequest(BELOW_CURRENT_TEXT, 'below_current_members');
  if (input.totalMembers < post.currentMembers) throw belowCurrent();
  if (input.dueDate < seoulDate(post.createdAt)) throw new BadRequest(DUE_DATE_RULE_TEXT);

  await ctx.db.transaction(async (tx) => {
    // Conditional, so an approval racing this edit can never leave current above total.
    const updated = await tx
      .update(basePosts)
      .set({ ...columns(input), updatedAt: ctx.clock.now() })
      .where(and(eq(basePosts.id, id), sql`${basePosts.currentMembers} <= ${input.totalMembers}`))
      .returning({ id: basePosts.id });
    if (updated.length === 0) throw belowCurrent();
    if ('tags' in input) await replaceTags(tx, id, input.tags);
  });
  return (await findPostDetail(ctx.db, id, today))!;
}

export async function closePost(ctx: AppContext, cfg: KindConfig, user: AuthUser, id: number): Promise<void> {
  const post = await findPost(ctx.db, id);
  if (!post || post.kind !== cfg.kind) throw new NotFound(cfg.closeNotFound);
  if (!isAuthor(user, post)) throw new Forbidden(cfg.closeForbidden);
  await ctx.db.update(basePosts).set({ inactive: true, updatedAt: ctx.clock.now() }).where(eq(basePosts.id, id));
}

/** Removes a post with its tags, applications (cascade) and view records. */
export async function removePostRows(tx: Db, postId: number): Promise<void> {
  await tx.delete(viewRecords).where(and(eq(viewRecords.targetKind, 'POST'), eq(viewRecords.targetId, postId)));
  await tx.delete(basePosts).where(eq(basePosts.id, postId));
}

export interface DeleteTexts {
  kind?: KindConfig['kind'];
  notFound: string;
  forbidden: string;
}

export async function deletePost(ctx: AppContext, user: AuthUser, id: number, texts: DeleteTexts): Promise<void> {
  const post = await findPost(ctx.db, id);
  if (!post || (texts.kind && post.kind !== texts.kind)) throw new NotFound(texts.notFound);
  if (!isAuthor(user, post)) throw new Forbidden(texts.forbidden);
  const hasGroupError = () => new BadRequest(HAS_GROUP_TEXT, 'post_has_group');
  if (await hasGroup(ctx.db, id)) throw hasGroupError();
  try {
    await ctx.db.transaction((tx) => removePostRows(tx, id));
  } catch (err) {
    // A group created in the meantime holds a foreign key to the post.
    if (isForeignKeyViolation(err)) throw hasGroupError();
    throw err;
  }
}

/** Counts a view unless this viewer was counted in the last 24 h. */
export async function countView(ctx: AppContext, postId: number, key: string): Promise<void> {
  const post = await findPost(ctx.db, postId);
  if (!post) throw new NotFound('공고를 찾을 수 없습니다.');
  await countViewOnce(ctx.db, { kind: 'POST', id: postId }, key, ctx.clock.now(), (tx) =>
    tx.update(basePosts).set({ views: sql`${basePosts.views} + 1` }).where(eq(basePosts.id, postId)),
  );
}

interface MyPostRow {
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
}

/** The caller's posts without a group, newest first (contract 3.5). */
export async function myPosts(ctx: AppContext, user: AuthUser): Promise<MyPost[]> {
  const rows = await queryRows<MyPostRow>(
    ctx.db,
    sql`SELECT p.id, p.title, ${effectiveInactive(todayIn(ctx))} AS inactive, p.kind, p.created_at,
          p.due_date::text AS due_date, p.current_members, p.total_members, p.topic,
          (SELECT count(*) FROM applications a WHERE a.post_id = p.id) AS applicant_count
        FROM base_posts p
        WHERE p.creator_id = ${user.id} AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.post_id = p.id)
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((r) => ({
    basePostId: r.id,
    title: r.title,
    inactive: r.inactive,
    postType: r.kind,
    createdAt: seoulDateTime(new Date(r.created_at)),
    dueDate: r.due_date,
    currentMembers: r.current_members,
    totalMembers: r.total_members,
    topic: r.topic,
    applicantCount: Number(r.applicant_count),
    hasGroup: false,
  }));
}
