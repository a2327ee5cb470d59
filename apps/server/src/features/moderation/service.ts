import {
  AUTO_HIDE_REPORTER_AGE_HOURS,
  AUTO_HIDE_REPORTERS,
  HIDDEN_BY_REPORTS_TEXT,
  MODERATION_TEXTS,
  REPORT_DAILY_LIMIT,
  REPORT_TEXTS,
  type ReportBody,
  type ReportTargetType,
  type ResolveReportBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { PostKind } from '../../db/schema/index.js';
import { LOCK, lockExclusive, lockExclusiveOnText } from '../../db/locks.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, Conflict, NotFound, TooManyRequests } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { touched } from '../../lib/public-changes.js';
import type { Deferred } from '../../lib/validation.js';
import { lockActiveActor } from '../account/queries.js';
import { findMember } from '../groups/queries.js';
import { isHideable, isOperatorUser, isOwnTarget, mayReport } from './policy.js';
import {
  auditPage,
  findTarget,
  findTargets,
  hideUnlessHidden,
  insertAudit,
  insertReport,
  queuePage,
  reportsOf,
  reportsSince,
  resolveReports,
  seasonedReporters,
  setHidden,
  targetKey,
  type ReportRow,
  type TargetRow,
} from './queries.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const ADMIN_PAGE_SIZE = 20;

/** POST /api/reports: 404 unless the reporter may read the target, 400 self, 409 twice, 429 past the daily limit. */
export async function report(ctx: AppContext, user: AuthUser, body: ReportBody): Promise<void> {
  const now = ctx.clock.now();
  const tags = await ctx.db.transaction(async (tx) => {
    await lockActiveActor(tx, user.id);
    const target = await findTarget(tx, body.targetType, body.targetId);
    const member = target?.group_id != null ? (await findMember(tx, target.group_id, user.id)) !== undefined : false;
    if (!target || !mayReport(user, body.targetType, target, member)) throw new NotFound(REPORT_TEXTS.notFound);
    if (isOwnTarget(user, target)) throw new BadRequest(REPORT_TEXTS.self, 'report_self');
    // two reports at once cannot both pass the limit
    await lockExclusive(tx, LOCK.userReports, user.id);
    const added = await insertReport(tx, {
      reporterId: user.id,
      targetType: body.targetType,
      targetId: body.targetId,
      reason: body.reason,
      detail: body.detail ?? null,
      now,
    });
    if (!added) throw new Conflict(REPORT_TEXTS.exists, 'report_exists');
    const recent = await reportsSince(tx, user.id, new Date(now.getTime() - DAY_MS));
    if (recent.n > REPORT_DAILY_LIMIT) {
      const freesAt = (recent.oldest?.getTime() ?? now.getTime()) + DAY_MS;
      throw new TooManyRequests((freesAt - now.getTime()) / 1000, REPORT_TEXTS.limit, 'report_limit');
    }
    return hideWhenReportedEnough(tx, body.targetType, body.targetId, target, now);
  });
  if (tags.length) ctx.changes.publish(tags);
}

/**
 * Content hides itself once {@link AUTO_HIDE_REPORTERS} distinct reporters whose accounts were older than 24 hours
 * when they reported it have open reports on it, in the transaction of the report that made the count, with an
 * audit entry without an operator. A RESTORE or DISMISS closes the reports it saw: the count starts again, so three
 * new reporters can hide content an operator restored (which may have been edited since).
 */
async function hideWhenReportedEnough(tx: Db, type: ReportTargetType, id: number, target: TargetRow, now: Date) {
  if (!isHideable(type) || target.hidden_at !== null) return [];
  // the last of reports made at once takes this after the others, and counts them all
  await lockExclusiveOnText(tx, LOCK.reportTarget, `${type}:${id}`);
  if ((await seasonedReporters(tx, type, id, AUTO_HIDE_REPORTER_AGE_HOURS * HOUR_MS)) < AUTO_HIDE_REPORTERS) return [];
  if (!(await hideUnlessHidden(tx, type, id, now, HIDDEN_BY_REPORTS_TEXT))) return [];
  await insertAudit(tx, { operatorId: null, action: 'HIDE', targetType: type, targetId: id, note: HIDDEN_BY_REPORTS_TEXT, now });
  return changedTags(type, id, target);
}

/** 403 `operator_only` unless the caller is an operator now (granted, or listed in OPERATORS). */
export function requireOperator(user: AuthUser): void {
  authorize(isOperatorUser(user), MODERATION_TEXTS.operatorOnly, 'operator_only');
}

export interface QueueItem {
  targetType: ReportTargetType;
  targetId: number;
  lastReportedAt: Date;
  target: TargetRow | undefined;
  reports: ReportRow[];
}

/** GET /api/admin/reports: targets with their reports grouped, most reported first, each read in its context. */
export async function reportQueue(ctx: AppContext, user: AuthUser, status: 'OPEN' | 'RESOLVED', page: number) {
  requireOperator(user);
  const req = pageRequest(page, ADMIN_PAGE_SIZE);
  const open = status === 'OPEN';
  const { rows, total } = await queuePage(ctx.db, open, req);
  // one statement per kind of target on the page and one for every report: not two per item
  const targets = new Map<ReportTargetType, Map<number, TargetRow>>();
  for (const type of new Set(rows.map((row) => row.target_type)))
    targets.set(
      type,
      await findTargets(
        ctx.db,
        type,
        rows.filter((row) => row.target_type === type).map((row) => row.target_id),
      ),
    );
  const reports =
    rows.length === 0
      ? new Map<string, ReportRow[]>()
      : await reportsOf(
          ctx.db,
          rows.map((row) => ({ type: row.target_type, id: row.target_id })),
          open,
        );
  const items: QueueItem[] = rows.map((row) => ({
    targetType: row.target_type,
    targetId: row.target_id,
    lastReportedAt: new Date(row.last_reported_at),
    target: targets.get(row.target_type)?.get(Number(row.target_id)),
    reports: reports.get(targetKey(row.target_type, Number(row.target_id))) ?? [],
  }));
  return toPage(items, req, total);
}

/** What a hide or restore changes publicly: the same tags as an edit of that content. */
function changedTags(type: ReportTargetType, id: number, target: TargetRow): string[] {
  if (type === 'POST') return touched.postHidden(id, (target.post_kind ?? 'RECRUITMENT') as PostKind);
  if (type === 'BOARD') return touched.board(id);
  if (type === 'REPLY' && target.board_id !== null) return touched.board(target.board_id);
  return []; // links and notices are read by group members only, never cached publicly
}

/**
 * POST /api/admin/reports/{targetType}/{targetId}/resolve: 403, then 404 when the target was deleted meanwhile, then
 * the body; the action closes the target's open reports and is written to the audit log.
 */
export async function resolveTarget(
  ctx: AppContext,
  user: AuthUser,
  type: ReportTargetType,
  id: number,
  body: Deferred<ResolveReportBody>,
): Promise<ResolveReportBody['action']> {
  requireOperator(user);
  const now = ctx.clock.now();
  const { action, tags } = await ctx.db.transaction(async (tx) => {
    const target = await findTarget(tx, type, id);
    if (!target) throw new NotFound(MODERATION_TEXTS.targetGone, 'target_not_found');
    const input = body();
    if (input.action !== 'DISMISS') {
      if (!isHideable(type)) throw new BadRequest(MODERATION_TEXTS.notHideable, 'not_hideable');
      const hidden = input.action === 'HIDE' ? { at: now, reason: input.note } : null;
      if (!(await setHidden(tx, type, id, hidden))) throw new NotFound(MODERATION_TEXTS.targetGone, 'target_not_found');
    }
    await resolveReports(tx, type, id, now);
    await insertAudit(tx, { operatorId: user.id, action: input.action, targetType: type, targetId: id, note: input.note, now });
    return { action: input.action, tags: input.action === 'DISMISS' ? [] : changedTags(type, id, target) };
  });
  if (tags.length) ctx.changes.publish(tags);
  return action;
}

/** GET /api/admin/audit: every operator action, newest first. */
export async function auditLog(ctx: AppContext, user: AuthUser, page: number) {
  requireOperator(user);
  const req = pageRequest(page, ADMIN_PAGE_SIZE);
  const { rows, total } = await auditPage(ctx.db, req);
  return toPage(rows, req, total);
}
