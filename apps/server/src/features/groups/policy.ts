import type { Db } from '../../db/client.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { findGroupWithRole, type GroupFields } from './queries.js';
import { NOT_GROUP_MEMBER_TEXT } from './texts.js';

export interface GroupAccess {
  group: GroupFields;
  /** the caller's membership; a caller who is not a member never gets past {@link loadGroupAccess} */
  membership: { role: 'ADMIN' | 'MEMBER' };
  /** the caller's showcase consent if they were a member when the group completed, else null */
  completionConsent: boolean | null;
}

export type Membership = GroupAccess['membership'];

/** The admin edits, deletes, invites and kicks; the admin cannot leave or be kicked. */
export const isGroupAdmin = (membership: Membership) => membership.role === 'ADMIN';

/** A completed group takes no invite, kick or deletion (docs/api.md §10.2). */
export const isCompleted = (group: Pick<GroupAccess['group'], 'status'>) => group.status === 'COMPLETED';

/** Anyone but the admin may leave. */
export const canLeaveGroup = (membership: Membership) => !isGroupAdmin(membership);

/** A member of the group, whatever the role (a membership lookup that found no row gives null). */
export const isGroupMember = (role: Membership['role'] | null): role is Membership['role'] => role !== null;

/**
 * Every group-scoped route of every area starts here: the group and the caller's membership in one query, default
 * deny: 404 with the route's text when the group is missing, 403 not_group_member when the caller is not in it
 * (docs/api.md §3.6, §3.7, §3.8).
 */
export async function loadGroupAccess(db: Db, groupId: number, userId: number, notFoundText: string): Promise<GroupAccess> {
  const found = await findGroupWithRole(db, groupId, userId);
  if (!found) throw new NotFound(notFoundText);
  if (!isGroupMember(found.role)) throw new Forbidden(NOT_GROUP_MEMBER_TEXT, 'not_group_member');
  return { group: found.group, membership: { role: found.role }, completionConsent: found.completionConsent };
}
