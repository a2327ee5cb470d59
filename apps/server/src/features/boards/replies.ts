import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { boards, replies, users } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { inTransaction } from '../../lib/transaction.js';
import { touched } from '../../lib/public-changes.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import type { AuthUser } from '../../lib/request-auth.js';
import type { Deferred } from '../../lib/validation.js';
import { canDeleteReply, isReplyAuthor } from './policy.js';
import type { ReplyRowWithAuthor } from './presenter.js';
import { BOARD_NOT_FOUND, INVALID_PARENT_REPLY, REPLY_DELETE_FORBIDDEN, REPLY_EDIT_FORBIDDEN, REPLY_NOT_FOUND } from './texts.js';

export const REPLY_PAGE_SIZE = 10;
const parent = alias(replies, 'parent');

const replyFields = {
  id: replies.id,
  content: replies.content,
  edited: replies.edited,
  boardId: replies.boardId,
  authorId: replies.authorId,
  parentReplyId: replies.parentReplyId,
  createdAt: replies.createdAt,
};

const replyColumns = {
  ...replyFields,
  authorNickname: users.nickname,
  authorSystem: users.system,
  authorWithdrawnAt: users.withdrawnAt,
};

/**
 * Thread order, paged in SQL: each top-level reply (createdAt ASC) followed at once by its children
 * (createdAt ASC). A child sorts under its parent's key, then after the parent itself.
 */
export async function replyPage(db: Db, boardId: number, page: number) {
  const req = pageRequest(page, REPLY_PAGE_SIZE);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(replyColumns)
      .from(replies)
      .innerJoin(users, eq(users.id, replies.authorId))
      .leftJoin(parent, eq(parent.id, replies.parentReplyId))
      .where(eq(replies.boardId, boardId))
      .orderBy(
        sql`COALESCE(${parent.createdAt}, ${replies.createdAt})`,
        sql`COALESCE(${parent.id}, ${replies.id})`,
        sql`${replies.parentReplyId} IS NOT NULL`,
        asc(replies.createdAt),
        asc(replies.id),
      )
      .limit(req.size)
      .offset(req.offset),
    db.select({ n: count() }).from(replies).where(eq(replies.boardId, boardId)),
  ]);
  return toPage(rows as ReplyRowWithAuthor[], req, Number(n));
}

async function replyById(db: Db, id: number): Promise<ReplyRowWithAuthor> {
  const [row] = await db
    .select(replyColumns)
    .from(replies)
    .innerJoin(users, eq(users.id, replies.authorId))
    .where(eq(replies.id, id));
  return row as ReplyRowWithAuthor;
}

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
    const [board] = await tx
      .update(boards)
      .set({ replyCount: sql`${boards.replyCount} + 1` })
      .where(eq(boards.id, input.boardId))
      .returning({ authorId: boards.authorId, title: boards.title });
    if (!board) throw new NotFound(BOARD_NOT_FOUND);
    if (input.parentReplyId !== null) {
      const [top] = await tx
        .select({ id: replies.id })
        .from(replies)
        .where(and(eq(replies.id, input.parentReplyId), eq(replies.boardId, input.boardId), isNull(replies.parentReplyId)))
        .for('key share');
      if (!top) throw new BadRequest(INVALID_PARENT_REPLY, 'invalid_parent_reply');
    }
    const [row] = await tx
      .insert(replies)
      .values({
        boardId: input.boardId,
        authorId: user.id,
        parentReplyId: input.parentReplyId,
        content: input.content,
        createdAt: now,
        updatedAt: now,
      })
      .returning(replyFields);
    if (board.authorId !== user.id) {
      await ctx.events.emit(scope, 'message.systemNotice', {
        receiverIds: [board.authorId],
        content: `'${board.title}' 게시글에 새로운 댓글이 달렸습니다.`,
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
  const [row] = await db
    .select({ id: replies.id, authorId: replies.authorId, boardId: replies.boardId })
    .from(replies)
    .where(eq(replies.id, id));
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
  const [row] = await ctx.db
    .update(replies)
    .set({ content, edited: true, updatedAt: ctx.clock.now() })
    .where(eq(replies.id, id))
    .returning({ id: replies.id });
  if (!row) throw new NotFound(REPLY_NOT_FOUND);
  return replyById(ctx.db, id);
}

/**
 * Lock order as in create (board row, then reply), so the two never deadlock; with the board locked no child
 * can be added meanwhile, and the count goes down by exactly the rows this statement removed.
 */
export async function deleteReply(ctx: AppContext, user: AuthUser, id: number) {
  const found = await loadReply(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const [board] = await tx
      .select({ authorId: boards.authorId })
      .from(boards)
      .where(eq(boards.id, found.boardId))
      .for('no key update');
    const [reply] = await tx
      .select({ id: replies.id, authorId: replies.authorId })
      .from(replies)
      .where(eq(replies.id, id))
      .for('update');
    if (!board || !reply) throw new NotFound(REPLY_NOT_FOUND);
    authorize(canDeleteReply(user, reply, board), REPLY_DELETE_FORBIDDEN);
    const removed = await tx
      .delete(replies)
      .where(or(eq(replies.id, id), eq(replies.parentReplyId, id)))
      .returning({ id: replies.id });
    await tx
      .update(boards)
      .set({ replyCount: sql`${boards.replyCount} - ${removed.length}` })
      .where(eq(boards.id, found.boardId));
  });
  ctx.changes.publish(touched.board(found.boardId));
}
