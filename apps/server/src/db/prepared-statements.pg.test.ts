import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { queryRows } from './client.js';

// On a PostgreSQL server each query is prepared once per connection, under a name made from its text (client.ts).
describe('prepared statements on a PostgreSQL server', () => {
  const t = useTestApp();

  it('prepares a query once per connection however often it runs, with or without parameters; not BEGIN', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        const [row] = await queryRows<{ n: number }>(tx, sql`SELECT ${n}::int AS n, 'n_prepared_marker' AS marker`);
        expect(row.n).toBe(n);
      }
      await tx.execute(sql`SELECT 'bare_prepared_marker'`);
      await tx.execute(sql`SET LOCAL statement_timeout = 60000`);
      return queryRows<{ statement: string }>(
        tx,
        sql`SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY prepare_time`,
      );
    });
    const texts = prepared.map((p) => p.statement);
    expect(texts.filter((s) => s.includes('n_prepared_marker'))).toHaveLength(1);
    expect(texts.filter((s) => s.includes('bare_prepared_marker'))).toHaveLength(1);
    expect(texts.some((s) => /^\s*(begin|set)\b/i.test(s))).toBe(false);
  });
});
