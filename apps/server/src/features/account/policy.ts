import type { AuthUser } from '../../lib/auth-user.js';

export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
