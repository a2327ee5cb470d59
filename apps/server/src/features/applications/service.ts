import { postPagePath, type Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ApplicationRow, PostRow, ProfileRow } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Conflict, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { isActiveUser, lockActiveActor } from '../account/queries.js';
import { inTransaction } from '../../lib/transaction.js';
import { readTogether } from '../../lib/read-together.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { isEffectivelyInactive } from '../posts/policy.js';
import { hasGroup, loadPost, lockPost, takeSeat, todayIn } from '../posts/queries.js';
import { findProfile } from '../profile/queries.js';
import { canDecideApplication, canReviewApplicants, isOwnPost } from './policy.js';
import type { ApplicantRow, MyApplicationRow } from './presenter.js';
import {
  applicantRows,
  applicationExists,
  countApplicants,
  decidePending,
  deletePendingApplication,
  findApplicationWithPost,
  hasApplied,
  insertApplication,
  isApplicationOf,
  myApplicationRows,
} from './queries.js';
import * as T from './texts.js';
import { touched } from '../../lib/public-changes.js';

const APPLICANTS_PAGE = 16;
const alreadyApplied = () => new Conflict(T.ALREADY_APPLIED, 'already_applied');
const applicationNotFound = () => new NotFound(T.APPLICATION_NOT_FOUND);

/** What an application stored: its id, the applicant's name and the profile it was made with. */
export interface Applied {
  applicationId: number;
  nickname: string;
  profile: ProfileRow;
}

/** Apply (docs/api.md §3.5), every rule in its order; the unique index settles concurrent duplicates. */
export async function apply(ctx: AppContext, user: AuthUser, postId: number): Promise<Applied> {
  const [post, profile, applied] = await readTogether([
    loadPost(ctx.db, postId, T.APPLY_POST_NOT_FOUND),
    findProfile(ctx.db, user.id),
    hasApplied(ctx.db, postId, user.id),
  ]);
  // a hidden post is not found but by its author (docs/api.md §10.4), who meets own_post below
  if (post.hiddenAt !== null && !isOwnPost(user, post)) throw new NotFound(T.APPLY_POST_NOT_FOUND);
  if (isEffectivelyInactive(post, todayIn(ctx))) throw new BadRequest(T.APPLY_INACTIVE, 'post_inactive');
  if (isOwnPost(user, post)) throw new BadRequest(T.APPLY_OWN_POST, 'own_post');
  if (post.currentMembers >= post.totalMembers) throw new BadRequest(T.APPLY_POST_FULL, 'post_full');
  if (!profile) throw new BadRequest(T.APPLY_PROFILE_REQUIRED, 'profile_required');
  if (applied) throw alreadyApplied();

  const now = ctx.clock.now();
  const applicationId = await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    await lockActiveActor(tx, user.id);
    const id = await insertApplication(tx, postId, user.id, now);
    await ctx.events.emit(scope, 'message.systemNotice', {
      notes: [
        // the applicant's confirmation of their own action stays in the app
        {
          receiverId: user.id,
          content: T.appliedMessage(post.title),
          type: 'APPLICATION_DECIDED',
          link: postPagePath(post.kind, post.id),
          quiet: true,
        },
        {
          receiverId: post.creatorId,
          content: T.newApplicantMessage(user.nickname, post.title),
          type: 'APPLICATION_RECEIVED',
          link: `/applicants/${post.id}`,
        },
      ],
    });
    return id;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw alreadyApplied();
    // The post was deleted after the checks above.
    if (isForeignKeyViolation(err)) throw new NotFound(T.APPLY_POST_NOT_FOUND);
    throw err;
  });
  return { applicationId, nickname: user.nickname, profile };
}

export function myApplications(ctx: AppContext, user: AuthUser): Promise<MyApplicationRow[]> {
  return myApplicationRows(ctx.db, user.id, todayIn(ctx));
}

/** The author's view of a post's applicants, 16 per page, newest application first. */
export async function applicantList(
  ctx: AppContext,
  user: AuthUser,
  postId: number,
  page: number,
): Promise<{ title: string; page: Page<ApplicantRow> }> {
  const post = await loadPost(ctx.db, postId, T.LIST_POST_NOT_FOUND);
  authorize(canReviewApplicants(user, post), T.LIST_FORBIDDEN);
  const req = pageRequest(page, APPLICANTS_PAGE);
  const [rows, counted] = await Promise.all([applicantRows(ctx.db, postId, req), countApplicants(ctx.db, postId)]);
  return { title: post.title, page: toPage(rows, req, counted) };
}

/**
 * DELETE /api/applications/{id} (docs/api.md §9.1): the applicant withdraws a PENDING application. The delete is
 * conditional on PENDING, so of a cancel and the author's decision racing, exactly one changes the row; the
 * other finds it decided (409 here) or gone (not_pending there). Someone else's id is "not found", never 403.
 */
export async function cancel(ctx: AppContext, user: AuthUser, applicationId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (await deletePendingApplication(tx, applicationId, user.id)) return;
    if (!(await isApplicationOf(tx, applicationId, user.id))) throw new NotFound(T.CANCEL_NOT_FOUND, 'application_not_found');
    throw new Conflict(T.CANCEL_DECIDED, 'application_decided');
  });
}

/** The application with its post, or NotFound with the route's text. */
async function loadApplication(db: Db, id: number): Promise<{ application: ApplicationRow; post: PostRow }> {
  const found = await findApplicationWithPost(db, id);
  if (!found) throw applicationNotFound();
  return found;
}

const DECISIONS = ['APPROVED', 'REJECTED'] as const;
type Decision = (typeof DECISIONS)[number];

/** Approve or reject, in one transaction: conditional on PENDING, and +1 only while a seat is free. */
export async function decide(ctx: AppContext, user: AuthUser, applicationId: number, status: unknown): Promise<void> {
  const { application, post } = await loadApplication(ctx.db, applicationId);
  authorize(canDecideApplication(user, post), T.DECIDE_FORBIDDEN);
  if (!DECISIONS.includes(status as Decision)) throw new BadRequest(T.INVALID_STATUS, 'invalid_status');
  const decision = status as Decision;
  const notPending = () => new BadRequest(T.NOT_PENDING, 'not_pending');
  const grouped = () => new BadRequest(T.DECIDE_HAS_GROUP, 'post_has_group');
  const full = () => new BadRequest(T.CAPACITY_EXCEEDED, 'capacity_exceeded');
  if (application.status !== 'PENDING') throw notPending();
  if (await hasGroup(ctx.db, post.id)) throw grouped();
  if (decision === 'APPROVED' && post.currentMembers >= post.totalMembers) throw full();

  const now = ctx.clock.now();
  await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    // A post deleted meanwhile took its applications with it.
    if (!(await lockPost(tx, post.id))) throw applicationNotFound();
    if (await hasGroup(tx, post.id)) throw grouped();
    if (!(await decidePending(tx, applicationId, decision, now))) {
      // decided meanwhile, cancelled by its applicant (docs/api.md §9.1: the decision loses with not_pending),
      // or gone with its applicant's withdrawal (404)
      if (await applicationExists(tx, applicationId)) throw notPending();
      throw (await isActiveUser(tx, application.applicantId)) ? notPending() : applicationNotFound();
    }
    if (decision === 'APPROVED') {
      if (!(await takeSeat(tx, post.id))) throw full();
      scope.afterCommit(() => ctx.changes.publish(touched.post(post.id, post.kind)));
    }
    const text = decision === 'APPROVED' ? T.approvedMessage(post.title) : T.rejectedMessage(post.title);
    await ctx.events.emit(scope, 'message.systemNotice', {
      receiverIds: [application.applicantId],
      note: { content: text, type: 'APPLICATION_DECIDED', link: postPagePath(post.kind, post.id) },
    });
  });
}
