import { and, count, desc, eq, isNotNull, isNull, or, ne } from 'drizzle-orm';
import { NOTICE_LIMIT } from '@app/contract';
import type { Db } from '../../db/client.js';
import { groupNotices, groups, users } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import type { NoticeRow } from './presenter.js';
import { NOTICE_TEXTS } from './texts.js';

const columns = {
  id: groupNotices.id,
  groupId: groupNotices.groupId,
  title: groupNotices.title,
  content: groupNotices.content,
  pinned: groupNotices.pinned,
  writerNickname: users.nickname,
  createdAt: groupNotices.createdAt,
  hiddenAt: groupNotices.hiddenAt,
  hiddenReason: groupNotices.hiddenReason,
  updatedAt: groupNotices.updatedAt,
};

/**
 * Which hidden items a member sees in place (docs/api.md §10.4): an operator all of them, anyone else the ones
 * they wrote.
 */
export type HiddenShown = 'all' | { writerId: number };

const rows = (db: Db) => db.select(columns).from(groupNotices).innerJoin(users, eq(users.id, groupNotices.writerId));

/** The group's notices: the pinned one first, then newest first (group_notices_list_idx), at most 100. */
export function noticeRows(db: Db, groupId: number, hidden: HiddenShown): Promise<NoticeRow[]> {
  const shown = hidden === 'all' ? undefined : or(isNull(groupNotices.hiddenAt), eq(groupNotices.writerId, hidden.writerId));
  return rows(db)
    .where(and(eq(groupNotices.groupId, groupId), shown))
    .orderBy(desc(groupNotices.pinned), desc(groupNotices.createdAt), desc(groupNotices.id))
    .limit(NOTICE_LIMIT);
}

export const noticeNotFound = () => new NotFound(NOTICE_TEXTS.notFound, 'notice_not_found');

/** One notice of the group; 404 notice_not_found when it is unknown or belongs to another group. */
export async function loadNotice(db: Db, groupId: number, noticeId: number): Promise<NoticeRow> {
  const [row] = await rows(db).where(and(eq(groupNotices.groupId, groupId), eq(groupNotices.id, noticeId)));
  if (!row) throw noticeNotFound();
  return row;
}

export async function countNotices(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupNotices).where(eq(groupNotices.groupId, groupId));
  return row.n;
}

/** A pinned notice unpins the group's other one (`except`: the notice being saved). */
export async function unpinOthers(tx: Db, groupId: number, except?: number): Promise<void> {
  const others = and(eq(groupNotices.groupId, groupId), eq(groupNotices.pinned, true));
  await tx
    .update(groupNotices)
    .set({ pinned: false })
    .where(except === undefined ? others : and(others, ne(groupNotices.id, except)));
}

interface NoticeFields {
  title: string;
  content: string;
  pinned: boolean;
}

/** A new notice of the group; its id. */
export async function insertNotice(
  tx: Db,
  notice: NoticeFields & { groupId: number; writerId: number; createdAt: Date; updatedAt: Date },
): Promise<number> {
  const [row] = await tx.insert(groupNotices).values(notice).returning({ id: groupNotices.id });
  return row.id;
}

/** Replaces one notice's fields; false when it is unknown in the group or gone. */
export async function updateNoticeRow(
  tx: Db,
  groupId: number,
  noticeId: number,
  fields: NoticeFields & { updatedAt: Date },
): Promise<boolean> {
  const changed = await tx
    .update(groupNotices)
    .set(fields)
    .where(and(eq(groupNotices.groupId, groupId), eq(groupNotices.id, noticeId)))
    .returning({ id: groupNotices.id });
  return changed.length > 0;
}

/** Deletes one notice of the group; false when it is unknown there or already gone. */
export async function deleteNoticeRow(db: Db, groupId: number, noticeId: number): Promise<boolean> {
  const removed = await db
    .delete(groupNotices)
    .where(and(eq(groupNotices.groupId, groupId), eq(groupNotices.id, noticeId)))
    .returning({ id: groupNotices.id });
  return removed.length > 0;
}

/** The group's name and the titles of its notices hidden from this user (hidden, and not theirs). */
export async function noticesHiddenFrom(
  db: Db,
  groupId: number,
  userId: number,
): Promise<Array<{ groupName: string; title: string }>> {
  return db
    .select({ groupName: groups.name, title: groupNotices.title })
    .from(groupNotices)
    .innerJoin(groups, eq(groups.id, groupNotices.groupId))
    .where(and(eq(groupNotices.groupId, groupId), isNotNull(groupNotices.hiddenAt), ne(groupNotices.writerId, userId)));
}
