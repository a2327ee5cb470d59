import { sql } from 'drizzle-orm';
import type { Job, JobStore, NewJob } from '../lib/job-worker.js';
import { queryRows, type Db } from './client.js';

interface JobRow {
  id: string | number;
  kind: string;
  key: string;
  user_id: number | null;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  kind: r.kind,
  key: r.key,
  userId: r.user_id,
  payload: r.payload,
  attempts: r.attempts,
  createdAt: new Date(r.created_at),
});

/**
 * Writes jobs in the caller's transaction; a job whose key is taken (the same event, channel and recipient, queued or
 * done) is left out. The number written.
 */
export async function enqueueJobs(db: Db, jobs: readonly NewJob[], now: Date): Promise<number> {
  if (jobs.length === 0) return 0;
  const values = sql.join(
    jobs.map(
      (j) =>
        sql`(${j.kind}, ${j.key}, ${j.userId}::int, ${JSON.stringify(j.payload)}::jsonb, ${j.runAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO jobs (kind, key, user_id, payload, run_at, created_at) VALUES ${values}
        ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
  return rows.length;
}

/**
 * One statement, so atomic without a transaction: the job is done with `outcome` and the jobs it leads to are
 * written (keys already taken left out). A crash before it repeats the job; after it, the next ones run.
 */
export async function finishJobWith(db: Db, id: number, next: readonly NewJob[], now: Date, outcome: string): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const values = sql.join(
    next.map(
      (j) =>
        sql`(${j.kind}, ${j.key}, ${j.userId}::int, ${JSON.stringify(j.payload)}::jsonb, ${j.runAt.toISOString()}::timestamptz, ${at})`,
    ),
    sql`, `,
  );
  const insert = next.length
    ? sql`WITH next AS (INSERT INTO jobs (kind, key, user_id, payload, run_at, created_at) VALUES ${values} ON CONFLICT (key) DO NOTHING) `
    : sql``;
  await db.execute(
    sql`${insert}UPDATE jobs SET done_at = ${at}, outcome = ${outcome}, locked_until = NULL WHERE id = ${id} AND done_at IS NULL`,
  );
}

/** Marks a job done in the caller's transaction (a handler whose work and completion must commit together). */
export async function finishJobIn(db: Db, id: number, now: Date, outcome: string): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET done_at = ${now.toISOString()}::timestamptz, outcome = ${outcome}, locked_until = NULL
        WHERE id = ${id} AND done_at IS NULL`,
  );
}

/** The user's jobs still to run go (withdrawal): none of them is sent. */
export async function dropJobsOf(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM jobs WHERE user_id = ${userId} AND done_at IS NULL`);
}

/** The queue in the database, for lib/job-worker.ts. */
export function jobStore(db: Db): JobStore {
  return {
    async claim(now, limit, leaseUntil) {
      const at = now.toISOString();
      // SKIP LOCKED: two workers never wait on or take the same rows; the lease hands a crashed worker's jobs on
      const rows = await queryRows<JobRow>(
        db,
        sql`UPDATE jobs j SET locked_until = ${leaseUntil.toISOString()}::timestamptz, attempts = j.attempts + 1
            FROM (SELECT id FROM jobs
                  WHERE done_at IS NULL AND run_at <= ${at}::timestamptz
                    AND (locked_until IS NULL OR locked_until <= ${at}::timestamptz)
                  ORDER BY run_at, id LIMIT ${limit}
                  FOR UPDATE SKIP LOCKED) due
            WHERE j.id = due.id
            RETURNING j.id, j.kind, j.key, j.user_id, j.payload, j.attempts, j.created_at`,
      );
      return rows.map(toJob).sort((a, b) => a.id - b.id);
    },
    finish: (id, now, outcome) => finishJobIn(db, id, now, outcome),
    async retry(id, runAt, error) {
      await db.execute(
        sql`UPDATE jobs SET run_at = ${runAt.toISOString()}::timestamptz, locked_until = NULL, last_error = ${error}
            WHERE id = ${id} AND done_at IS NULL`,
      );
    },
    async release(ids) {
      if (ids.length === 0) return;
      await db.execute(
        sql`UPDATE jobs SET locked_until = NULL WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND done_at IS NULL`,
      );
    },
    async purgeDone(before) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`DELETE FROM jobs WHERE done_at < ${before.toISOString()}::timestamptz RETURNING id`,
      );
      return rows.length;
    },
  };
}
