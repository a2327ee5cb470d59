import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { openDatabase, queryRows, type Database } from './client.js';

// An instance of the older version keeps its prepared statements while a newer version's migration changes a table
// they read: PostgreSQL then answers "cached plan must not change result type" (0A000) on that connection until the
// statement is prepared again (client.ts rePrepare).
describe('a prepared statement whose table changed under it', () => {
  const t = useTestApp();
  let app: Database;
  let other: pg.Client;
  const alter = (statement: string) => other.query(statement);

  beforeAll(async () => {
    app = await openDatabase(t.database);
    other = new pg.Client({ connectionString: (t.database as { url: string }).url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await app.close();
  });

  type Row = Record<string, unknown> & { pid: number };
  const read = (db: Database['db'], table: string, n = 1) =>
    queryRows<Row>(db, sql`SELECT *, pg_backend_pid() AS pid FROM ${sql.identifier(table)} WHERE a = ${n}`);

  it('outside a transaction: prepared again on the same connection, answers with the new shape', async () => {
    await alter('CREATE TABLE stale_a (a int)');
    await alter('INSERT INTO stale_a VALUES (1)');
    const [before] = await read(app.db, 'stale_a');
    expect(before).toEqual({ a: 1, pid: before.pid });

    await alter("ALTER TABLE stale_a ADD COLUMN b text NOT NULL DEFAULT 'new'");
    const [after] = await read(app.db, 'stale_a');
    expect(after).toEqual({ a: 1, b: 'new', pid: before.pid });

    await alter('ALTER TABLE stale_a ALTER COLUMN a TYPE bigint');
    const [retyped] = await read(app.db, 'stale_a');
    // bigint arrives as a string through pg
    expect(retyped).toEqual({ a: '1', b: 'new', pid: before.pid });
  });

  it('as the first statement of a transaction: the transaction begins again and goes on', async () => {
    await alter('CREATE TABLE stale_b (a int)');
    await alter('INSERT INTO stale_b VALUES (1)');
    const [before] = await read(app.db, 'stale_b');

    await alter('ALTER TABLE stale_b ADD COLUMN b int NOT NULL DEFAULT 2');
    const rows = await app.db.transaction(async (tx) => {
      const [row] = await read(tx, 'stale_b');
      await tx.execute(sql`INSERT INTO stale_b VALUES (3, 4)`);
      return [row, ...(await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM stale_b`))];
    });
    expect(rows).toEqual([{ a: 1, b: 2, pid: before.pid }, { n: 2 }]);
  });

  it('later in a transaction: that transaction fails, the next use of the connection prepares it again', async () => {
    await alter('CREATE TABLE stale_c (a int)');
    await alter('INSERT INTO stale_c VALUES (1)');
    const [before] = await read(app.db, 'stale_c');

    await alter('ALTER TABLE stale_c ADD COLUMN b int NOT NULL DEFAULT 2');
    const failed = await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        return read(tx, 'stale_c');
      })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string } },
      );
    // drizzle wraps the driver's error
    expect(failed?.cause?.code).toBe('0A000');

    // a transaction first, so the statement is not simply re-prepared by the retry outside one
    const again = await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      return read(tx, 'stale_c');
    });
    expect(again).toEqual([{ a: 1, b: 2, pid: before.pid }]);
  });
});
