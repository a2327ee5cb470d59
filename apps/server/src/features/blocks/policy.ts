import type { AuthUser } from '../../lib/request-auth.js';

/** Nobody blocks themselves (contract 9.4 `block_self`). */
export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
