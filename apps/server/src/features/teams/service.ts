import {
  NEGATIVE_TAG,
  REVIEW_REMINDER_DAYS_BEFORE,
  reviewComment,
  reviewRevieweeId,
  reviewTags,
  UNKNOWN_REVIEW_TAG_TEXT,
  type CompleteGroupBody,
  type ReviewTag,
  type ShowcaseState,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Conflict, Forbidden, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { touched } from '../../lib/public-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { validationError, type Deferred } from '../../lib/validation.js';
import { groupMemberRows, type GroupFields } from '../groups/queries.js';
import type { MemberRow } from '../groups/presenter.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import { isCompleted, isTeamAdmin, loadTeamAccess, mayConsent, mayReview, windowEnd, type TeamAccess } from './policy.js';
import type { RecordRow, ReviewRow, ReviewsView } from './presenter.js';
import {
  bumpRecords,
  completionMember,
  enqueue,
  groupStatus,
  hasReviewed,
  holdMemberships,
  insertReview,
  markCompleted,
  receivedReviews,
  recordOf,
  reviewPeople,
  setConsent,
  setShowcase,
  snapshotMembers,
} from './queries.js';
import { REVIEW_REMINDER } from './reminders.js';
import { reviewRequestMessage, TEAM_TEXTS } from './texts.js';

const DAY_MS = 86_400_000;

const notCompleted = () => new Conflict(TEAM_TEXTS.notCompleted, 'group_not_completed');
const reviewExists = () => new Conflict(TEAM_TEXTS.reviewExists, 'review_exists');
const notGroupMember = () => new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');

/** What the routes present as a Group (groups/presenter.ts). */
export interface CompletedGroup {
  group: GroupFields;
  members: MemberRow[];
}

const asMember = (ctx: AppContext, user: AuthUser, groupId: number) =>
  loadTeamAccess(ctx.db, groupId, user.id, (a) => a.role !== null);

/**
 * POST /api/groups/{id}/complete (docs/api.md §10.2): the admin, then 409 when already completed, then the fields.
 * One transaction: the group becomes COMPLETED, its members are kept as the members at completion (each +1
 * completed), each gets the REVIEW_REQUEST 쪽지, and the reminder 3 days before the window ends is queued.
 */
export async function completeGroup(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  body: Deferred<CompleteGroupBody>,
): Promise<CompletedGroup> {
  const access = await asMember(ctx, user, groupId);
  authorize(isTeamAdmin(access), TEAM_TEXTS.completeForbidden);
  if (isCompleted(access.group)) throw new Conflict(TEAM_TEXTS.alreadyCompleted, 'group_completed');
  const input = body();
  const { group } = access;
  await inTransaction(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const { tx, now } = scope;
    await holdMemberships(tx, group.id);
    const fields = { summary: input.summary, resultUrl: input.resultUrl ?? null, showcase: input.showcase, now };
    if (!(await markCompleted(tx, group.id, fields))) {
      if (!(await groupStatus(tx, group.id))) throw new NotFound(TEAM_TEXTS.groupNotFound);
      throw new Conflict(TEAM_TEXTS.alreadyCompleted, 'group_completed');
    }
    const memberIds = await snapshotMembers(tx, group.id);
    await bumpRecords(tx, memberIds, 'completed');
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: memberIds,
      note: { content: reviewRequestMessage(group.name), type: 'REVIEW_REQUEST', link: `/groups/${group.id}/reviews` },
    });
    const runAt = new Date(windowEnd(now).getTime() - REVIEW_REMINDER_DAYS_BEFORE * DAY_MS);
    const job = {
      kind: REVIEW_REMINDER,
      key: `${REVIEW_REMINDER}:${group.id}`,
      userId: null,
      payload: { groupId: group.id },
      runAt,
    };
    await enqueue(tx, [job], now);
    scope.afterCommit(() => ctx.changes.publish(touched.showcase(group.id)));
  });
  const after = await asMember(ctx, user, groupId);
  return { group: after.group, members: await groupMemberRows(ctx.db, group.id) };
}

/** The review routes' checks: the group, the caller (a member, or one at completion while the window is open), COMPLETED. */
async function reviewAccess(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  now: Date,
): Promise<TeamAccess & { completedAt: Date }> {
  const access = await loadTeamAccess(ctx.db, groupId, user.id, (a, g) => mayReview(a, g, now));
  const { completedAt } = access.group;
  if (!isCompleted(access.group) || !completedAt) throw notCompleted();
  return { ...access, completedAt };
}

/** GET /api/groups/{id}/reviews: whom I review, whom I have reviewed, and what I received that is revealed. */
export async function groupReviews(ctx: AppContext, user: AuthUser, groupId: number): Promise<ReviewsView> {
  const now = ctx.clock.now();
  const { group, completedAt } = await reviewAccess(ctx, user, groupId, now);
  const [people, received] = await Promise.all([
    reviewPeople(ctx.db, group.id, user.id),
    receivedReviews(ctx.db, group.id, user.id, now),
  ]);
  return { windowEndsAt: windowEnd(completedAt), people, received, viewerId: user.id };
}

/** A field of the review body, checked where docs/api.md §10.2's order puts it. */
function field<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message;
  if (message === UNKNOWN_REVIEW_TAG_TEXT) throw new BadRequest(message, 'unknown_review_tag');
  throw validationError(message, true);
}

/**
 * POST /api/groups/{id}/reviews, in docs/api.md §10.2's order: 409 not completed; the reviewee (400: missing, self,
 * not a member at completion, withdrawn); the tags (1–5, known, distinct); the comment (≤ 300); DROPPED_OUT without
 * a comment; 409 review_exists; 409 review_window_closed. The unique index settles two writes of the same review.
 */
export async function writeReview(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  body: Deferred<Record<string, unknown>>,
): Promise<ReviewRow> {
  const now = ctx.clock.now();
  const { group, completedAt } = await reviewAccess(ctx, user, groupId, now);
  const input = body();
  const revieweeId = field(reviewRevieweeId, input.revieweeId);
  if (revieweeId === user.id) throw new BadRequest(TEAM_TEXTS.self, 'review_self');
  const reviewee = await completionMember(ctx.db, group.id, revieweeId);
  if (!reviewee) throw new BadRequest(TEAM_TEXTS.notMemberAtCompletion, 'not_member_at_completion');
  if (reviewee.withdrawn) throw new BadRequest(TEAM_TEXTS.revieweeWithdrawn, 'reviewee_withdrawn');
  const tags: ReviewTag[] = field(reviewTags, input.tags);
  const comment = field(reviewComment, input.comment);
  if (tags.includes(NEGATIVE_TAG) && comment === null) throw new BadRequest(TEAM_TEXTS.droppedOutComment, 'dropped_out_comment');
  if (await hasReviewed(ctx.db, group.id, user.id, revieweeId)) throw reviewExists();
  if (now >= windowEnd(completedAt)) throw new Conflict(TEAM_TEXTS.windowClosed, 'review_window_closed');
  try {
    return await insertReview(ctx.db, { groupId: group.id, reviewerId: user.id, revieweeId, tags, comment, now });
  } catch (err) {
    if (isUniqueViolation(err, 'reviews_pair_uq')) throw reviewExists();
    // the writer was not a member at completion
    if (isForeignKeyViolation(err)) throw notGroupMember();
    throw err;
  }
}

/** GET /api/users/{userId}/record (public): 404 for an unknown, withdrawn or system user. */
export async function userRecord(ctx: AppContext, userId: number): Promise<RecordRow> {
  const row = await recordOf(ctx.db, userId, ctx.clock.now());
  if (!row) throw new NotFound(TEAM_TEXTS.userNotFound, 'user_not_found');
  return row;
}

/** GET /api/groups/{id}/showcase: whoever may change a consent (a member now or at completion) reads both switches. */
export async function showcaseState(ctx: AppContext, user: AuthUser, groupId: number): Promise<ShowcaseState> {
  const access = await loadTeamAccess(ctx.db, groupId, user.id, mayConsent);
  return { showcase: access.group.showcase, consent: access.consent };
}

/** PUT /api/groups/{id}/showcase-consent: a member at completion, at any time (also after leaving). */
export async function changeConsent(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  body: Deferred<{ consent: boolean }>,
): Promise<boolean> {
  const access = await loadTeamAccess(ctx.db, groupId, user.id, mayConsent);
  if (!isCompleted(access.group)) throw notCompleted();
  const { consent } = body();
  if (!(await setConsent(ctx.db, access.group.id, user.id, consent))) throw notGroupMember();
  ctx.changes.publish(touched.showcase(access.group.id));
  return consent;
}

/** PUT /api/groups/{id}/showcase: the admin shows or hides the group's showcase. */
export async function changeShowcase(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  body: Deferred<{ showcase: boolean }>,
): Promise<boolean> {
  const access = await asMember(ctx, user, groupId);
  authorize(isTeamAdmin(access), TEAM_TEXTS.showcaseForbidden);
  if (!isCompleted(access.group)) throw notCompleted();
  const { showcase } = body();
  if (!(await setShowcase(ctx.db, access.group.id, showcase))) throw new NotFound(TEAM_TEXTS.groupNotFound);
  ctx.changes.publish(touched.showcase(access.group.id));
  return showcase;
}
