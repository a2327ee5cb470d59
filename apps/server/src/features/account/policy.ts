import type { AuthUser } from '../../lib/request-auth.js';

export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
