import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { openDatabase, type Database } from './client.js';

// Statement durations are the PostgreSQL client's (the /metrics histogram db_query_duration_seconds).
describe('statement durations on a PostgreSQL server', () => {
  const t = useTestApp();
  let timed: Database;
  const durations: number[] = [];
  beforeAll(async () => {
    timed = await openDatabase(t.database, { onQueryTime: (s) => durations.push(s) });
  });
  // before the app closes (after-hooks run in reverse)
  afterAll(() => timed.close());

  it('times a statement outside a transaction (the pool answers it through a callback) and each one inside', async () => {
    durations.length = 0;
    await timed.db.execute(sql`SELECT pg_sleep(0.02)`);
    expect(durations).toHaveLength(1);
    expect(durations[0]).toBeGreaterThanOrEqual(0.02);

    durations.length = 0;
    await timed.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
    });
    expect(durations).toHaveLength(3); // begin, the statement, commit
  });
});
