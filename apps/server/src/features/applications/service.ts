import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Db } from '../../db/client.js';
import { applications, basePosts, users, type ApplicationRow, type PostRow, type ProfileRow } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Conflict, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { limitOffset } from '../../db/paging-sql.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { lockActiveActor } from '../account/queries.js';
import { inTransaction } from '../../lib/transaction.js';
import { readTogether } from '../../lib/read-together.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { effectiveInactive, isEffectivelyInactive } from '../posts/policy.js';
import { hasGroup, loadPost, lockPost, todayIn } from '../posts/queries.js';
import { findProfile } from '../profile/queries.js';
import { canDecideApplication, canReviewApplicants, isOwnPost } from './policy.js';
import type { ApplicantRow, MyApplicationRow } from './presenter.js';
import * as T from './texts.js';
import { touched } from '../../lib/public-changes.js';

const APPLICANTS_PAGE = 16;
const alreadyApplied = () => new Conflict('already_applied', T.ALREADY_APPLIED);
const applicationNotFound = () => new NotFound(T.APPLICATION_NOT_FOUND);

/** What an application stored: its id, the applicant's name and the profile it was made with. */
export interface Applied {
  applicationId: number;
  nickname: string;
  profile: ProfileRow;
}

/** Apply (docs/api.md §3.5), every rule in its order; the unique index settles concurrent duplicates. */
export async function apply(ctx: AppContext, user: AuthUser, postId: number): Promise<Applied> {
  const [post, profile, earlier] = await readTogether([
    loadPost(ctx.db, postId, T.APPLY_POST_NOT_FOUND),
    findProfile(ctx.db, user.id),
    ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.postId, postId), eq(applications.applicantId, user.id))),
  ]);
  if (isEffectivelyInactive(post, todayIn(ctx))) throw new BadRequest(T.APPLY_INACTIVE, 'post_inactive');
  if (isOwnPost(user, post)) throw new BadRequest(T.APPLY_OWN_POST, 'own_post');
  if (post.currentMembers >= post.totalMembers) throw new BadRequest(T.APPLY_POST_FULL, 'post_full');
  if (!profile) throw new BadRequest(T.APPLY_PROFILE_REQUIRED, 'profile_required');
  if (earlier.length > 0) throw alreadyApplied();

  const now = ctx.clock.now();
  const applicationId = await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    await lockActiveActor(tx, user.id);
    const [row] = await tx
      .insert(applications)
      .values({ postId, applicantId: user.id, appliedAt: now })
      .returning({ id: applications.id });
    await ctx.events.emit(scope, 'message.systemNotice', {
      notes: [
        { receiverId: user.id, content: T.appliedMessage(post.title) },
        { receiverId: post.creatorId, content: T.newApplicantMessage(user.nickname, post.title) },
      ],
    });
    return row.id;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw alreadyApplied();
    // The post was deleted after the checks above.
    if (isForeignKeyViolation(err)) throw new NotFound(T.APPLY_POST_NOT_FOUND);
    throw err;
  });
  return { applicationId, nickname: user.nickname, profile };
}

export function myApplications(ctx: AppContext, user: AuthUser): Promise<MyApplicationRow[]> {
  return queryRows<MyApplicationRow>(
    ctx.db,
    sql`SELECT a.id, a.post_id, p.title, a.status, a.applied_at, ${effectiveInactive(todayIn(ctx))} AS inactive, p.kind
        FROM applications a JOIN base_posts p ON p.id = a.post_id
        WHERE a.applicant_id = ${user.id} ORDER BY a.id DESC`,
  );
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
  const [rows, counted] = await Promise.all([
    queryRows<ApplicantRow>(
      ctx.db,
      sql`SELECT a.id, a.applicant_id, a.status, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
            ap.contact, ap.field, ap.tech_stacks
          FROM applications a JOIN users u ON u.id = a.applicant_id
          LEFT JOIN application_profiles ap ON ap.user_id = a.applicant_id
          WHERE a.post_id = ${postId} ORDER BY a.id DESC ${limitOffset(req)}`,
    ),
    ctx.db.$count(applications, eq(applications.postId, postId)),
  ]);
  return { title: post.title, page: toPage(rows, req, Number(counted)) };
}

/**
 * DELETE /api/applications/{id} (docs/api.md §9.1): the applicant withdraws a PENDING application. The delete is
 * conditional on PENDING, so of a cancel and the author's decision racing, exactly one changes the row; the
 * other finds it decided (409 here) or gone (not_pending there). Someone else's id is "not found", never 403.
 */
export async function cancel(ctx: AppContext, user: AuthUser, applicationId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await queryRows(
      tx,
      sql`DELETE FROM applications WHERE id = ${applicationId} AND applicant_id = ${user.id} AND status = 'PENDING'
          RETURNING id`,
    );
    if (removed.length > 0) return;
    const [mine] = await queryRows(tx, sql`SELECT 1 FROM applications WHERE id = ${applicationId} AND applicant_id = ${user.id}`);
    if (!mine) throw new NotFound(T.CANCEL_NOT_FOUND, 'application_not_found');
    throw new Conflict('application_decided', T.CANCEL_DECIDED);
  });
}

/** The application with its post, or NotFound with the route's text. */
async function loadApplication(db: Db, id: number): Promise<{ application: ApplicationRow; post: PostRow }> {
  const [found] = await db
    .select({ application: applications, post: basePosts })
    .from(applications)
    .innerJoin(basePosts, eq(basePosts.id, applications.postId))
    .where(eq(applications.id, id));
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
    const changed = await tx
      .update(applications)
      .set({ status: decision, decidedAt: now })
      .where(and(eq(applications.id, applicationId), eq(applications.status, 'PENDING')))
      .returning({ id: applications.id });
    if (changed.length === 0) {
      // decided meanwhile, cancelled by its applicant (docs/api.md §9.1: the decision loses with not_pending),
      // or gone with its applicant's withdrawal (404)
      const [still] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
      if (still) throw notPending();
      const [applicant] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, application.applicantId), isNull(users.withdrawnAt)));
      throw applicant ? notPending() : applicationNotFound();
    }
    if (decision === 'APPROVED') {
      const seat = await tx
        .update(basePosts)
        .set({ currentMembers: sql`${basePosts.currentMembers} + 1` })
        .where(and(eq(basePosts.id, post.id), sql`${basePosts.currentMembers} < ${basePosts.totalMembers}`))
        .returning({ id: basePosts.id });
      if (seat.length === 0) throw full();
      scope.afterCommit(() => ctx.changes.publish(touched.post(post.id, post.kind)));
    }
    const text = decision === 'APPROVED' ? T.approvedMessage(post.title) : T.rejectedMessage(post.title);
    await ctx.events.emit(scope, 'message.systemNotice', { receiverIds: [application.applicantId], content: text });
  });
}
