import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import { touched } from '../../lib/public-changes.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import type { Deferred } from '../../lib/validation.js';
import { mayReadHidden } from '../moderation/policy.js';
import { canDeleteReply, isReplyAuthor } from './policy.js';
import type { ReplyRowWithAuthor } from './presenter.js';
import {
  countNewReply,
  deleteReplyThread,
  findReply,
  findReplyWithAuthor,
  insertReply,
  lockBoardForReplies,
  lockReply,
  lockTopLevelReply,
  replyPageRows,
  uncountReplies,
  updateReplyContent,
  type HiddenReplies,
} from './queries.js';
import { BOARD_NOT_FOUND, INVALID_PARENT_REPLY, REPLY_DELETE_FORBIDDEN, REPLY_EDIT_FORBIDDEN, REPLY_NOT_FOUND } from './texts.js';

export const REPLY_PAGE_SIZE = 10;

/** One page of the board's replies in thread order (queries.ts replyPageRows). */
export async function replyPage(db: Db, boardId: number, page: number, hidden: HiddenReplies) {
  const req = pageRequest(page, REPLY_PAGE_SIZE);
  const { rows, total } = await replyPageRows(db, boardId, req, hidden);
  return toPage(rows, req, total);
}

/** Whether the user may read (and so reply to) the board: a hidden one only its author and operators. */
const mayReadBoard = (board: { authorId: number; hiddenAt: Date | null }, user: AuthUser) =>
  board.hiddenAt === null || mayReadHidden(user, board.authorId);

export interface NewReply {
  boardId: number;
  content: string;
  parentReplyId: number | null;
}

/**
 * One transaction: the +1 comes first (it locks the board row, so the board cannot vanish meanwhile) and is
 * rolled back with everything else when a later check fails. The parent is read FOR KEY SHARE, so a
 * concurrent delete of it either waits for this reply (and removes it too) or has already removed it.
 */
export async function createReply(ctx: AppContext, user: AuthUser, input: NewReply): Promise<ReplyRowWithAuthor> {
  const now = ctx.clock.now();
  const stored = await inTransaction(ctx.db, ctx.log, now, async (scope) => {
    const { tx } = scope;
    const board = await countNewReply(tx, input.boardId);
    if (!board || !mayReadBoard(board, user)) throw new NotFound(BOARD_NOT_FOUND);
    if (input.parentReplyId !== null && !(await lockTopLevelReply(tx, input.parentReplyId, input.boardId, user.id))) {
      throw new BadRequest(INVALID_PARENT_REPLY, 'invalid_parent_reply');
    }
    const row = await insertReply(tx, {
      boardId: input.boardId,
      authorId: user.id,
      parentReplyId: input.parentReplyId,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    });
    if (board.authorId !== user.id) {
      await ctx.events.emit(scope, 'message.systemNotice', {
        receiverIds: [board.authorId],
        note: { content: `'${board.title}' 게시글에 새로운 댓글이 달렸습니다.`, type: 'REPLY', link: `/boards/${input.boardId}` },
      });
    }
    return row;
  });
  ctx.changes.publish(touched.board(input.boardId));
  // the author is the caller, active while the request runs: the answer needs no second read
  return { ...stored, authorNickname: user.nickname, authorSystem: false, authorWithdrawnAt: null };
}

/** The reply's id, author and board, or NotFound (docs/api.md §3.10). */
async function loadReply(db: Db, id: number) {
  const row = await findReply(db, id);
  if (!row) throw new NotFound(REPLY_NOT_FOUND);
  return row;
}

/** Existence and permission come before validation (docs/api.md §3.10). */
export async function updateReply(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: Deferred<{ content: string }>,
): Promise<ReplyRowWithAuthor> {
  authorize(isReplyAuthor(user, await loadReply(ctx.db, id)), REPLY_EDIT_FORBIDDEN);
  const { content } = body();
  if (!(await updateReplyContent(ctx.db, id, content, ctx.clock.now()))) throw new NotFound(REPLY_NOT_FOUND);
  return findReplyWithAuthor(ctx.db, id);
}

/**
 * Lock order as in create (board row, then reply), so the two never deadlock; with the board locked no child
 * can be added meanwhile, and the count goes down by exactly the rows this statement removed.
 */
export async function deleteReply(ctx: AppContext, user: AuthUser, id: number) {
  const found = await loadReply(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const board = await lockBoardForReplies(tx, found.boardId);
    const reply = await lockReply(tx, id);
    if (!board || !reply) throw new NotFound(REPLY_NOT_FOUND);
    authorize(canDeleteReply(user, reply, board), REPLY_DELETE_FORBIDDEN);
    const removed = await deleteReplyThread(tx, id);
    await uncountReplies(tx, found.boardId, removed);
  });
  ctx.changes.publish(touched.board(found.boardId));
}
