import type { ReportTargetType } from '@app/contract';
import { HIDEABLE_TARGET_TYPES } from '@app/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { TargetRow } from './queries.js';

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

/** The operator check of every /api/admin route: the role is read from the database on each request. */
export const isOperatorNow = (operator: boolean) => operator;
