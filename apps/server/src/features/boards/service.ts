import { and, count, desc, eq, gt, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsKeyword } from '../../db/text-search.js';
import { WITHDRAWN_NAME, type BoardSearchType, type Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { boardCategories, boards, users, viewRecords } from '../../db/schema/index.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import type { AuthUser } from '../../lib/request-auth.js';
import type { Deferred } from '../../lib/validation.js';
import { touched } from '../../lib/public-changes.js';
import { isBoardAuthor } from './policy.js';
import { findBoardWithRefs, itemColumns } from './queries.js';
import type { BoardItemRow } from './presenter.js';
import { replyPage } from './replies.js';
import {
  BOARD_DELETE_FORBIDDEN,
  BOARD_EDIT_FORBIDDEN,
  BOARD_EDIT_NOT_FOUND,
  BOARD_MISSING,
  BOARD_NOT_FOUND,
  CATEGORY_NOT_FOUND,
} from './texts.js';

export const BOARD_PAGE_SIZE = 10;
const POPULAR_LIMIT = 5;
export const BOARD_VIEW_KIND = 'BOARD' as const;

const newestFirst = [desc(boards.createdAt), desc(boards.id)];

async function pageOfItems(db: Db, where: SQL | undefined, page: number): Promise<Page<BoardItemRow>> {
  const req = pageRequest(page, BOARD_PAGE_SIZE);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(boards)
      .innerJoin(users, eq(users.id, boards.authorId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(req.size)
      .offset(req.offset),
    db.select({ n: count() }).from(boards).innerJoin(users, eq(users.id, boards.authorId)).where(where),
  ]);
  return toPage(rows as BoardItemRow[], req, Number(n));
}

export const listBoards = (db: Db, page: number) => pageOfItems(db, undefined, page);

export const listMyBoards = (db: Db, userId: number, page: number) => pageOfItems(db, eq(boards.authorId, userId), page);

/** Authors by the name the board shows: a withdrawn author's posts are listed as 탈퇴한 사용자. */
function authorNameFilter(nickname: SQL | AnyColumn, withdrawnAt: SQL | AnyColumn, keyword: string): SQL {
  const byNickname = containsKeyword(nickname, keyword);
  if (!WITHDRAWN_NAME.toLowerCase().includes(keyword.toLowerCase())) return byNickname;
  return or(byNickname, isNotNull(withdrawnAt))!;
}

function keywordFilter(searchType: BoardSearchType, keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const byTitle = containsKeyword(boards.title, keyword);
  const byContent = containsKeyword(boards.content, keyword);
  const authors = sql`SELECT id FROM users WHERE ${authorNameFilter(sql`nickname`, sql`withdrawn_at`, keyword)}`;
  switch (searchType) {
    case 'title':
      return byTitle;
    case 'content':
      return byContent;
    case 'author':
      return authorNameFilter(users.nickname, users.withdrawnAt, keyword);
    default:
      // the authors as an id array, so one BitmapOr over the boards' own indexes serves the whole condition
      return or(byTitle, byContent, sql`${boards.authorId} = ANY(ARRAY(${authors}))`);
  }
}

/** Blank or `all`: no filter; a number is an id; otherwise a name, and an unknown name matches nothing. */
async function categoryFilter(db: Db, category: string): Promise<SQL | undefined | 'none'> {
  if (!category || category.toLowerCase() === 'all') return undefined;
  if (/^\d{1,9}$/.test(category)) return eq(boards.categoryId, Number(category));
  const [row] = await db.select({ id: boardCategories.id }).from(boardCategories).where(eq(boardCategories.name, category));
  return row ? eq(boards.categoryId, row.id) : 'none';
}

export interface BoardSearch {
  searchType: BoardSearchType;
  keyword: string;
  category: string;
  page: number;
}

export async function searchBoards(db: Db, q: BoardSearch): Promise<Page<BoardItemRow>> {
  const byCategory = await categoryFilter(db, q.category);
  if (byCategory === 'none') return toPage([], pageRequest(q.page, BOARD_PAGE_SIZE), 0);
  return pageOfItems(db, and(byCategory, keywordFilter(q.searchType, q.keyword)), q.page);
}

export async function popularBoards(db: Db): Promise<BoardItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(boards)
    .innerJoin(users, eq(users.id, boards.authorId))
    .where(gt(boards.views, 0))
    .orderBy(desc(boards.views), ...newestFirst)
    .limit(POPULAR_LIMIT);
  return rows as BoardItemRow[];
}

/** GET /api/boards/{id}: the board with its category and author, and one page of its replies in thread order. */
export async function getBoard(db: Db, id: number, page: number) {
  const board = await findBoardWithRefs(db, id);
  if (!board) throw new NotFound(BOARD_NOT_FOUND);
  return { board, replies: await replyPage(db, board.id, page) };
}

/** The board's id and author, or NotFound with the route's text. */
export async function loadBoard(db: Db, id: number, notFoundText: string) {
  const [row] = await db.select({ id: boards.id, authorId: boards.authorId }).from(boards).where(eq(boards.id, id));
  if (!row) throw new NotFound(notFoundText);
  return row;
}

export interface BoardInput {
  title: string;
  content: string;
}

export async function createBoard(ctx: AppContext, user: AuthUser, input: BoardInput & { categoryId: number }) {
  const [category] = await ctx.db
    .select({ id: boardCategories.id })
    .from(boardCategories)
    .where(eq(boardCategories.id, input.categoryId));
  if (!category) throw new BadRequest(CATEGORY_NOT_FOUND);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(boards)
    .values({
      authorId: user.id,
      categoryId: category.id,
      title: input.title,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: boards.id });
  ctx.changes.publish(touched.board(row.id));
  return row.id;
}

/**
 * Existence and permission come before validation (docs/api.md §3.10). A board removed since the permission
 * check is still "not found", never a success that changed nothing.
 */
export async function updateBoard(ctx: AppContext, user: AuthUser, id: number, body: Deferred<BoardInput>) {
  const board = await loadBoard(ctx.db, id, BOARD_EDIT_NOT_FOUND);
  authorize(isBoardAuthor(user, board), BOARD_EDIT_FORBIDDEN);
  const input = body();
  const [row] = await ctx.db
    .update(boards)
    .set({ title: input.title, content: input.content, updatedAt: ctx.clock.now() })
    .where(eq(boards.id, id))
    .returning({ id: boards.id });
  if (!row) throw new NotFound(BOARD_EDIT_NOT_FOUND);
  ctx.changes.publish(touched.board(id));
}

/**
 * Replies go by the foreign key's cascade; view records are removed here, in the same transaction.
 * Of two deletes at once only the one that removed the row succeeds; the other answers 404.
 */
export async function deleteBoard(ctx: AppContext, user: AuthUser, id: number) {
  const board = await loadBoard(ctx.db, id, BOARD_MISSING);
  authorize(isBoardAuthor(user, board), BOARD_DELETE_FORBIDDEN);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(boards).where(eq(boards.id, id)).returning({ id: boards.id });
    if (removed.length === 0) throw new NotFound(BOARD_MISSING);
    await tx.delete(viewRecords).where(and(eq(viewRecords.targetKind, BOARD_VIEW_KIND), eq(viewRecords.targetId, id)));
  });
  ctx.changes.publish(touched.board(id));
}

/** One count per viewer per 24 h (docs/api.md §3.10, §8.23); a view count evicts nothing (boards are not ranked in a cache). */
export async function countView(ctx: AppContext, id: number, viewerKey: string) {
  await loadBoard(ctx.db, id, BOARD_MISSING);
  await ctx.views.count({ kind: BOARD_VIEW_KIND, id }, viewerKey, ctx.clock.now());
}
