import { and, eq, sql } from 'drizzle-orm';
import {
  WITHDRAWN_NAME,
  type Applicant,
  type ApplicantList,
  type ApplyResult,
  type MyApplication,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { applications, basePosts, type ApplicationStatusValue } from '../../db/schema/index.js';
import { seoulDateTime } from '../../lib/clock.js';
import { BadRequest, Conflict, Forbidden, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { lockActiveActor } from '../../lib/actor-lock.js';
import type { AuthUser } from '../../lib/request-auth.js';
import { sendSystemMessage } from '../messages/system-messages.js';
import { effectiveInactive, isEffectivelyInactive } from '../posts/inactivity.js';
import { isAuthor } from '../posts/policy.js';
import { findPost, hasGroup, lockPost, todayIn } from '../posts/service.js';
import { findProfile } from '../profile/service.js';

const APPLICANTS_PAGE = 16;
const alreadyApplied = () => new Conflict('already_applied', '이미 이 공고에 지원했습니다.');
const postNotFound = () => new NotFound('해당 모집 공고를 찾을 수 없습니다.');
const applicationNotFound = () => new NotFound('지원 정보를 찾을 수 없습니다.');

/** Contract 3.5 apply, every rule in its order; the unique index settles concurrent duplicates. */
export async function apply(ctx: AppContext, user: AuthUser, postId: number): Promise<ApplyResult> {
  const post = await findPost(ctx.db, postId);
  if (!post) throw postNotFound();
  if (isEffectivelyInactive(post, todayIn(ctx))) throw new BadRequest('마감된 공고에는 지원이 불가능합니다.', 'post_inactive');
  if (isAuthor(user, post)) throw new BadRequest('자신이 작성한 공고에는 지원할 수 없습니다.', 'own_post');
  if (post.currentMembers >= post.totalMembers) throw new BadRequest('모집 인원이 마감되었습니다.', 'post_full');
  const profile = await findProfile(ctx.db, user.id);
  if (!profile) throw new BadRequest('지원 정보를 먼저 등록해주세요.', 'profile_required');
  const earlier = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.postId, postId), eq(applications.applicantId, user.id)));
  if (earlier.length > 0) throw alreadyApplied();

  const now = ctx.clock.now();
  const applicationId = await ctx.db
    .transaction(async (tx) => {
      await lockActiveActor(tx, user.id);
      const [row] = await tx
        .insert(applications)
        .values({ postId, applicantId: user.id, appliedAt: now })
        .returning({ id: applications.id });
      await sendSystemMessage(tx, user.id, `▷${post.title}◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.`, now);
      await sendSystemMessage(
        tx,
        post.creatorId,
        `${user.nickname}님이 '${post.title}' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.`,
        now,
      );
      return row.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw alreadyApplied();
      // The post was deleted after the checks above.
      if (isForeignKeyViolation(err)) throw postNotFound();
      throw err;
    });
  return {
    applicationId,
    applicantNickname: user.nickname,
    status: 'PENDING',
    techStacks: profile.techStacks,
    field: profile.field,
    contact: profile.contact,
  };
}

interface MyApplicationRow {
  id: number;
  post_id: number;
  title: string;
  status: ApplicationStatusValue;
  applied_at: Date;
  inactive: boolean;
  kind: MyApplication['postType'];
}

export async function myApplications(ctx: AppContext, user: AuthUser): Promise<MyApplication[]> {
  const rows = await queryRows<MyApplicationRow>(
    ctx.db,
    sql`SELECT a.id, a.post_id, p.title, a.status, a.applied_at, ${effectiveInactive(todayIn(ctx))} AS inactive, p.kind
        FROM applications a JOIN base_posts p ON p.id = a.post_id
        WHERE a.applicant_id = ${user.id} ORDER BY a.id DESC`,
  );
  return rows.map((r) => ({
    applicationId: r.id,
    basePostId: r.post_id,
    recruitmentTitle: r.title,
    status: r.status,
    applyDateTime: seoulDateTime(new Date(r.applied_at)),
    inactive: r.inactive,
    postType: r.kind,
  }));
}

interface ApplicantRow {
  id: number;
  applicant_id: number;
  status: ApplicationStatusValue;
  nickname: string | null;
  withdrawn: boolean;
  contact: string | null;
  field: string | null;
  tech_stacks: string[] | null;
}

/** The author's view of a post's applicants, 16 per page, newest application first. */
export async function applicantList(ctx: AppContext, user: AuthUser, postId: number, page: number): Promise<ApplicantList> {
  const post = await findPost(ctx.db, postId);
  if (!post) throw new NotFound('모집 공고를 찾을 수 없습니다.');
  if (!isAuthor(user, post)) throw new Forbidden('지원 리스트를 볼 권한이 없습니다.');
  const req = pageRequest(page, APPLICANTS_PAGE);
  const [rows, counted] = await Promise.all([
    queryRows<ApplicantRow>(
      ctx.db,
      sql`SELECT a.id, a.applicant_id, a.status, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
            ap.contact, ap.field, ap.tech_stacks
          FROM applications a JOIN users u ON u.id = a.applicant_id
          LEFT JOIN application_profiles ap ON ap.user_id = a.applicant_id
          WHERE a.post_id = ${postId} ORDER BY a.id DESC LIMIT ${req.size} OFFSET ${req.offset}`,
    ),
    ctx.db.$count(applications, eq(applications.postId, postId)),
  ]);
  const applicants: Applicant[] = rows.map((r) => ({
    applicationId: r.id,
    applicantNickname: r.withdrawn || !r.nickname ? WITHDRAWN_NAME : r.nickname,
    status: r.status,
    techStacks: r.tech_stacks ?? [],
    field: r.field ?? '',
    contact: r.contact ?? null,
    userId: r.applicant_id,
  }));
  const { content, ...paging } = toPage(applicants, req, Number(counted));
  return { title: post.title, applicants: content, ...paging };
}

const DECISIONS = ['APPROVED', 'REJECTED'] as const;
type Decision = (typeof DECISIONS)[number];

/** Approve or reject, in one transaction: conditional on PENDING, and +1 only while a seat is free. */
export async function decide(ctx: AppContext, user: AuthUser, applicationId: number, status: unknown): Promise<void> {
  const [found] = await ctx.db
    .select({ application: applications, post: basePosts })
    .from(applications)
    .innerJoin(basePosts, eq(basePosts.id, applications.postId))
    .where(eq(applications.id, applicationId));
  if (!found) throw applicationNotFound();
  const { application, post } = found;
  if (!isAuthor(user, post)) throw new Forbidden('지원 승인/거절할 권한이 없습니다.');
  if (!DECISIONS.includes(status as Decision)) {
    throw new BadRequest('지원 상태 값이 올바르게 전달되지 않았습니다.', 'invalid_status');
  }
  const decision = status as Decision;
  const notPending = () => new BadRequest('검토중 상태의 지원서만 상태 변경이 가능합니다.', 'not_pending');
  const grouped = () => new BadRequest('그룹이 생성된 공고의 지원 상태는 변경할 수 없습니다.', 'post_has_group');
  const full = () => new BadRequest('모집 인원이 초과되었습니다.', 'capacity_exceeded');
  if (application.status !== 'PENDING') throw notPending();
  if (await hasGroup(ctx.db, post.id)) throw grouped();
  if (decision === 'APPROVED' && post.currentMembers >= post.totalMembers) throw full();

  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // A post deleted meanwhile took its applications with it.
    if (!(await lockPost(tx, post.id))) throw applicationNotFound();
    if (await hasGroup(tx, post.id)) throw grouped();
    const changed = await tx
      .update(applications)
      .set({ status: decision, decidedAt: now })
      .where(and(eq(applications.id, applicationId), eq(applications.status, 'PENDING')))
      .returning({ id: applications.id });
    if (changed.length === 0) {
      // decided meanwhile, or gone with its applicant's withdrawal
      const [still] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
      throw still ? notPending() : applicationNotFound();
    }
    if (decision === 'APPROVED') {
      const seat = await tx
        .update(basePosts)
        .set({ currentMembers: sql`${basePosts.currentMembers} + 1` })
        .where(and(eq(basePosts.id, post.id), sql`${basePosts.currentMembers} < ${basePosts.totalMembers}`))
        .returning({ id: basePosts.id });
      if (seat.length === 0) throw full();
    }
    const text =
      decision === 'APPROVED'
        ? `▷${post.title}◁ 공고에 승인되었습니다! 그룹과 채팅방이 만들어질 때까지 기다려주세요.`
        : `▷${post.title}◁ 공고에 거절되었습니다.`;
    await sendSystemMessage(tx, application.applicantId, text, now);
  });
}
