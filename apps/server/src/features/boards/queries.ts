import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boardCategories, boards, users } from '../../db/schema/index.js';

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
};

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

/** Board posts as the sitemap lists them (id, last change), by id, a slice at a time; and how many. */
export const boardStamps = (db: Db, offset: number, limit: number) =>
  db.select({ id: boards.id, updatedAt: boards.updatedAt }).from(boards).orderBy(asc(boards.id)).limit(limit).offset(offset);

export async function countBoards(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boards);
  return row.n;
}
