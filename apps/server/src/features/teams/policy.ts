import { REVIEW_WINDOW_DAYS } from '@app/contract';
import type { Db } from '../../db/client.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { findGroupWithRole, type GroupFields } from '../groups/queries.js';
import { NOT_GROUP_MEMBER_TEXT } from '../groups/texts.js';
import { TEAM_TEXTS } from './texts.js';

const DAY_MS = 86_400_000;

export interface TeamAccess {
  group: GroupFields;
  /** the caller's role now; null for a member at completion who has left since */
  role: 'ADMIN' | 'MEMBER' | null;
  /** whether the caller was a member when the group completed */
  atCompletion: boolean;
  consent: boolean | null;
}

export const isCompleted = (group: Pick<GroupFields, 'status'>) => group.status === 'COMPLETED';

/** The end of the review window: 14 days after completion. */
export const windowEnd = (completedAt: Date) => new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

export const isWindowOpen = (group: Pick<GroupFields, 'completedAt'>, now: Date) =>
  group.completedAt !== null && now < windowEnd(group.completedAt);

export const isTeamAdmin = (access: TeamAccess) => access.role === 'ADMIN';

/**
 * docs/api.md §10.2: the review routes take a member now, or a member at completion who left since, until the
 * window closes; the consent routes take a member at completion at any time (a consent can always be withdrawn).
 */
export const mayReview = (access: Omit<TeamAccess, 'group'>, group: GroupFields, now: Date) =>
  access.role !== null || (access.atCompletion && isWindowOpen(group, now));
export const mayConsent = (access: Omit<TeamAccess, 'group'>) => access.role !== null || access.atCompletion;

/**
 * The group (404 그룹을 찾을 수 없습니다.) and the caller's place in it, in one query; 403 not_group_member when
 * `allowed` says the caller has none.
 */
export async function loadTeamAccess(
  db: Db,
  groupId: number,
  userId: number,
  allowed: (access: Omit<TeamAccess, 'group'>, group: GroupFields) => boolean,
): Promise<TeamAccess> {
  const found = await findGroupWithRole(db, groupId, userId);
  if (!found) throw new NotFound(TEAM_TEXTS.groupNotFound);
  const access = { role: found.role, atCompletion: found.completionConsent !== null, consent: found.completionConsent };
  if (!allowed(access, found.group)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  return { group: found.group, ...access };
}
