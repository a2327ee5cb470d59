import type { GroupAccess } from '../../lib/access.js';

export type Membership = GroupAccess['membership'];

/** The admin edits, deletes, invites and kicks; the admin cannot leave or be kicked. */
export const isGroupAdmin = (membership: Membership) => membership.role === 'ADMIN';

/** Anyone but the admin may leave. */
export const canLeaveGroup = (membership: Membership) => !isGroupAdmin(membership);

/** A member of the group, whatever the role (a membership lookup that found no row gives null). */
export const isGroupMember = (role: Membership['role'] | null): role is Membership['role'] => role !== null;
