import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restore } from '../features/ops/backup.js';
import { isUniqueViolation } from '../lib/errors.js';
import { openDatabase, queryRows, type Database } from './client.js';

const names = async (database: Database) =>
  (await queryRows<{ name: string }>(database.db, sql`SELECT name FROM thread_t ORDER BY id`)).map((r) => r.name);

// The server's default: a data dir's PGlite, opened through openDatabase, runs in a thread of its own.
describe('PGlite of a data dir, in its own thread', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    await restore(dataDir, path.join(inject('testDir'), 'template.tar'));
    database = await openDatabase({ dataDir });
    await database.db.execute(
      sql`CREATE TABLE thread_t (id int PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz NOT NULL DEFAULT now(), meta jsonb)`,
    );
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a query with the values an in-thread PGlite gives drizzle', async () => {
    await database.db.execute(
      sql`INSERT INTO thread_t (id, name, at, meta) VALUES (1, '하나', '2026-01-02T03:04:05Z', '{"a":[1]}')`,
    );
    const rows = await queryRows(
      database.db,
      sql`SELECT id, name, at, meta, ARRAY['x', NULL] AS list, NULL::int AS none FROM thread_t WHERE id = ${1}`,
    );
    // timestamps stay text (drizzle's parsers), jsonb parses, arrays and nulls survive the crossing
    expect(rows).toEqual([
      { id: 1, name: '하나', at: '2026-01-02 03:04:05+00', meta: { a: [1] }, list: ['x', null], none: null },
    ]);
  });

  it('throws a unique violation with its SQLSTATE and constraint, as the error handling reads them', async () => {
    const err = await database.db.execute(sql`INSERT INTO thread_t (id, name) VALUES (2, '하나')`).catch((e: unknown) => e);
    const cause = (err as { cause?: { code?: string; constraint?: string; detail?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_t_name_key', detail: 'Key (name)=(하나) already exists.' });
    expect(isUniqueViolation(err, 'thread_t_name_key')).toBe(true);
  });

  it('commits a transaction, and rolls back one that throws or calls rollback', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (3, '셋')`);
      await tx.execute(sql`UPDATE thread_t SET name = '셋셋' WHERE id = 3`);
    });
    const thrown = new Error('the callback failed');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (4, '넷')`);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (5, '다섯')`);
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    // a failed statement inside: the transaction rolls back with its error
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (6, '여섯')`);
        await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (7, '여섯')`);
      }),
    ).rejects.toSatisfy((e) => isUniqueViolation(e));
    expect(await names(database)).toEqual(['하나', '셋셋']);
  });

  it('keeps this thread free while a statement runs', async () => {
    const events: string[] = [];
    const slow = database.db.execute(sql`SELECT pg_sleep(0.3)`).then(() => events.push('statement done'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.push('timer fired');
    await slow;
    expect(events).toEqual(['timer fired', 'statement done']);
  });

  it('makes a statement from outside an open transaction wait for its commit', async () => {
    const events: string[] = [];
    let outside: Promise<string[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_t (id, name) VALUES (8, '여덟')`);
      outside = names(database).then((seen) => (events.push('outside answered'), seen));
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push('transaction ends');
    });
    expect(await outside).toContain('여덟');
    expect(events).toEqual(['transaction ends', 'outside answered']);
  });

  it('dumps the data dir', async () => {
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    expect(tar.subarray(257, 262).toString('latin1')).toBe('ustar');
  });

  it('refuses a second open of the same data dir, and frees it on close', async () => {
    await expect(openDatabase({ dataDir })).rejects.toThrow('already open in this process');
    await database.close();
    expect(existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
    database = await openDatabase({ dataDir });
    expect(await names(database)).toEqual(['하나', '셋셋', '여덟']);
  });
});
