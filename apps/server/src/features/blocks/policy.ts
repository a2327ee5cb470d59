import type { AuthUser } from '../../lib/auth-user.js';

/** Nobody blocks themselves (docs/api.md §9.4 `block_self`). */
export const isSelf = (user: AuthUser, userId: number) => user.id === userId;

/** A block either way stops 쪽지 and invites between the two users (docs/api.md §9.4). */
export const mayReach = (blockedEitherWay: boolean) => !blockedEitherWay;
