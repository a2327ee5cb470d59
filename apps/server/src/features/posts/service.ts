import {
  checkRecruitment,
  checkStudyGroup,
  DUE_DATE_RULE_TEXT,
  type Checked,
  type RecruitmentInput,
  type StudyGroupInput,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { checkNewAccountLimit, mayReadHidden } from '../moderation/policy.js';
import type { Db } from '../../db/client.js';
import { seoulDate } from '../../lib/clock.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, isForeignKeyViolation, NotFound } from '../../lib/errors.js';
import { lockActiveActor } from '../account/queries.js';
import type { AuthUser, Viewer } from '../../lib/auth-user.js';
import { publicTags, touched } from '../../lib/public-changes.js';
import type { KindConfig } from './kinds.js';
import { canEditPost, isEditableContent, isViewable } from './policy.js';
import {
  findPost,
  findPostDetail,
  hasGroup,
  insertPost,
  loadPost,
  markPostInactive,
  POST_VIEWS,
  removePostRows,
  replaceTags,
  todayIn,
  updatePostUnlessBelowCurrent,
  type PostColumns,
  type PostDetailRow,
} from './queries.js';
import { BASE_NOT_FOUND, BELOW_CURRENT_TEXT, EDIT_INACTIVE_TEXT, HAS_GROUP_TEXT, VIEW_INACTIVE_TEXT } from './texts.js';

type PostInput = RecruitmentInput | StudyGroupInput;

const orThrow = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new BadRequest(checked.message);
  return checked.value;
};

const detailKey = (id: number, today: string) => `post:${id}:detail:${today}`;

/** The post of either kind with everything its detail shows (cached), or undefined. */
function cachedDetail(ctx: AppContext, id: number): Promise<PostDetailRow | undefined> {
  const today = todayIn(ctx);
  return ctx.readCache.query(detailKey(id, today), [publicTags.post(id)], () => findPostDetail(ctx.db, id, today));
}

/** A post of the route's kind (the other kind is 404 too), with everything its detail shows. */
async function detailOrThrow(ctx: AppContext, cfg: KindConfig, id: number): Promise<PostDetailRow> {
  const row = await cachedDetail(ctx, id);
  if (!row || row.kind !== cfg.kind) throw new NotFound(cfg.notFound);
  return row;
}

/**
 * A post's detail: a hidden one is not found but by its author and operators (docs/api.md §10.4); a closed one
 * is refused (403) to everyone.
 */
export async function getDetail(ctx: AppContext, cfg: KindConfig, id: number, viewer: Viewer | null): Promise<PostDetailRow> {
  const row = await detailOrThrow(ctx, cfg, id);
  if (row.hidden_at !== null && !mayReadHidden(viewer, row.creator_id)) throw new NotFound(cfg.notFound);
  authorize(isViewable(row), VIEW_INACTIVE_TEXT, 'post_inactive');
  return row;
}

function validate(ctx: AppContext, cfg: KindConfig, body: unknown, minDueDate?: string): PostInput {
  return cfg.kind === 'RECRUITMENT'
    ? orThrow(checkRecruitment(body, minDueDate))
    : orThrow(checkStudyGroup(body, todayIn(ctx), minDueDate));
}

function columns(input: PostInput): PostColumns {
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

export async function createPost(ctx: AppContext, cfg: KindConfig, user: AuthUser, body: unknown): Promise<PostDetailRow> {
  const today = todayIn(ctx);
  const input = validate(ctx, cfg, body, today);
  const now = ctx.clock.now();
  const detail = await ctx.db.transaction(async (tx) => {
    await lockActiveActor(tx, user.id);
    await checkNewAccountLimit(ctx, tx, user, { kind: 'POST' }, now);
    const id = await insertPost(tx, { kind: cfg.kind, creatorId: user.id, ...columns(input), createdAt: now, updatedAt: now });
    if ('tags' in input) await replaceTags(tx, id, input.tags);
    return detailBeforeCommit(tx, id, today);
  });
  ctx.changes.publish(touched.postWithStacks(detail.id, cfg.kind));
  return detail;
}

/**
 * The detail a create or an edit answers with, read in its own transaction: once it commits, a concurrent
 * withdrawal of the author or delete may remove the post before a later read.
 */
const detailBeforeCommit = async (tx: Db, id: number, today: string) => (await findPostDetail(tx, id, today))!;

export async function updatePost(
  ctx: AppContext,
  cfg: KindConfig,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<PostDetailRow> {
  const post = await loadPost(ctx.db, id, cfg.notFound, cfg.kind);
  authorize(canEditPost(user, post), cfg.editForbidden);
  const today = todayIn(ctx);
  authorize(isEditableContent(post, today), EDIT_INACTIVE_TEXT, 'post_inactive');
  const input = validate(ctx, cfg, body);
  const belowCurrent = () => new BadRequest(BELOW_CURRENT_TEXT, 'below_current_members');
  if (input.totalMembers < post.currentMembers) throw belowCurrent();
  if (input.dueDate < seoulDate(post.createdAt)) throw new BadRequest(DUE_DATE_RULE_TEXT);

  const detail = await ctx.db.transaction(async (tx) => {
    if (!(await updatePostUnlessBelowCurrent(tx, id, columns(input), ctx.clock.now()))) throw belowCurrent();
    if ('tags' in input) await replaceTags(tx, id, input.tags);
    return detailBeforeCommit(tx, id, today);
  });
  ctx.changes.publish(touched.postWithStacks(id, cfg.kind));
  return detail;
}

export async function closePost(ctx: AppContext, cfg: KindConfig, user: AuthUser, id: number): Promise<void> {
  const post = await loadPost(ctx.db, id, cfg.closeNotFound, cfg.kind);
  authorize(canEditPost(user, post), cfg.closeForbidden);
  await markPostInactive(ctx.db, id, ctx.clock.now());
  ctx.changes.publish(touched.post(id, cfg.kind));
}

export interface DeleteTexts {
  kind?: KindConfig['kind'];
  notFound: string;
  forbidden: string;
}

export async function deletePost(ctx: AppContext, user: AuthUser, id: number, texts: DeleteTexts): Promise<void> {
  const post = await loadPost(ctx.db, id, texts.notFound, texts.kind);
  authorize(canEditPost(user, post), texts.forbidden);
  const hasGroupError = () => new BadRequest(HAS_GROUP_TEXT, 'post_has_group');
  if (await hasGroup(ctx.db, id)) throw hasGroupError();
  try {
    await ctx.db.transaction((tx) => removePostRows(tx, id));
  } catch (err) {
    // A group created in the meantime holds a foreign key to the post.
    if (isForeignKeyViolation(err)) throw hasGroupError();
    throw err;
  }
  ctx.changes.publish(touched.postWithStacks(id, post.kind));
}

/**
 * Counts a view unless this viewer was counted in the last 24 h. Nothing cached is evicted but what is ordered by
 * views; this instance's cached detail takes the new count at once, pages show it within the TTL. A hidden post's
 * view is not found but by its author and operators, as its detail (docs/api.md §10.4).
 */
export async function countView(ctx: AppContext, postId: number, key: string, viewer: Viewer | null): Promise<void> {
  const detail = detailKey(postId, todayIn(ctx));
  // a view is a write: with no cached detail its post is read at once, not queued behind the public reads' misses
  const cached = ctx.readCache.peek<PostDetailRow | undefined>(detail);
  const post = cached
    ? { kind: cached.kind, hiddenAt: cached.hidden_at, creatorId: cached.creator_id }
    : await findPost(ctx.db, postId);
  if (!post || (post.hiddenAt !== null && !mayReadHidden(viewer, post.creatorId))) throw new NotFound(BASE_NOT_FOUND);
  const { kind } = post;
  const views = await ctx.views.count({ kind: POST_VIEWS.kind, id: postId }, key, ctx.clock.now());
  if (views === null) return;
  ctx.readCache.update<PostDetailRow | undefined>(detail, (row) => {
    if (row) row.views = Math.max(row.views, views);
  });
  ctx.changes.publish(touched.postViews(kind));
}
