import { REVIEW_WINDOW_DAYS, type ReviewTag } from '@app/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { enqueueJobs, finishJobIn } from '../../db/jobs.js';
import { limitOffset } from '../../db/paging-sql.js';
import type { NewJob } from '../../lib/job-worker.js';
import type { PageRequest } from '../../lib/paging.js';
import type { PersonRow, RecordRow, ReviewRow, ShowcaseRow } from './presenter.js';

// The area's tables: group_completion_members, reviews, user_records (migration 0017), and the completion columns
// of groups.

const WINDOW = sql.raw(`interval '${REVIEW_WINDOW_DAYS} days'`);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Whether the review `rv` (of group `g`) is revealed to its reviewee at `now`: the reviewee has reviewed its writer
 * too, or the window has closed. Read from both rows each time, never stored, so two reviews committed at the same
 * instant reveal each other whichever commits first.
 */
const revealed = (now: Date) =>
  sql`(g.completed_at + ${WINDOW} <= ${at(now)} OR EXISTS (
        SELECT 1 FROM reviews back
        WHERE back.group_id = rv.group_id AND back.reviewer_id = rv.reviewee_id AND back.reviewee_id = rv.reviewer_id))`;

// ---- record counters ----

/** The record counts of the user in `userId` (a column of the caller's statement), for a list in one statement. */
export const recordJoin = (userId: SQL) => sql`LEFT JOIN user_records rec ON rec.user_id = ${userId}`;
/** The columns of {@link recordJoin}: rec_joined, rec_completed, rec_left_early (presenter.ts RecordColumns). */
export const recordColumns = sql`coalesce(rec.joined, 0) AS rec_joined, coalesce(rec.completed, 0) AS rec_completed,
  coalesce(rec.left_early, 0) AS rec_left_early`;

type Counter = 'joined' | 'completed' | 'left_early';

/** +1 on one counter of each user, in one statement. */
export async function bumpRecords(tx: Db, userIds: readonly number[], counter: Counter): Promise<void> {
  if (userIds.length === 0) return;
  const column = sql.raw(counter);
  await tx.execute(
    sql`INSERT INTO user_records (user_id, ${column})
        SELECT u, 1 FROM unnest(${`{${userIds.join(',')}}`}::int[]) AS u
        ON CONFLICT (user_id) DO UPDATE SET ${column} = user_records.${column} + 1`,
  );
}

/** One person's whole record at `now` in one statement; undefined for an unknown, withdrawn or system user. */
export async function recordOf(db: Db, userId: number, now: Date): Promise<RecordRow | undefined> {
  const [row] = await queryRows<RecordRow>(
    db,
    sql`SELECT ${recordColumns},
          coalesce((
            SELECT json_agg(json_build_array(t.tag, t.n, t.reviewers))
            FROM (SELECT x.tag, count(*)::int AS n, count(DISTINCT x.reviewer_id)::int AS reviewers
                  FROM (SELECT rv.reviewer_id, unnest(rv.tags) AS tag
                        FROM reviews rv JOIN groups g ON g.id = rv.group_id
                        WHERE rv.reviewee_id = u.id AND ${revealed(now)}) x
                  GROUP BY x.tag) t
          ), '[]'::json) AS tags
        FROM users u ${recordJoin(sql`u.id`)}
        WHERE u.id = ${userId} AND u.withdrawn_at IS NULL AND NOT u.system`,
  );
  return row;
}

// ---- completion ----

/** The group's status, read with its row locked against deletion (FOR UPDATE); undefined when it is gone. */
export async function lockGroupForDeletion(tx: Db, groupId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM groups WHERE id = ${groupId} FOR UPDATE`);
  return row?.status;
}

/** The group's status, its row held against a completion until the transaction ends (an invite). */
export async function holdGroupStatus(tx: Db, groupId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM groups WHERE id = ${groupId} FOR SHARE`);
  return row?.status;
}

/** The group's status as committed (a leave or kick, whose membership row a completion has already held). */
export async function groupStatus(tx: Db, groupId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM groups WHERE id = ${groupId}`);
  return row?.status;
}

/**
 * Holds the group's memberships against leaves and kicks until the completion commits: a leave either ended before
 * (left early, not a member at completion) or ends after (a member at completion, not left early), never both.
 * A deletion takes them first too, so a completion and a deletion of one group queue instead of deadlocking.
 */
export async function holdMemberships(tx: Db, groupId: number): Promise<void> {
  await tx.execute(sql`SELECT user_id FROM group_members WHERE group_id = ${groupId} ORDER BY user_id FOR UPDATE`);
}

/** Marks the group COMPLETED if it is still ACTIVE; false when it was not (completed meanwhile, or gone). */
export async function markCompleted(
  tx: Db,
  groupId: number,
  v: { summary: string; resultUrl: string | null; showcase: boolean; now: Date },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE groups SET status = 'COMPLETED', completed_at = ${at(v.now)}, summary = ${v.summary},
          result_url = ${v.resultUrl}, showcase = ${v.showcase}
        WHERE id = ${groupId} AND status = 'ACTIVE' RETURNING id`,
  );
  return rows.length > 0;
}

/** Copies the group's members as its members at completion; their ids. */
export async function snapshotMembers(tx: Db, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`INSERT INTO group_completion_members (group_id, user_id, role, joined_at)
        SELECT group_id, user_id, role, joined_at FROM group_members WHERE group_id = ${groupId}
        RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}

export const enqueue = (db: Db, jobs: readonly NewJob[], now: Date) => enqueueJobs(db, jobs, now);
export const finishJob = finishJobIn;

// ---- reviews ----

/** The other members at completion, with whether `userId` has reviewed each: the admin first, then in join order. */
export function reviewPeople(db: Db, groupId: number, userId: number): Promise<PersonRow[]> {
  return queryRows<PersonRow>(
    db,
    sql`SELECT c.user_id, u.nickname, (u.withdrawn_at IS NOT NULL) AS withdrawn,
          EXISTS (SELECT 1 FROM reviews rv WHERE rv.group_id = c.group_id AND rv.reviewer_id = ${userId}
                  AND rv.reviewee_id = c.user_id) AS reviewed
        FROM group_completion_members c JOIN users u ON u.id = c.user_id
        WHERE c.group_id = ${groupId} AND c.user_id <> ${userId}
        ORDER BY c.role = 'ADMIN' DESC, c.joined_at, c.user_id`,
  );
}

const reviewColumns = sql`rv.id, rv.reviewer_id, u.nickname AS reviewer_nickname, (u.withdrawn_at IS NOT NULL) AS reviewer_withdrawn,
  rv.reviewee_id, rv.tags, rv.comment, rv.created_at`;

/** The reviews `userId` received in the group that are revealed to them at `now`, oldest first. */
export function receivedReviews(db: Db, groupId: number, userId: number, now: Date): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`SELECT ${reviewColumns}
        FROM reviews rv JOIN groups g ON g.id = rv.group_id JOIN users u ON u.id = rv.reviewer_id
        WHERE rv.group_id = ${groupId} AND rv.reviewee_id = ${userId} AND ${revealed(now)}
        ORDER BY rv.id`,
  );
}

/** A member at completion: whether they have withdrawn since; undefined when they were not one. */
export async function completionMember(db: Db, groupId: number, userId: number): Promise<{ withdrawn: boolean } | undefined> {
  const [row] = await queryRows<{ withdrawn: boolean }>(
    db,
    sql`SELECT (u.withdrawn_at IS NOT NULL) AS withdrawn
        FROM group_completion_members c JOIN users u ON u.id = c.user_id
        WHERE c.group_id = ${groupId} AND c.user_id = ${userId}`,
  );
  return row;
}

export async function hasReviewed(db: Db, groupId: number, reviewerId: number, revieweeId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM reviews WHERE group_id = ${groupId} AND reviewer_id = ${reviewerId} AND reviewee_id = ${revieweeId}`,
  );
  return rows.length > 0;
}

/** Stores a review (the unique index refuses a second one) and reads it back with its writer's name. */
export async function insertReview(
  db: Db,
  v: { groupId: number; reviewerId: number; revieweeId: number; tags: ReviewTag[]; comment: string | null; now: Date },
): Promise<ReviewRow> {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`WITH rv AS (
          INSERT INTO reviews (group_id, reviewer_id, reviewee_id, tags, comment, created_at)
          VALUES (${v.groupId}, ${v.reviewerId}, ${v.revieweeId}, ${`{${v.tags.join(',')}}`}::text[], ${v.comment}, ${at(v.now)})
          RETURNING *)
        SELECT ${reviewColumns} FROM rv JOIN users u ON u.id = rv.reviewer_id`,
  );
  return row;
}

/**
 * Who still gets the reminder of a group's reviews: members at completion, not withdrawn, with someone left to
 * review (another member at completion, not withdrawn, not yet reviewed by them).
 */
export async function reviewersWithReviewsLeft(tx: Db, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`SELECT c.user_id FROM group_completion_members c JOIN users u ON u.id = c.user_id
        WHERE c.group_id = ${groupId} AND u.withdrawn_at IS NULL
          AND EXISTS (
            SELECT 1 FROM group_completion_members o JOIN users ou ON ou.id = o.user_id
            WHERE o.group_id = c.group_id AND o.user_id <> c.user_id AND ou.withdrawn_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM reviews rv WHERE rv.group_id = c.group_id
                              AND rv.reviewer_id = c.user_id AND rv.reviewee_id = o.user_id))
        ORDER BY c.role = 'ADMIN' DESC, c.joined_at, c.user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** A completed group's name and completion time; undefined when it is gone or not completed. */
export async function completedGroup(tx: Db, groupId: number): Promise<{ name: string; completedAt: Date } | undefined> {
  const [row] = await queryRows<{ name: string; completed_at: Date | string }>(
    tx,
    sql`SELECT name, completed_at FROM groups WHERE id = ${groupId} AND status = 'COMPLETED'`,
  );
  return row && { name: row.name, completedAt: new Date(row.completed_at) };
}

// ---- showcase ----

/** Sets the member's consent; false when they were not a member at completion. */
export async function setConsent(db: Db, groupId: number, userId: number, consent: boolean): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE group_completion_members SET showcase_consent = ${consent}
        WHERE group_id = ${groupId} AND user_id = ${userId} RETURNING user_id`,
  );
  return rows.length > 0;
}

/** The admin's switch; false when the group is gone or not completed. */
export async function setShowcase(db: Db, groupId: number, showcase: boolean): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`UPDATE groups SET showcase = ${showcase} WHERE id = ${groupId} AND status = 'COMPLETED' RETURNING id`,
  );
  return rows.length > 0;
}

/** A withdrawing user's consents go; the groups they named. */
export async function dropConsentsOf(tx: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ group_id: number }>(
    tx,
    sql`UPDATE group_completion_members SET showcase_consent = false
        WHERE user_id = ${userId} AND showcase_consent RETURNING group_id`,
  );
  return rows.map((r) => r.group_id);
}

/** Switched on, completed, and its post not hidden (docs/api.md §10.4: the showcase shows the post's title). */
const SHOWN = sql`g.showcase AND g.status = 'COMPLETED'
  AND NOT EXISTS (SELECT 1 FROM base_posts hp WHERE hp.id = g.post_id AND hp.hidden_at IS NOT NULL)`;
const showcaseColumns = sql`g.id, g.name, g.type, g.summary, g.result_url, g.completed_at, g.created_at,
  p.id AS post_id, p.title AS post_title,
  coalesce((SELECT array_agg(u.nickname ORDER BY c.role = 'ADMIN' DESC, c.joined_at, c.user_id)
            FROM group_completion_members c JOIN users u ON u.id = c.user_id
            WHERE c.group_id = g.id AND c.showcase_consent AND u.withdrawn_at IS NULL), '{}') AS members`;

/** A page of shown showcases, newest completed first, with the consenting members' names. */
export function showcaseRows(db: Db, page: PageRequest): Promise<ShowcaseRow[]> {
  return queryRows<ShowcaseRow>(
    db,
    sql`SELECT ${showcaseColumns} FROM groups g JOIN base_posts p ON p.id = g.post_id
        WHERE ${SHOWN} ORDER BY g.completed_at DESC, g.id DESC ${limitOffset(page)}`,
  );
}

export async function countShowcases(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM groups g WHERE ${SHOWN}`);
  return Number(row.n);
}

/** One shown showcase; undefined when the group is missing, not completed or not shown. */
export async function showcaseRow(db: Db, groupId: number): Promise<ShowcaseRow | undefined> {
  const [row] = await queryRows<ShowcaseRow>(
    db,
    sql`SELECT ${showcaseColumns} FROM groups g JOIN base_posts p ON p.id = g.post_id WHERE g.id = ${groupId} AND ${SHOWN}`,
  );
  return row;
}
