import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import { LINK_LIMIT } from '@app/contract';
import type { Db } from '../../db/client.js';
import { groupLinks, users } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import type { LinkRow } from './presenter.js';
import { LINK_TEXTS } from './texts.js';

const columns = {
  id: groupLinks.id,
  groupId: groupLinks.groupId,
  title: groupLinks.title,
  url: groupLinks.url,
  writerId: groupLinks.writerId,
  writerNickname: users.nickname,
  createdAt: groupLinks.createdAt,
  hiddenAt: groupLinks.hiddenAt,
  hiddenReason: groupLinks.hiddenReason,
};

/**
 * Which hidden items a member sees in place (docs/api.md §10.4): an operator all of them, anyone else the ones
 * they wrote.
 */
export type HiddenShown = 'all' | { writerId: number };

const rows = (db: Db) => db.select(columns).from(groupLinks).innerJoin(users, eq(users.id, groupLinks.writerId));

/** The group's links, newest first (group_links_list_idx), at most 200. */
export function linkRows(db: Db, groupId: number, hidden: HiddenShown): Promise<LinkRow[]> {
  const shown = hidden === 'all' ? undefined : or(isNull(groupLinks.hiddenAt), eq(groupLinks.writerId, hidden.writerId));
  return rows(db)
    .where(and(eq(groupLinks.groupId, groupId), shown))
    .orderBy(desc(groupLinks.createdAt), desc(groupLinks.id))
    .limit(LINK_LIMIT);
}

export const linkNotFound = () => new NotFound(LINK_TEXTS.notFound, 'link_not_found');

/** One link of the group; 404 link_not_found when it is unknown or belongs to another group. */
export async function loadLink(db: Db, groupId: number, linkId: number): Promise<LinkRow> {
  const [row] = await rows(db).where(and(eq(groupLinks.groupId, groupId), eq(groupLinks.id, linkId)));
  if (!row) throw linkNotFound();
  return row;
}

export async function countLinks(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupLinks).where(eq(groupLinks.groupId, groupId));
  return row.n;
}

/** A new link of the group; its id. */
export async function insertLink(
  tx: Db,
  link: { groupId: number; writerId: number; title: string; url: string; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(groupLinks).values(link).returning({ id: groupLinks.id });
  return row.id;
}

/** Deletes one link of the group; false when it is unknown there or already gone. */
export async function deleteLinkRow(db: Db, groupId: number, linkId: number): Promise<boolean> {
  const removed = await db
    .delete(groupLinks)
    .where(and(eq(groupLinks.groupId, groupId), eq(groupLinks.id, linkId)))
    .returning({ id: groupLinks.id });
  return removed.length > 0;
}
