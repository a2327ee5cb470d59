import { isGroupAdmin, type GroupAccess } from '../groups/policy.js';

/** Only the group's admin writes, edits, pins and deletes notices; every member reads them. */
export const canManageNotices = (membership: GroupAccess['membership']) => isGroupAdmin(membership);
