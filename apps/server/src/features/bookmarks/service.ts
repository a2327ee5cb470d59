import { BOOKMARK_LIMIT, BOOKMARK_LIMIT_TEXT, type Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { LOCK, lockExclusive } from '../../db/locks.js';
import { lockActiveActor } from '../account/queries.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import { toPage } from '../../lib/paging.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { todayIn } from '../posts/queries.js';
import { BASE_NOT_FOUND } from '../posts/texts.js';
import {
  bookmarkCount,
  bookmarkRows,
  bookmarkState,
  deleteBookmark,
  holdPost,
  insertBookmark,
  type BookmarkListRow,
  type BookmarkStateRow,
} from './queries.js';

async function stateOrThrow(db: Db, postId: number, userId: number): Promise<BookmarkStateRow> {
  const row = await bookmarkState(db, postId, userId);
  if (!row) throw new NotFound(BASE_NOT_FOUND);
  return row;
}

export const getState = (ctx: AppContext, postId: number, userId: number | null) => stateOrThrow(ctx.db, postId, userId ?? 0);

/**
 * Bookmarks a post of either kind, open or closed. Idempotent: the (user, post) key and ON CONFLICT DO NOTHING
 * make a second PUT (a double click) add nothing. The post row is key-share locked, so a delete committing
 * meanwhile answers 404 instead of a foreign-key error.
 */
export async function addBookmark(ctx: AppContext, user: AuthUser, postId: number): Promise<BookmarkStateRow> {
  return ctx.db.transaction(async (tx) => {
    await lockActiveActor(tx, user.id);
    if (!(await holdPost(tx, postId))) throw new NotFound(BASE_NOT_FOUND);
    // two adds at once cannot both pass the limit
    await lockExclusive(tx, LOCK.userBookmarks, user.id);
    const added = await insertBookmark(tx, user.id, postId, ctx.clock.now());
    if (added && (await bookmarkCount(tx, user.id)) > BOOKMARK_LIMIT) {
      throw new BadRequest(BOOKMARK_LIMIT_TEXT, 'bookmark_limit');
    }
    return stateOrThrow(tx, postId, user.id);
  });
}

/** Removes the bookmark; idempotent (removing one that is not there changes nothing). */
export async function removeBookmark(ctx: AppContext, user: AuthUser, postId: number): Promise<BookmarkStateRow> {
  return ctx.db.transaction(async (tx) => {
    await deleteBookmark(tx, user.id, postId);
    return stateOrThrow(tx, postId, user.id);
  });
}

/** 관심 공고: a page of the user's bookmarks, newest first; deleted posts are gone with their bookmarks. */
export async function listBookmarks(ctx: AppContext, user: AuthUser, req: PageRequest): Promise<Page<BookmarkListRow>> {
  const rows = await bookmarkRows(ctx.db, user.id, todayIn(ctx), req);
  const total = rows.length > 0 ? Number(rows[0].total) : req.offset === 0 ? 0 : await bookmarkCount(ctx.db, user.id);
  return toPage(rows, req, total);
}
