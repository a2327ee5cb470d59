import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { limitOffset } from '../../db/paging-sql.js';
import type { PageRequest } from '../../lib/paging.js';
import { listColumns, type PostListRow } from '../posts/queries.js';

export interface BookmarkStateRow {
  id: number;
  n: number | string;
  mine: boolean;
}

/** The post's bookmark count and whether `userId` (0: nobody) bookmarked it; undefined when the post is gone. */
export async function bookmarkState(db: Db, postId: number, userId: number): Promise<BookmarkStateRow | undefined> {
  const [row] = await queryRows<BookmarkStateRow>(
    db,
    sql`SELECT p.id, (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id) AS n,
          EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = ${userId} AND b.post_id = p.id) AS mine
        FROM base_posts p WHERE p.id = ${postId}`,
  );
  return row;
}

export interface BookmarkListRow extends PostListRow {
  bookmarked_at: Date;
  total: number | string;
}

/**
 * A page of the user's bookmarks, newest bookmark first, with the total on every row; a hidden post is left out
 * (docs/api.md §10.4) unless it is the user's own.
 */
export function bookmarkRows(db: Db, userId: number, today: string, page: PageRequest): Promise<BookmarkListRow[]> {
  return queryRows<BookmarkListRow>(
    db,
    sql`SELECT ${listColumns(today)}, b.created_at AS bookmarked_at, count(*) OVER () AS total
        FROM bookmarks b JOIN base_posts p ON p.id = b.post_id JOIN users u ON u.id = p.creator_id
        WHERE b.user_id = ${userId} AND (p.hidden_at IS NULL OR p.creator_id = ${userId})
        ORDER BY b.created_at DESC, b.post_id DESC ${limitOffset(page)}`,
  );
}

export async function bookmarkCount(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM bookmarks WHERE user_id = ${userId}`);
  return Number(row?.n ?? 0);
}

/** The ids of the user's bookmarked posts, newest bookmark first (at most BOOKMARK_LIMIT by the service's rule). */
export async function bookmarkedIds(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ post_id: number }>(
    db,
    sql`SELECT post_id FROM bookmarks WHERE user_id = ${userId} ORDER BY created_at DESC, post_id DESC`,
  );
  return rows.map((r) => r.post_id);
}

/**
 * Key-share locks the post until the transaction ends, so a delete committing meanwhile makes the caller answer
 * 404 instead of a foreign-key error; false when the post is gone.
 */
export async function holdPost(tx: Db, postId: number): Promise<boolean> {
  const post = await queryRows(tx, sql`SELECT id FROM base_posts WHERE id = ${postId} FOR KEY SHARE`);
  return post.length > 0;
}

/** Adds the bookmark unless it is there (the (user, post) key); whether it added one. */
export async function insertBookmark(tx: Db, userId: number, postId: number, now: Date): Promise<boolean> {
  const added = await queryRows(
    tx,
    sql`INSERT INTO bookmarks (user_id, post_id, created_at) VALUES (${userId}, ${postId}, ${now})
        ON CONFLICT DO NOTHING RETURNING post_id`,
  );
  return added.length > 0;
}

export async function deleteBookmark(tx: Db, userId: number, postId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM bookmarks WHERE user_id = ${userId} AND post_id = ${postId}`);
}

/** The user's own bookmarks (others' bookmarks of the user's deleted posts go by cascade). */
export async function deleteBookmarksOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM bookmarks WHERE user_id = ${userId}`);
}
