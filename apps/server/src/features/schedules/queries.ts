import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schedules, users } from '../../db/schema/index.js';
import type { ScheduleEntryRow } from './presenter.js';

/** The group's entries (only `date`'s when given) with their writers' names, by date, then oldest first. */
export function groupEntries(db: Db, groupId: number, date?: string): Promise<ScheduleEntryRow[]> {
  const ofGroup = eq(schedules.groupId, groupId);
  return db
    .select({
      writerId: schedules.writerId,
      nickname: users.nickname,
      date: schedules.date,
      content: schedules.content,
      createdAt: schedules.createdAt,
    })
    .from(schedules)
    .innerJoin(users, eq(users.id, schedules.writerId))
    .where(date === undefined ? ofGroup : and(ofGroup, eq(schedules.date, date)))
    .orderBy(asc(schedules.date), asc(schedules.createdAt), asc(schedules.id));
}

/** An entry as a calendar feed shows it (docs/api.md §10.1). */
export interface FeedEntry {
  id: number;
  date: string;
  content: string;
  nickname: string | null;
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Every entry of the group for its calendar feed, by date (schedules_group_date_idx). */
export function feedEntries(db: Db, groupId: number): Promise<FeedEntry[]> {
  return db
    .select({
      id: schedules.id,
      date: schedules.date,
      content: schedules.content,
      nickname: users.nickname,
      sequence: schedules.sequence,
      createdAt: schedules.createdAt,
      updatedAt: schedules.updatedAt,
    })
    .from(schedules)
    .innerJoin(users, eq(users.id, schedules.writerId))
    .where(eq(schedules.groupId, groupId))
    .orderBy(asc(schedules.date), asc(schedules.createdAt), asc(schedules.id));
}

const own = (groupId: number, writerId: number, date: string) =>
  and(eq(schedules.groupId, groupId), eq(schedules.writerId, writerId), eq(schedules.date, date));

export interface NewEntry {
  groupId: number;
  writerId: number;
  date: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A new entry; the unique (group, writer, date) index refuses a second one. Returns its id. */
export async function insertEntry(db: Db, entry: NewEntry): Promise<number> {
  const [row] = await db.insert(schedules).values(entry).returning({ id: schedules.id });
  return row.id;
}

/** Rewrites the writer's entry of that date in the group (one edit more); whether there was one. */
export async function updateOwnEntry(
  db: Db,
  groupId: number,
  writerId: number,
  date: string,
  content: string,
  updatedAt: Date,
): Promise<boolean> {
  const changed = await db
    .update(schedules)
    .set({ content, updatedAt, sequence: sql`${schedules.sequence} + 1` })
    .where(own(groupId, writerId, date))
    .returning({ id: schedules.id });
  return changed.length > 0;
}

/** Deletes the writer's entry of that date in the group; whether there was one. */
export async function deleteOwnEntry(db: Db, groupId: number, writerId: number, date: string): Promise<boolean> {
  const removed = await db
    .delete(schedules)
    .where(own(groupId, writerId, date))
    .returning({ id: schedules.id });
  return removed.length > 0;
}
