import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { useTestApp } from '../../test/helpers.js';
import { openDatabase, queryRows, type Database } from './client.js';

// The statement limit is the PostgreSQL server's (statement_timeout); the embedded database has none (*.pg.test.ts
// runs only on the PostgreSQL pass).
describe('the statement limit on a PostgreSQL server', () => {
  const t = useTestApp();
  let limited: Database;
  beforeAll(async () => {
    limited = await openDatabase(t.database, { bounded: true, statementLimitMs: 300 });
  });
  // before the app closes (after-hooks run in reverse)
  afterAll(() => limited.close());

  it('cancels a longer statement on the server, so its write is not committed after the request answered', async () => {
    await limited.db.execute(sql`CREATE TABLE limit_probe (n int)`);
    const slow = limited.db.execute(sql`WITH w AS (INSERT INTO limit_probe VALUES (1) RETURNING n) SELECT pg_sleep(1) FROM w`);
    const err = await slow.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    await new Promise((r) => setTimeout(r, 1200)); // past the time the statement would have finished
    expect(await queryRows(limited.db, sql`SELECT n FROM limit_probe`)).toEqual([]);
  });

  it('leaves the connections usable, shorter statements untouched, and migrations unlimited', async () => {
    for (let i = 0; i < 12; i++) {
      expect(
        await queryRows(limited.db, sql`SELECT pg_sleep(0.01)::text AS s, current_setting('statement_timeout') AS limit`),
      ).toEqual([{ s: '', limit: '300ms' }]);
    }
    // what migrate() runs first in its transaction
    const inMigration = await limited.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      return queryRows(tx, sql`SELECT pg_sleep(0.5)::text AS s`);
    });
    expect(inMigration).toEqual([{ s: '' }]);
  });
});
