import type { AuthUser } from '../../lib/auth-user.js';

export const isBoardAuthor = (user: AuthUser | null, board: { authorId: number }) => user?.id === board.authorId;

/** A reply may be deleted by its own author or by the author of the post it is on. */
export const canDeleteReply = (user: AuthUser, reply: { authorId: number }, board: { authorId: number }) =>
  user.id === reply.authorId || user.id === board.authorId;

export const isReplyAuthor = (user: AuthUser, reply: { authorId: number }) => user.id === reply.authorId;
