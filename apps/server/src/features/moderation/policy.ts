import type { ReportTargetType } from '@app/contract';
import { HIDEABLE_TARGET_TYPES, SUSPENSION_TEXTS } from '@app/contract';
import type { AuthUser, Viewer } from '../../lib/auth-user.js';
import { Forbidden } from '../../lib/errors.js';
import type { TargetRow } from './queries.js';

/** The new-account limits, for the create paths of other areas (posts, boards, 쪽지). */
export { checkNewAccountLimit, withinNewAccountLimit, type NewAccountCreate } from './new-account-limits.js';

/**
 * Who may report a thing: whoever may read it (docs/api.md §10.4). A 쪽지 only its receiver; a link or notice only a
 * member of its group; hidden content nobody but its author (who cannot report their own); the rest everyone.
 */
export function mayReport(user: AuthUser, type: ReportTargetType, target: TargetRow, groupMember: boolean): boolean {
  if (target.hidden_at !== null && target.author_id !== user.id) return false;
  if (type === 'MESSAGE') return target.receiver_id === user.id;
  if (type === 'LINK' || type === 'NOTICE') return groupMember;
  return true;
}

/** Nobody reports their own content, 쪽지 or account. */
export const isOwnTarget = (user: AuthUser, target: TargetRow) => target.author_id === user.id;

/** HIDE and RESTORE apply to content; a 쪽지 or a profile is dismissed (or its sender suspended). */
export const isHideable = (type: ReportTargetType) => (HIDEABLE_TARGET_TYPES as readonly string[]).includes(type);

/**
 * The operator check of every /api/admin route: an operator as the auth hook read it with the user on this request
 * (granted, or listed in OPERATORS), so a revoked grant counts from the next request.
 */
export const isOperatorUser = (user: AuthUser) => user.operator === true;

/** Hidden content is read by its author and by operators only (docs/api.md §10.4). */
export const mayReadHidden = (viewer: Viewer | null, authorId: number) =>
  viewer !== null && (viewer.id === authorId || viewer.operator === true);

/** An account OPERATORS lists (lower-cased in config), while it is listed. */
export const isListedOperator = (listed: readonly string[], loginId: string | null) =>
  loginId !== null && listed.includes(loginId.toLowerCase());

export interface Suspension {
  until: Date;
  reason: string;
}

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `YYYY년 M월 D일` of the instant in Asia/Seoul. */
export function seoulDayLabel(d: Date): string {
  const local = new Date(d.getTime() + SEOUL_OFFSET_MS);
  return `${local.getUTCFullYear()}년 ${local.getUTCMonth() + 1}월 ${local.getUTCDate()}일`;
}

/** A suspension stands until its end time: no job ends it, the clock does. */
export const isSuspended = (s: Suspension | null | undefined, now: Date): s is Suspension =>
  !!s && s.until.getTime() > now.getTime();

/** 403 `account_suspended` with the end date and the reason, on every login route and on login, while it stands. */
export function refuseSuspended(s: Suspension | null | undefined, now: Date): void {
  if (isSuspended(s, now)) {
    throw new Forbidden(SUSPENSION_TEXTS.accountSuspended(seoulDayLabel(s.until), s.reason), 'account_suspended');
  }
}
