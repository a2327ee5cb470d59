import type { AuthUser } from '../../lib/auth-user.js';

/** docs/api.md §2.2: a post is inactive when stored so OR its due date is before today in Seoul (in SQL: queries.ts). */
export const isEffectivelyInactive = (post: { inactive: boolean; dueDate: string }, today: string) =>
  post.inactive || post.dueDate < today;

/** A closed post's detail is not shown (403 post_inactive); its content cannot be edited either. */
export const isViewable = (post: { inactive: boolean }) => !post.inactive;
export const isEditableContent = (post: { inactive: boolean; dueDate: string }, today: string) =>
  !isEffectivelyInactive(post, today);

export const isAuthor = (user: AuthUser, post: { creatorId: number }) => user.id === post.creatorId;

/** Edit, close, delete, list and decide applicants, create a group: the author only (docs/api.md §8.12). */
export const canEditPost = isAuthor;
