import type { BoardSearchOrder, BoardSearchType, Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import { withinNewAccountLimit } from '../moderation/policy.js';
import type { Db } from '../../db/client.js';
import type { AuthUser, Viewer } from '../../lib/auth-user.js';
import { authorize } from '../../lib/authorize.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { pageRequest, toPage, type PageRequest } from '../../lib/paging.js';
import type { Deferred } from '../../lib/validation.js';
import { touched } from '../../lib/public-changes.js';
import { mayReadHidden } from '../moderation/policy.js';
import { isBoardAuthor } from './policy.js';
import {
  BOARD_VIEW_KIND,
  boardItems,
  boardItemsOf,
  deleteBoardRow,
  deleteBoardViewRecords,
  findBoard,
  findBoardWithRefs,
  findCategoryId,
  findCategoryIdByName,
  insertBoard,
  popularBoardItems,
  searchBoardItems,
  updateBoardContent,
  type BoardItemPage,
  type HiddenReplies,
} from './queries.js';
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

async function pageOfItems(page: number, read: (req: PageRequest) => Promise<BoardItemPage>) {
  const req = pageRequest(page, BOARD_PAGE_SIZE);
  const { rows, total } = await read(req);
  return toPage(rows, req, total);
}

export const listBoards = (db: Db, page: number) => pageOfItems(page, (req) => boardItems(db, req));

export const listMyBoards = (db: Db, userId: number, page: number) => pageOfItems(page, (req) => boardItemsOf(db, userId, req));

/** Blank or `all`: no filter; a number is an id; otherwise a name, and an unknown name matches nothing. */
async function categoryFilter(db: Db, category: string): Promise<number | undefined | 'none'> {
  if (!category || category.toLowerCase() === 'all') return undefined;
  if (/^\d{1,9}$/.test(category)) return Number(category);
  return (await findCategoryIdByName(db, category)) ?? 'none';
}

export interface BoardSearch {
  searchType: BoardSearchType;
  keyword: string;
  category: string;
  order?: BoardSearchOrder;
  page: number;
}

export async function searchBoards(db: Db, q: BoardSearch): Promise<Page<BoardItemRow>> {
  const categoryId = await categoryFilter(db, q.category);
  if (categoryId === 'none') return toPage([], pageRequest(q.page, BOARD_PAGE_SIZE), 0);
  return pageOfItems(q.page, (req) =>
    searchBoardItems(db, { searchType: q.searchType, keyword: q.keyword, categoryId, order: q.order }, req),
  );
}

export const popularBoards = (db: Db): Promise<BoardItemRow[]> => popularBoardItems(db, POPULAR_LIMIT);

/**
 * GET /api/boards/{id}: the board with its category and author, and one page of its replies in thread order. A
 * hidden board is not found but by its author and operators; hidden replies are shown in place to their author
 * and to operators only (docs/api.md §10.4).
 */
export async function getBoard(ctx: AppContext, id: number, page: number, viewer: Viewer | null) {
  const board = await findBoardWithRefs(ctx.db, id);
  if (!board) throw new NotFound(BOARD_NOT_FOUND);
  if (board.hiddenAt !== null && !mayReadHidden(viewer, board.authorId)) throw new NotFound(BOARD_NOT_FOUND);
  const hidden: HiddenReplies = viewer?.operator ? 'all' : viewer ? { authorId: viewer.id } : 'none';
  return { board, replies: await replyPage(ctx.db, board.id, page, hidden) };
}

/** The board's id and author, or NotFound with the route's text. */
export async function loadBoard(db: Db, id: number, notFoundText: string) {
  const row = await findBoard(db, id);
  if (!row) throw new NotFound(notFoundText);
  return row;
}

export interface BoardInput {
  title: string;
  content: string;
}

export async function createBoard(ctx: AppContext, user: AuthUser, input: BoardInput & { categoryId: number }) {
  const categoryId = await findCategoryId(ctx.db, input.categoryId);
  if (categoryId === undefined) throw new BadRequest(CATEGORY_NOT_FOUND);
  const now = ctx.clock.now();
  const id = await withinNewAccountLimit(ctx, user, { kind: 'BOARD' }, ({ tx }) =>
    insertBoard(tx, {
      authorId: user.id,
      categoryId,
      title: input.title,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    }),
  );
  ctx.changes.publish(touched.board(id));
  return id;
}

/**
 * Existence and permission come before validation (docs/api.md §3.10). A board removed since the permission
 * check is still "not found", never a success that changed nothing.
 */
export async function updateBoard(ctx: AppContext, user: AuthUser, id: number, body: Deferred<BoardInput>) {
  const board = await loadBoard(ctx.db, id, BOARD_EDIT_NOT_FOUND);
  authorize(isBoardAuthor(user, board), BOARD_EDIT_FORBIDDEN);
  const input = body();
  const updated = await updateBoardContent(ctx.db, id, {
    title: input.title,
    content: input.content,
    updatedAt: ctx.clock.now(),
  });
  if (!updated) throw new NotFound(BOARD_EDIT_NOT_FOUND);
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
    if (!(await deleteBoardRow(tx, id))) throw new NotFound(BOARD_MISSING);
    await deleteBoardViewRecords(tx, id);
  });
  ctx.changes.publish(touched.board(id));
}

/**
 * One count per viewer per 24 h (docs/api.md §3.10, §8.23); a view count evicts nothing (boards are not ranked in a
 * cache). A hidden board's view is not found but by its author and operators, as its detail (§10.4).
 */
export async function countView(ctx: AppContext, id: number, viewerKey: string, viewer: Viewer | null) {
  const board = await loadBoard(ctx.db, id, BOARD_MISSING);
  if (board.hiddenAt !== null && !mayReadHidden(viewer, board.authorId)) throw new NotFound(BOARD_MISSING);
  await ctx.views.count({ kind: BOARD_VIEW_KIND, id }, viewerKey, ctx.clock.now());
}
