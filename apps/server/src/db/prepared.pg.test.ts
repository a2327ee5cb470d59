import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { queryRows } from './client.js';
import { users } from './schema/index.js';

// Server-side prepared statements exist only on a PostgreSQL server (*.pg.test.ts runs on the PostgreSQL pass).
describe('prepared statements on a PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const preparedOnThisConnection = (tx: TestApp['db']) =>
    queryRows<{ statement: string }>(tx, sql`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`);

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    const statements = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.id} = ${i}`);
      return preparedOnThisConnection(tx);
    });
    const selects = statements.filter((s) => s.statement.startsWith('select "id" from "users" where "users"."id" ='));
    expect(selects).toHaveLength(1);
  });

  it('leaves searches and transaction control unprepared, and answers them the same', async () => {
    const { rows, statements } = await t.db.transaction(async (tx) => {
      const rows = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM users WHERE nickname ILIKE ${'%시스템%'}`,
      );
      return { rows, statements: await preparedOnThisConnection(tx) };
    });
    expect(rows).toEqual([{ n: 1 }]);
    expect(statements.some((s) => /ilike|begin/i.test(s.statement))).toBe(false);
  });
});
