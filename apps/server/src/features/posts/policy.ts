import type { AuthUser } from '../../lib/request-auth.js';

export const isAuthor = (user: AuthUser, post: { creatorId: number }) => user.id === post.creatorId;
