import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WITHDRAWN_NAME, type BoardSearchOrder, type BoardSearchType } from '@app/contract';
import { matchRanges, searchTerms, type SearchTerms } from '@app/contract/search-names';
import type { Db } from '../../db/client.js';
import { boardCategories, boards, replies, users, viewRecords } from '../../db/schema/index.js';
import { anyOf, exactMatch, fieldMatch, indexed, plainMatch, rowTest, searchField } from '../../db/text-search.js';
import type { ViewedTable } from '../../db/view-records.js';
import type { PageRequest } from '../../lib/paging.js';
import type { BoardItemRow, ReplyRowWithAuthor } from './presenter.js';

/** The target kind of a board's view records. */
export const BOARD_VIEW_KIND = 'BOARD' as const;

/** Board views (docs/api.md §3.10): view records of kind BOARD, counted in boards.views. */
export const BOARD_VIEWS: ViewedTable = { kind: BOARD_VIEW_KIND, table: 'boards' };

/** A board list row's columns (boards joined with their author). */
export const itemColumns = {
  id: boards.id,
  title: boards.title,
  createdAt: boards.createdAt,
  views: boards.views,
  replyCount: boards.replyCount,
  authorNickname: users.nickname,
  authorSystem: users.system,
  authorWithdrawnAt: users.withdrawnAt,
  hiddenAt: boards.hiddenAt,
  hiddenReason: boards.hiddenReason,
};

/**
 * Not hidden (docs/api.md §10.4): the public lists, searches, popular boards and the sitemap leave hidden boards
 * out, tested on the id against the few hidden ones.
 */
const notHidden = sql`${boards.id} NOT IN (SELECT h.id FROM boards h WHERE h.hidden_at IS NOT NULL)`;

const newestFirst = [desc(boards.createdAt), desc(boards.id)];

export interface BoardItemPage {
  rows: BoardItemRow[];
  total: number;
}

/** A page of board rows, newest first (or first by `rank`), and how many rows match in all. */
async function itemPage(db: Db, where: SQL | undefined, req: PageRequest, rank?: SQL): Promise<BoardItemPage> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(boards)
      .innerJoin(users, eq(users.id, boards.authorId))
      .where(where)
      .orderBy(...(rank ? [rank, ...newestFirst] : newestFirst))
      .limit(req.size)
      .offset(req.offset),
    db.select({ n: count() }).from(boards).innerJoin(users, eq(users.id, boards.authorId)).where(where),
  ]);
  return { rows: rows as BoardItemRow[], total: Number(n) };
}

export const boardItems = (db: Db, req: PageRequest) => itemPage(db, notHidden, req);

export const boardItemsOf = (db: Db, authorId: number, req: PageRequest) => itemPage(db, eq(boards.authorId, authorId), req);

const TITLE = searchField('"boards"."title"', true);
const CONTENT = searchField('"boards"."content"', false);
const nicknameField = (table: string) => searchField(`${table}nickname`, true);

/**
 * Authors by the name the board shows (docs/api.md §3.10, §10.5): a withdrawn author's posts are listed as
 * 탈퇴한 사용자, so they match when that name does.
 */
function authorNameFilter(table: string, keyword: string, terms: SearchTerms, form: 'indexed' | 'row'): SQL {
  const match = fieldMatch(nicknameField(table), keyword, terms);
  const byNickname = form === 'indexed' ? indexed(match) : rowTest(match);
  if (matchRanges(WITHDRAWN_NAME, keyword, { initials: true }).length === 0) return byNickname;
  return sql`(${byNickname} OR ${sql.raw(`${table}withdrawn_at`)} IS NOT NULL)`;
}

function keywordFilter(searchType: BoardSearchType, keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const terms = searchTerms(keyword);
  const byTitle = fieldMatch(TITLE, keyword, terms);
  const byContent = fieldMatch(CONTENT, keyword, terms);
  const authors = sql`SELECT id FROM users WHERE ${authorNameFilter('', keyword, terms, 'indexed')}`;
  switch (searchType) {
    case 'title':
      return indexed(byTitle);
    case 'content':
      return indexed(byContent);
    case 'author':
      return authorNameFilter('"users".', keyword, terms, 'indexed');
    default:
      // the authors as an id array, so one BitmapOr over the boards' own indexes serves the whole condition
      return indexed(anyOf(byTitle, byContent, plainMatch(sql`${boards.authorId} = ANY(ARRAY(${authors}))`)));
  }
}

/** order=relevance (docs/api.md §10.5): title, then author, then content; today's match before the others. */
function relevanceRank(searchType: BoardSearchType, keyword: string): SQL {
  const terms = searchTerms(keyword);
  const author = nicknameField('"users".');
  const tiers: Array<[SQL, SQL]> = [];
  if (searchType === 'all' || searchType === 'title')
    tiers.push([exactMatch(TITLE, keyword), rowTest(fieldMatch(TITLE, keyword, terms))]);
  if (searchType === 'all' || searchType === 'author')
    tiers.push([exactMatch(author, keyword), authorNameFilter('"users".', keyword, terms, 'row')]);
  if (searchType === 'all' || searchType === 'content')
    tiers.push([exactMatch(CONTENT, keyword), rowTest(fieldMatch(CONTENT, keyword, terms))]);
  const cases = tiers.flatMap(([exact, any], i) => [
    sql`WHEN ${exact} THEN ${sql.raw(String(i * 2))}`,
    sql`WHEN ${any} THEN ${sql.raw(String(i * 2 + 1))}`,
  ]);
  return sql`CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(tiers.length * 2))} END`;
}

export interface BoardItemSearch {
  searchType: BoardSearchType;
  /** blank: no keyword filter */
  keyword: string;
  /** undefined: every category */
  categoryId: number | undefined;
  /** relevance: the best-matching field first (with a keyword); else newest first */
  order?: BoardSearchOrder;
}

export function searchBoardItems(db: Db, q: BoardItemSearch, req: PageRequest): Promise<BoardItemPage> {
  const byCategory = q.categoryId === undefined ? undefined : eq(boards.categoryId, q.categoryId);
  const rank = q.order === 'relevance' && q.keyword ? relevanceRank(q.searchType, q.keyword) : undefined;
  return itemPage(db, and(notHidden, byCategory, keywordFilter(q.searchType, q.keyword)), req, rank);
}

/** The most viewed boards with views, most viewed first. */
export async function popularBoardItems(db: Db, limit: number): Promise<BoardItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(boards)
    .innerJoin(users, eq(users.id, boards.authorId))
    .where(and(gt(boards.views, 0), notHidden))
    .orderBy(desc(boards.views), ...newestFirst)
    .limit(limit);
  return rows as BoardItemRow[];
}

export async function findCategoryId(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ id: boardCategories.id }).from(boardCategories).where(eq(boardCategories.id, id));
  return row?.id;
}

export async function findCategoryIdByName(db: Db, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: boardCategories.id }).from(boardCategories).where(eq(boardCategories.name, name));
  return row?.id;
}

/** The board with its author and category (the detail route; link previews read only its public fields). */
export async function findBoardWithRefs(db: Db, id: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      content: boards.content,
      updatedAt: boards.updatedAt,
      authorId: boards.authorId,
      authorLoginId: users.loginId,
      categoryId: boards.categoryId,
      categoryName: boardCategories.name,
      categoryDescription: boardCategories.description,
    })
    .from(boards)
    .innerJoin(users, eq(users.id, boards.authorId))
    .innerJoin(boardCategories, eq(boardCategories.id, boards.categoryId))
    .where(eq(boards.id, id));
  return row;
}

/** The board's id and author, or undefined. */
export async function findBoard(
  db: Db,
  id: number,
): Promise<{ id: number; authorId: number; hiddenAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: boards.id, authorId: boards.authorId, hiddenAt: boards.hiddenAt })
    .from(boards)
    .where(eq(boards.id, id));
  return row;
}

export async function insertBoard(
  db: Db,
  board: { authorId: number; categoryId: number; title: string; content: string; createdAt: Date; updatedAt: Date },
): Promise<number> {
  const [row] = await db.insert(boards).values(board).returning({ id: boards.id });
  return row.id;
}

/** False when the board is gone. */
export async function updateBoardContent(
  db: Db,
  id: number,
  board: { title: string; content: string; updatedAt: Date },
): Promise<boolean> {
  const [row] = await db.update(boards).set(board).where(eq(boards.id, id)).returning({ id: boards.id });
  return row !== undefined;
}

/** Removes the board; its replies go by the foreign key's cascade. False when it was already gone. */
export async function deleteBoardRow(tx: Db, id: number): Promise<boolean> {
  const removed = await tx.delete(boards).where(eq(boards.id, id)).returning({ id: boards.id });
  return removed.length > 0;
}

export async function deleteBoardViewRecords(tx: Db, id: number): Promise<void> {
  await tx.delete(viewRecords).where(and(eq(viewRecords.targetKind, BOARD_VIEW_KIND), eq(viewRecords.targetId, id)));
}

/** Board posts as the sitemap lists them (id, last change), by id, a slice at a time; and how many. */
export const boardStamps = (db: Db, offset: number, limit: number) =>
  db
    .select({ id: boards.id, updatedAt: boards.updatedAt })
    .from(boards)
    .where(notHidden)
    .orderBy(asc(boards.id))
    .limit(limit)
    .offset(offset);

export async function countBoards(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boards).where(notHidden);
  return row.n;
}

// Replies

const parent = alias(replies, 'parent');

const replyFields = {
  id: replies.id,
  content: replies.content,
  edited: replies.edited,
  boardId: replies.boardId,
  authorId: replies.authorId,
  parentReplyId: replies.parentReplyId,
  createdAt: replies.createdAt,
  hiddenAt: replies.hiddenAt,
  hiddenReason: replies.hiddenReason,
};

const replyColumns = {
  ...replyFields,
  authorNickname: users.nickname,
  authorSystem: users.system,
  authorWithdrawnAt: users.withdrawnAt,
};

/**
 * Which hidden replies a reader sees in place (docs/api.md §10.4): an operator all, a signed-in reader their own,
 * a visitor none.
 */
export type HiddenReplies = 'all' | { authorId: number } | 'none';

function shownReplies(hidden: HiddenReplies): SQL | undefined {
  if (hidden === 'all') return undefined;
  if (hidden === 'none') return isNull(replies.hiddenAt);
  return or(isNull(replies.hiddenAt), eq(replies.authorId, hidden.authorId));
}

/**
 * A page of the board's replies in thread order, and how many it has: each top-level reply (createdAt ASC)
 * followed at once by its children (createdAt ASC). A child sorts under its parent's key, then after the parent.
 */
export async function replyPageRows(
  db: Db,
  boardId: number,
  req: PageRequest,
  hiddenShown: HiddenReplies,
): Promise<{ rows: ReplyRowWithAuthor[]; total: number }> {
  const where = and(eq(replies.boardId, boardId), shownReplies(hiddenShown));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(replyColumns)
      .from(replies)
      .innerJoin(users, eq(users.id, replies.authorId))
      .leftJoin(parent, eq(parent.id, replies.parentReplyId))
      .where(where)
      .orderBy(
        sql`COALESCE(${parent.createdAt}, ${replies.createdAt})`,
        sql`COALESCE(${parent.id}, ${replies.id})`,
        sql`${replies.parentReplyId} IS NOT NULL`,
        asc(replies.createdAt),
        asc(replies.id),
      )
      .limit(req.size)
      .offset(req.offset),
    db.select({ n: count() }).from(replies).where(where),
  ]);
  return { rows: rows as ReplyRowWithAuthor[], total: Number(n) };
}

export async function findReplyWithAuthor(db: Db, id: number): Promise<ReplyRowWithAuthor> {
  const [row] = await db
    .select(replyColumns)
    .from(replies)
    .innerJoin(users, eq(users.id, replies.authorId))
    .where(eq(replies.id, id));
  return row as ReplyRowWithAuthor;
}

/** The reply's id, author and board, or undefined. */
export async function findReply(db: Db, id: number) {
  const [row] = await db
    .select({ id: replies.id, authorId: replies.authorId, boardId: replies.boardId })
    .from(replies)
    .where(eq(replies.id, id));
  return row;
}

/** +1 on the board's reply count, which locks the board row until the transaction ends; undefined when it is gone. */
export async function countNewReply(
  tx: Db,
  boardId: number,
): Promise<{ authorId: number; title: string; hiddenAt: Date | null } | undefined> {
  const [board] = await tx
    .update(boards)
    .set({ replyCount: sql`${boards.replyCount} + 1` })
    .where(eq(boards.id, boardId))
    .returning({ authorId: boards.authorId, title: boards.title, hiddenAt: boards.hiddenAt });
  return board;
}

/**
 * Whether the reply is a top-level reply of the board that the user can see (not hidden, or their own), read FOR
 * KEY SHARE: a concurrent delete of it either waits for this transaction or has already removed it.
 */
export async function lockTopLevelReply(tx: Db, id: number, boardId: number, userId: number): Promise<boolean> {
  const [top] = await tx
    .select({ id: replies.id })
    .from(replies)
    .where(
      and(
        eq(replies.id, id),
        eq(replies.boardId, boardId),
        isNull(replies.parentReplyId),
        or(isNull(replies.hiddenAt), eq(replies.authorId, userId)),
      ),
    )
    .for('key share');
  return top !== undefined;
}

export async function insertReply(
  tx: Db,
  reply: {
    boardId: number;
    authorId: number;
    parentReplyId: number | null;
    content: string;
    createdAt: Date;
    updatedAt: Date;
  },
) {
  const [row] = await tx.insert(replies).values(reply).returning(replyFields);
  return row;
}

/** False when the reply is gone. */
export async function updateReplyContent(db: Db, id: number, content: string, updatedAt: Date): Promise<boolean> {
  const [row] = await db
    .update(replies)
    .set({ content, edited: true, updatedAt })
    .where(eq(replies.id, id))
    .returning({ id: replies.id });
  return row !== undefined;
}

/** The board's author, its row locked against reply count changes until the transaction ends; undefined when gone. */
export async function lockBoardForReplies(tx: Db, boardId: number): Promise<{ authorId: number } | undefined> {
  const [board] = await tx.select({ authorId: boards.authorId }).from(boards).where(eq(boards.id, boardId)).for('no key update');
  return board;
}

/** The reply's id and author, its row locked until the transaction ends; undefined when gone. */
export async function lockReply(tx: Db, id: number): Promise<{ id: number; authorId: number } | undefined> {
  const [reply] = await tx
    .select({ id: replies.id, authorId: replies.authorId })
    .from(replies)
    .where(eq(replies.id, id))
    .for('update');
  return reply;
}

/** Removes the reply and its children; how many of the rows that went were counted (hidden ones are not). */
export async function deleteReplyThread(tx: Db, id: number): Promise<number> {
  const removed = await tx
    .delete(replies)
    .where(or(eq(replies.id, id), eq(replies.parentReplyId, id)))
    .returning({ hiddenAt: replies.hiddenAt });
  return removed.filter((r) => r.hiddenAt === null).length;
}

export async function uncountReplies(tx: Db, boardId: number, removed: number): Promise<void> {
  await tx
    .update(boards)
    .set({ replyCount: sql`${boards.replyCount} - ${removed}` })
    .where(eq(boards.id, boardId));
}

/** Whether the board is hidden from this user (hidden, and not theirs): what must not be announced to them. */
export async function boardHiddenFrom(db: Db, boardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: boards.id })
    .from(boards)
    .where(and(eq(boards.id, boardId), isNotNull(boards.hiddenAt), ne(boards.authorId, userId)));
  return rows.length > 0;
}
