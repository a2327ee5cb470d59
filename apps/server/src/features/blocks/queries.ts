import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * Whether either user has blocked the other (docs/api.md §9.4: the refusal is the same whoever blocked whom).
 * Two primary-key probes. Other areas (쪽지, invites) reach blocks only through this file.
 */
export async function isBlockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(db, sql`SELECT ${blockedBetween(a, sql`${b}::int`)} AS blocked`);
  return row.blocked;
}

/** The same test as a boolean expression, for a statement that reads the other user itself (`other`: its id). */
export function blockedBetween(a: number, other: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks
    WHERE (blocker_id = ${a}::int AND blocked_id = ${other}) OR (blocker_id = ${other} AND blocked_id = ${a}::int))`;
}

export interface BlockRow {
  blocked_id: number;
  nickname: string;
  created_at: Date | string;
}

/** The user's 차단 목록, newest first (blocks_blocker_recent_idx); withdrawn users' rows are already gone. */
export function blockRows(db: Db, blockerId: number): Promise<BlockRow[]> {
  return queryRows<BlockRow>(
    db,
    sql`SELECT b.blocked_id, u.nickname, b.created_at
        FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ${blockerId}
        ORDER BY b.created_at DESC, b.blocked_id DESC`,
  );
}

export async function blockCount(db: Db, blockerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM blocks WHERE blocker_id = ${blockerId}`,
  );
  return Number(row?.n ?? 0);
}

/** Withdrawal of either side removes the rows (docs/api.md §9.4). */
export async function deleteBlocksOf(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`);
}

/** Adds the block unless it is there (the first time is kept); whether it added one. */
export async function insertBlock(tx: Db, blockerId: number, blockedId: number, now: Date): Promise<boolean> {
  const added = await queryRows(
    tx,
    sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${blockerId}, ${blockedId}, ${now})
        ON CONFLICT DO NOTHING RETURNING blocked_id`,
  );
  return added.length > 0;
}

export async function deleteBlock(tx: Db, blockerId: number, blockedId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}`);
}
