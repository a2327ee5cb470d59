import { and, count, desc, eq } from 'drizzle-orm';
import { NOTICE_LIMIT } from '@app/contract';
import type { Db } from '../../db/client.js';
import { groupNotices, users } from '../../db/schema/index.js';
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
  updatedAt: groupNotices.updatedAt,
};

const rows = (db: Db) => db.select(columns).from(groupNotices).innerJoin(users, eq(users.id, groupNotices.writerId));

/** The group's notices: the pinned one first, then newest first (group_notices_list_idx), at most 100. */
export function noticeRows(db: Db, groupId: number): Promise<NoticeRow[]> {
  return rows(db)
    .where(eq(groupNotices.groupId, groupId))
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
