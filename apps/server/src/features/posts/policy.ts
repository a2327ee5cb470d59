import type { AuthUser } from '../../lib/request-auth.js';

export const isAuthor = (user: AuthUser, post: { creatorId: number }) => user.id === post.creatorId;

/** Edit, close, delete, list and decide applicants, create a group: the author only (contract 8.12). */
export const canEditPost = isAuthor;
