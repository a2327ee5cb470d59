import type { AuthUser } from '../../lib/auth-user.js';

/**
 * docs/api.md §1.5: on update and delete `writerId` is optional; when given it must name the caller (a number or
 * a numeric string). Only the writer changes an entry; the service then touches the caller's own entry only.
 */
export function isClaimedWriter(user: AuthUser, writerId: unknown): boolean {
  if (writerId === undefined || writerId === null) return true;
  const id =
    typeof writerId === 'number'
      ? writerId
      : typeof writerId === 'string' && /^\s*\d+\s*$/.test(writerId)
        ? Number(writerId)
        : NaN;
  return id === user.id;
}
