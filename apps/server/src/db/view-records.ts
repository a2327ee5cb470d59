import { sql, type SQL } from 'drizzle-orm';
import type { CountedViews, ViewToWrite } from '../lib/views.js';
import { queryRows, type Db } from './client.js';

/**
 * A kind of viewed row, declared by the area that owns it: the `target_kind` of its view records and the table
 * whose `id` they name and whose `views` column counts them.
 */
export interface ViewedTable {
  kind: string;
  table: string;
}

/** Kinds and tables are written into the statement's text: constants of the code, checked all the same. */
function literal(value: string, pattern: RegExp): SQL {
  if (!pattern.test(value)) throw new Error(`not a viewed kind or table: ${value}`);
  return sql.raw(value);
}

/**
 * The writer of lib/views.ts's ViewCounter, for these tables. One statement: the records of the batch, inserted or
 * renewed when older than 24 h (only those are returned), and each target's counter raised by its returned records.
 * Targets deleted meanwhile get no record.
 */
export function writeViews(db: Db, tables: readonly ViewedTable[], batch: readonly ViewToWrite[]): Promise<CountedViews[]> {
  const values = sql.join(
    batch.map((v) => sql`(${v.kind}, ${v.id}::int, ${v.key}, ${v.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const counted = tables.map((t, i) => ({
    kind: literal(`'${t.kind}'`, /^'[A-Z_]+'$/),
    table: literal(t.table, /^[a-z_]+$/),
    cte: sql.raw(`counted_${i}`),
  }));
  const exists = sql.join(
    counted.map((t) => sql`(target_kind = ${t.kind} AND EXISTS (SELECT 1 FROM ${t.table} r WHERE r.id = v.target_id))`),
    sql`\n             OR `,
  );
  const raise = sql.join(
    counted.map(
      (t) => sql`${t.cte} AS (
          UPDATE ${t.table} r SET views = r.views + t.n FROM per_target t
          WHERE t.target_kind = ${t.kind} AND r.id = t.target_id RETURNING r.id, r.views)`,
    ),
    sql`,\n        `,
  );
  const answer = sql.join(
    counted.map(
      (t) => sql`SELECT ${t.kind} AS kind, c.id, c.views, t.keys FROM ${t.cte} c
        JOIN per_target t ON t.target_kind = ${t.kind} AND t.target_id = c.id`,
    ),
    sql`\n        UNION ALL\n        `,
  );
  return queryRows<CountedViews>(
    db,
    sql`WITH v(target_kind, target_id, viewer_key, viewed_at) AS (VALUES ${values}),
        fresh AS (
          INSERT INTO view_records (target_kind, target_id, viewer_key, viewed_at)
          SELECT target_kind, target_id, viewer_key, viewed_at FROM v
          WHERE ${exists}
          ON CONFLICT (target_kind, target_id, viewer_key) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
          WHERE view_records.viewed_at <= EXCLUDED.viewed_at - interval '24 hours'
          RETURNING target_kind, target_id, viewer_key),
        per_target AS (
          SELECT target_kind, target_id, count(*)::int AS n, array_agg(viewer_key) AS keys FROM fresh
          GROUP BY target_kind, target_id),
        ${raise}
        ${answer}`,
  );
}
