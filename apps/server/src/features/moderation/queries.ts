import { sql, type SQL } from 'drizzle-orm';
import type { ModerationAction, ReportReason, ReportTargetType } from '@app/contract';
import { queryRows, type Db } from '../../db/client.js';
import type { PageRequest } from '../../lib/paging.js';

/**
 * Reports, operators, hidden state and the audit log (docs/api.md §10.4). The reported things live in other areas'
 * tables; this file reads them (and sets their hidden state) by kind, in one statement each.
 */

/** Whether the user is an operator now: granted (the operators table) or listed in OPERATORS by login id. */
export async function isOperator(db: Db, userId: number, listed: readonly string[]): Promise<boolean> {
  const byList = listed.length
    ? sql`lower(u.login_id) IN (${sql.join(
        listed.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const [row] = await queryRows<{ operator: boolean }>(
    db,
    sql`SELECT (EXISTS (SELECT 1 FROM operators o WHERE o.user_id = u.id) OR ${byList}) AS operator
        FROM users u WHERE u.id = ${userId} AND u.withdrawn_at IS NULL AND NOT u.system`,
  );
  return row?.operator === true;
}

/** An account by login id, case-insensitively (withdrawn and system accounts are not found). */
export async function activeUserByLoginId(db: Db, loginId: string): Promise<{ id: number; login_id: string } | undefined> {
  const [row] = await queryRows<{ id: number; login_id: string }>(
    db,
    sql`SELECT id, login_id FROM users
        WHERE lower(login_id) = lower(${loginId}) AND withdrawn_at IS NULL AND NOT system LIMIT 1`,
  );
  return row;
}

/** Whether the row was added (false: an operator already). */
export async function insertOperator(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`INSERT INTO operators (user_id, granted_at) VALUES (${userId}, ${now}) ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Whether a row was removed (false: not an operator by grant). */
export async function deleteOperator(db: Db, userId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`DELETE FROM operators WHERE user_id = ${userId} RETURNING user_id`);
  return rows.length > 0;
}

export type AuditAction = ModerationAction | 'SUSPEND' | 'UNSUSPEND' | 'GRANT' | 'REVOKE';

export async function insertAudit(
  db: Db,
  entry: { operatorId: number | null; action: AuditAction; targetType: string; targetId: number; note: string; now: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO moderation_audit (operator_id, action, target_type, target_id, note, created_at)
        VALUES (${entry.operatorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId}, ${entry.note}, ${entry.now})`,
  );
}

/** A reported thing, read the same way whatever its kind (null fields where the kind has none). */
export interface TargetRow {
  author_id: number | null;
  author_nickname: string | null;
  title: string | null;
  text: string | null;
  context: string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  /** POST: its kind, for the public-change tags */
  post_kind: string | null;
  /** REPLY: its board */
  board_id: number | null;
  /** LINK, NOTICE: its group (members only may see it) */
  group_id: number | null;
  /** MESSAGE: its receiver (the only one who may report it) */
  receiver_id: number | null;
}

const TARGET_SQL: Record<ReportTargetType, (ids: SQL) => SQL> = {
  POST: (
    ids,
  ) => sql`SELECT p.id AS target_id, p.creator_id AS author_id, u.nickname AS author_nickname, p.title, p.description AS text,
      NULL::text AS context, p.hidden_at, p.hidden_reason, p.kind AS post_kind, NULL::int AS board_id,
      NULL::int AS group_id, NULL::int AS receiver_id
    FROM base_posts p JOIN users u ON u.id = p.creator_id WHERE p.id = ANY(${ids})`,
  BOARD: (ids) => sql`SELECT b.id AS target_id, b.author_id, u.nickname AS author_nickname, b.title, b.content AS text,
      NULL::text AS context, b.hidden_at, b.hidden_reason, NULL::text AS post_kind, b.id AS board_id,
      NULL::int AS group_id, NULL::int AS receiver_id
    FROM boards b JOIN users u ON u.id = b.author_id WHERE b.id = ANY(${ids})`,
  REPLY: (
    ids,
  ) => sql`SELECT r.id AS target_id, r.author_id, u.nickname AS author_nickname, NULL::text AS title, r.content AS text,
      '게시글: ' || b.title AS context, r.hidden_at, r.hidden_reason, NULL::text AS post_kind, r.board_id,
      NULL::int AS group_id, NULL::int AS receiver_id
    FROM replies r JOIN boards b ON b.id = r.board_id JOIN users u ON u.id = r.author_id WHERE r.id = ANY(${ids})`,
  MESSAGE: (ids) => sql`SELECT m.id AS target_id, m.sender_id AS author_id, s.nickname AS author_nickname, NULL::text AS title,
      m.content AS text, coalesce(s.nickname, '탈퇴한 사용자') || ' → ' || coalesce(r.nickname, '탈퇴한 사용자') AS context,
      NULL::timestamptz AS hidden_at, NULL::text AS hidden_reason, NULL::text AS post_kind, NULL::int AS board_id,
      NULL::int AS group_id, m.receiver_id
    FROM messages m JOIN users s ON s.id = m.sender_id JOIN users r ON r.id = m.receiver_id WHERE m.id = ANY(${ids})`,
  USER: (
    ids,
  ) => sql`SELECT u.id AS target_id, u.id AS author_id, u.nickname AS author_nickname, NULL::text AS title, NULL::text AS text,
      NULL::text AS context, NULL::timestamptz AS hidden_at, NULL::text AS hidden_reason, NULL::text AS post_kind,
      NULL::int AS board_id, NULL::int AS group_id, NULL::int AS receiver_id
    FROM users u WHERE u.id = ANY(${ids}) AND u.withdrawn_at IS NULL AND NOT u.system`,
  LINK: (ids) => sql`SELECT l.id AS target_id, l.writer_id AS author_id, u.nickname AS author_nickname, l.title, l.url AS text,
      '그룹: ' || g.name AS context, l.hidden_at, l.hidden_reason, NULL::text AS post_kind, NULL::int AS board_id,
      l.group_id, NULL::int AS receiver_id
    FROM group_links l JOIN groups g ON g.id = l.group_id JOIN users u ON u.id = l.writer_id WHERE l.id = ANY(${ids})`,
  NOTICE: (
    ids,
  ) => sql`SELECT n.id AS target_id, n.writer_id AS author_id, u.nickname AS author_nickname, n.title, n.content AS text,
      '그룹: ' || g.name AS context, n.hidden_at, n.hidden_reason, NULL::text AS post_kind, NULL::int AS board_id,
      n.group_id, NULL::int AS receiver_id
    FROM group_notices n JOIN groups g ON g.id = n.group_id JOIN users u ON u.id = n.writer_id WHERE n.id = ANY(${ids})`,
};

const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export async function findTarget(db: Db, type: ReportTargetType, id: number): Promise<TargetRow | undefined> {
  const [row] = await queryRows<TargetRow>(db, TARGET_SQL[type](idList([id])));
  return row;
}

/** The targets of one kind, by id, in one statement (a queue page's). */
export async function findTargets(db: Db, type: ReportTargetType, ids: number[]): Promise<Map<number, TargetRow>> {
  const rows = await queryRows<TargetRow & { target_id: number }>(db, TARGET_SQL[type](idList(ids)));
  return new Map(rows.map((row) => [Number(row.target_id), row]));
}

/** Reports the user made since `since`, and the oldest of them (when the window frees a place). */
export async function reportsSince(db: Db, reporterId: number, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await queryRows<{ n: number | string; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*) AS n, min(created_at) AS oldest FROM reports WHERE reporter_id = ${reporterId} AND created_at > ${since}`,
  );
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Stores the report unless this reporter reported this target before; whether it stored one. */
export async function insertReport(
  db: Db,
  r: {
    reporterId: number;
    targetType: ReportTargetType;
    targetId: number;
    reason: ReportReason;
    detail: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`INSERT INTO reports (reporter_id, target_type, target_id, reason, detail, created_at)
        VALUES (${r.reporterId}, ${r.targetType}, ${r.targetId}, ${r.reason}, ${r.detail}, ${r.now})
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export interface QueueRow {
  target_type: ReportTargetType;
  target_id: number;
  report_count: number | string;
  last_reported_at: Date | string;
}

const statusIs = (open: boolean) => (open ? sql`resolved_at IS NULL` : sql`resolved_at IS NOT NULL`);

/** Targets with open (or resolved) reports, most reported first, then the most recently reported. */
export async function queuePage(db: Db, open: boolean, page: PageRequest): Promise<{ rows: QueueRow[]; total: number }> {
  const rows = await queryRows<QueueRow>(
    db,
    sql`SELECT target_type, target_id, count(*) AS report_count, max(created_at) AS last_reported_at
        FROM reports WHERE ${statusIs(open)}
        GROUP BY target_type, target_id
        ORDER BY count(*) DESC, max(created_at) DESC, target_type, target_id
        LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM reports WHERE ${statusIs(open)} GROUP BY target_type, target_id) t`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export interface ReportRow {
  id: number;
  reporter_id: number;
  reporter_nickname: string | null;
  reason: ReportReason;
  detail: string | null;
  created_at: Date | string;
}

/** The open (or resolved) reports of the given targets, oldest first, in one statement; keyed `TYPE:id`. */
export async function reportsOf(
  db: Db,
  targets: Array<{ type: ReportTargetType; id: number }>,
  open: boolean,
): Promise<Map<string, ReportRow[]>> {
  const rows = await queryRows<ReportRow & { target_type: ReportTargetType; target_id: number }>(
    db,
    sql`SELECT r.target_type, r.target_id, r.id, r.reporter_id, u.nickname AS reporter_nickname, r.reason, r.detail,
          r.created_at
        FROM reports r JOIN users u ON u.id = r.reporter_id
        JOIN unnest(${`{${targets.map((t) => t.type).join(',')}}`}::text[], ${`{${targets.map((t) => t.id).join(',')}}`}::int[])
          AS t(kind, tid) ON r.target_type = t.kind AND r.target_id = t.tid
        WHERE ${statusIs(open)}
        ORDER BY r.created_at, r.id`,
  );
  const byTarget = new Map<string, ReportRow[]>();
  for (const { target_type, target_id, ...report } of rows) {
    const key = targetKey(target_type, Number(target_id));
    byTarget.set(key, [...(byTarget.get(key) ?? []), report]);
  }
  return byTarget;
}

export const targetKey = (type: ReportTargetType, id: number) => `${type}:${id}`;

/** Closes every open report of the target. */
export async function resolveReports(db: Db, type: ReportTargetType, id: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE reports SET resolved_at = ${now} WHERE target_type = ${type} AND target_id = ${id} AND resolved_at IS NULL`,
  );
}

const HIDEABLE_TABLE: Partial<Record<ReportTargetType, SQL>> = {
  POST: sql.raw('base_posts'),
  BOARD: sql.raw('boards'),
  REPLY: sql.raw('replies'),
  LINK: sql.raw('group_links'),
  NOTICE: sql.raw('group_notices'),
};

/** Hides (with the note as its reason) or restores the row; false when the row is gone. */
export async function setHidden(
  db: Db,
  type: ReportTargetType,
  id: number,
  hidden: { at: Date; reason: string | null } | null,
): Promise<boolean> {
  const table = HIDEABLE_TABLE[type];
  if (!table) return false;
  // hiding a reply moves its board's reply count (a trigger): the board row is locked first, in the order a
  // reply's delete takes them, or the two could deadlock
  if (type === 'REPLY') {
    await db.execute(sql`SELECT 1 FROM boards WHERE id = (SELECT board_id FROM replies WHERE id = ${id}) FOR UPDATE`);
  }
  const rows = await queryRows(
    db,
    sql`UPDATE ${table} SET hidden_at = ${hidden?.at ?? null}, hidden_reason = ${hidden?.reason ?? null}
        WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export interface AuditRow {
  id: number;
  action: string;
  operator_id: number | null;
  operator_nickname: string | null;
  target_type: string;
  target_id: number;
  note: string;
  created_at: Date | string;
}

export async function auditPage(db: Db, page: PageRequest): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT a.id, a.action, a.operator_id, u.nickname AS operator_nickname, a.target_type, a.target_id, a.note,
          a.created_at
        FROM moderation_audit a LEFT JOIN users u ON u.id = a.operator_id
        ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM moderation_audit`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The user's suspension row, ended or not (a suspension ends by itself at `until`). */
export async function findSuspension(db: Db, userId: number): Promise<{ until: Date; reason: string } | undefined> {
  const [row] = await queryRows<{ until: Date | string; reason: string }>(
    db,
    sql`SELECT until, reason FROM suspensions WHERE user_id = ${userId}`,
  );
  return row ? { until: new Date(row.until), reason: row.reason } : undefined;
}

/** Suspends the user until `until`, replacing a suspension they have. */
export async function upsertSuspension(
  db: Db,
  s: { userId: number; until: Date; reason: string; operatorId: number; now: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO suspensions (user_id, until, reason, operator_id, created_at)
        VALUES (${s.userId}, ${s.until}, ${s.reason}, ${s.operatorId}, ${s.now})
        ON CONFLICT (user_id) DO UPDATE
        SET until = excluded.until, reason = excluded.reason, operator_id = excluded.operator_id, created_at = excluded.created_at`,
  );
}

/** Ends the user's suspension; the one that stood (undefined when none did). */
export async function endSuspension(db: Db, userId: number, now: Date): Promise<{ until: Date; reason: string } | undefined> {
  const [row] = await queryRows<{ until: Date | string; reason: string }>(
    db,
    sql`DELETE FROM suspensions WHERE user_id = ${userId} RETURNING until, reason`,
  );
  return row && new Date(row.until) > now ? { until: new Date(row.until), reason: row.reason } : undefined;
}

/** Every token of the user stops being valid (docs/api.md §1.2: the token version). */
export async function bumpTokenVersion(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${userId}`);
}

/**
 * Distinct reporters of the target's open reports whose accounts were at least `minAgeMs` old when they reported
 * (an operator's decision closes the reports it saw, so only reports made since count).
 */
export async function seasonedReporters(db: Db, type: ReportTargetType, id: number, minAgeMs: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(DISTINCT r.reporter_id) AS n FROM reports r JOIN users u ON u.id = r.reporter_id
        WHERE r.target_type = ${type} AND r.target_id = ${id} AND r.resolved_at IS NULL
          AND u.created_at <= r.created_at - make_interval(secs => ${minAgeMs / 1000})`,
  );
  return Number(row?.n ?? 0);
}

/** Hides the row unless it is hidden already; whether it did. */
export async function hideUnlessHidden(db: Db, type: ReportTargetType, id: number, at: Date, reason: string): Promise<boolean> {
  const table = HIDEABLE_TABLE[type];
  if (!table) return false;
  const rows = await queryRows(
    db,
    sql`UPDATE ${table} SET hidden_at = ${at}, hidden_reason = ${reason} WHERE id = ${id} AND hidden_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** When the account was made. */
export async function accountCreatedAt(db: Db, userId: number): Promise<Date | undefined> {
  const [row] = await queryRows<{ created_at: Date | string }>(db, sql`SELECT created_at FROM users WHERE id = ${userId}`);
  return row ? new Date(row.created_at) : undefined;
}

/** Posts (both kinds) or boards the user has. */
export async function ownCount(db: Db, what: 'POST' | 'BOARD', userId: number): Promise<number> {
  const query =
    what === 'POST'
      ? sql`SELECT count(*) AS n FROM base_posts WHERE creator_id = ${userId}`
      : sql`SELECT count(*) AS n FROM boards WHERE author_id = ${userId}`;
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * For a 쪽지 from `senderId` to the active user named `receiverName` (as sending finds them): whether that receiver
 * is new to the sender (never written to by the sender, never wrote to the sender), and how many distinct people
 * the sender wrote to who never wrote back to them. An unknown name is not new (sending answers for it).
 */
export async function strangerCount(
  db: Db,
  senderId: number,
  receiverName: string,
): Promise<{ newStranger: boolean; strangers: number }> {
  const [row] = await queryRows<{ new_stranger: boolean; strangers: number | string }>(
    db,
    sql`WITH r AS (
          SELECT u.id FROM users u
          WHERE lower(u.nickname) = lower(${receiverName}) AND u.withdrawn_at IS NULL AND NOT u.system LIMIT 1
        )
        SELECT
          EXISTS (
            SELECT 1 FROM r WHERE NOT EXISTS (
              SELECT 1 FROM messages m
              WHERE (m.sender_id = ${senderId} AND m.receiver_id = r.id) OR (m.sender_id = r.id AND m.receiver_id = ${senderId})
            )
          ) AS new_stranger,
          (SELECT count(DISTINCT m.receiver_id) FROM messages m
            WHERE m.sender_id = ${senderId}
              AND NOT EXISTS (SELECT 1 FROM messages b WHERE b.sender_id = m.receiver_id AND b.receiver_id = ${senderId})
          ) AS strangers`,
  );
  return { newStranger: row?.new_stranger === true, strangers: Number(row?.strangers ?? 0) };
}
