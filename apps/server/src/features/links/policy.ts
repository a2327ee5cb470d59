import type { AuthUser } from '../../lib/auth-user.js';
import { isGroupAdmin, type GroupAccess } from '../groups/policy.js';

/** Any member shares links; a link is deleted by its writer or by the group's admin. */
export const canDeleteLink = (user: AuthUser, membership: GroupAccess['membership'], link: { writerId: number }) =>
  link.writerId === user.id || isGroupAdmin(membership);
