import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { RemotePglite } from './pglite-remote.js';
import { compileTemplatesDirectly } from './template-sql.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** A database or a transaction: services take either, so they compose inside one transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** connections in use, idle and waited for (PGlite: its one connection) */
  poolStats(): { total: number; idle: number; waiting: number };
  /** PGlite only: a consistent tar of the data dir, taken between statements (features/ops/backup.ts) */
  dumpDataDir?(): Promise<Blob>;
}

/** Connections per pool on a PostgreSQL server. */
export const POOL_SIZE = 10;
/**
 * Connections on a PostgreSQL server that plan each statement text once (`queryRowsPlannedOnce`); public reads,
 * searches among them, run at most half the main pool's size at once (app.ts).
 */
const PLANNED_ONCE_POOL_SIZE = Math.ceil(POOL_SIZE / 2);
/** a PostgreSQL database's pool of connections that keep generic plans, by its main handle */
const plannedOnceDbs = new WeakMap<Db, Db>();

export type DatabaseSource = { url: string } | { dataDir: string } | { pglite: PGlite };

export { PGLITE_EXTENSIONS } from './pglite-extensions.js';

/**
 * For every session: the default (4) prices random reads for spinning disks, so the planner under-prices
 * ILIKE on long Korean text and prefers a sequential scan over the trigram indexes (860 ms vs 35 ms for a
 * search at 100k posts). Set per connection, searches need no transaction of their own for a SET LOCAL.
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * No parallel workers per query: on a few cores serving many requests at once, a search's Gather spent ~30 ms
 * starting its two workers for ~20 ms of work (search all "파이" at 100,000 posts: 80 -> 25 ms without them).
 */
const SESSION_SETTINGS = `-c random_page_cost=${RANDOM_PAGE_COST} -c max_parallel_workers_per_gather=0`;

/** Sees the text of every statement drizzle runs, before it runs (tests count them; unset, nothing is called). */
export type StatementHook = (text: string) => void;

export interface DatabaseOptions {
  onStatement?: StatementHook;
  /** the duration of every statement on PostgreSQL, in seconds (metrics) */
  onQueryTime?: (seconds: number) => void;
  /**
   * A serving app on a PostgreSQL server that may go away: a connection attempt gives up after 5 s, so a request
   * answers 503 instead of hanging (lib/errors.ts isDatabaseUnavailable).
   */
  bounded?: boolean;
  /**
   * PostgreSQL server: the server cancels a statement running longer (statement_timeout; the request answers
   * 503) and rolls it back; migrations lift it for their own transaction. PGlite: nothing to bound (in-process).
   */
  statementLimitMs?: number;
}

export async function openDatabase(source: DatabaseSource, options: DatabaseOptions = {}): Promise<Database> {
  const { onStatement } = options;
  const logger = onStatement ? { logQuery: (text: string) => onStatement(text) } : undefined;
  if ('url' in source) {
    const limit = options.statementLimitMs;
    const settings = limit ? `${SESSION_SETTINGS} -c statement_timeout=${Math.trunc(limit)}` : SESSION_SETTINGS;
    const makePool = (max: number, more = '') => {
      const pool = new pg.Pool({
        connectionString: source.url,
        max,
        options: settings + more,
        ...(options.bounded ? { connectionTimeoutMillis: 5000, keepAlive: true } : {}),
        // the client's own wait, for a server that does not answer at all (its cancel would not arrive either)
        ...(limit ? { query_timeout: limit + 5000 } : {}),
        Client: observedClient(options.onQueryTime),
      });
      // An idle connection the server closed (a restart) errors here; the pool drops it, the next query reconnects.
      pool.on('error', () => undefined);
      return pool;
    };
    const pool = makePool(POOL_SIZE);
    const plannedOnce = makePool(PLANNED_ONCE_POOL_SIZE, ' -c plan_cache_mode=force_generic_plan');
    const db = compileTemplatesDirectly(drizzlePg(pool, { schema, logger })) as unknown as Db;
    plannedOnceDbs.set(db, compileTemplatesDirectly(drizzlePg(plannedOnce, { schema, logger })) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), plannedOnce.end()]);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // A data dir's database runs in a thread of its own (the server's default), so a statement does not hold up the
  // requests this thread can answer alone; a given PGlite (tests) stays in this thread.
  const client = 'pglite' in source ? source.pglite : await RemotePglite.open(path.join(source.dataDir, 'pgdata'));
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  return {
    // drizzle calls only query and transaction (then the transaction's query), which both clients have
    db: compileTemplatesDirectly(drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    dumpDataDir: async () => {
      // flushes the buffers first, so the tar needs no WAL replay; the dump itself runs between statements
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
}

/**
 * pg's client, with three changes: a connection lost while the client is checked out (between the statements of
 * a transaction) emits 'error' with no pool listener, which would end the process, so it is caught here (the
 * next statement fails and the request answers 503); a prepared statement whose table a newer version's migration
 * changed is prepared again (`rePrepare`); and with `onQueryTime`, each statement's duration is reported.
 */
function observedClient(onQueryTime?: (seconds: number) => void): typeof pg.Client {
  return class ObservedClient extends pg.Client {
    /** the text of the statement queued before the current one on this connection (a BEGIN makes it a first) */
    private previousText: string | undefined;
    /** names whose plan went stale inside a transaction: deallocated before their next use outside an aborted one */
    private readonly stale = new Set<string>();

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', () => undefined);
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      nameStatement(args);
      const config = args[0] as { text?: unknown; name?: unknown; submit?: unknown } | string | undefined;
      const text = typeof config === 'string' ? config : typeof config?.text === 'string' ? config.text : undefined;
      const previous = this.previousText;
      this.previousText = text;
      const name =
        config && typeof config === 'object' && typeof config.submit !== 'function' && typeof config.name === 'string'
          ? config.name
          : undefined;
      const start = performance.now();
      const done = () => onQueryTime?.((performance.now() - start) / 1000);
      if (name) {
        // the pool's own query (a statement outside a transaction) passes a callback and gets no promise back
        const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (...a: unknown[]) => void) : null;
        const result = this.rePrepare(name, args[0], args[1], previous, this.getTransactionStatus());
        result.then(done, done);
        if (!callback) return result;
        result.then(
          (r) => callback(null, r),
          (err: unknown) => callback(err),
        );
        return undefined;
      }
      let result: unknown;
      if (!onQueryTime) result = this.send(...args);
      else {
        const last = args.length - 1;
        if (typeof args[last] === 'function') {
          const callback = args[last] as (...a: unknown[]) => void;
          args[last] = (...a: unknown[]) => {
            done();
            callback(...a);
          };
        }
        result = this.send(...args);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
      }
      return result;
    }

    private send(...args: unknown[]): unknown {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }

    /**
     * Runs a named statement; when PostgreSQL answers that its cached plan must not change result type (a newer
     * version's migration added, dropped or retyped a column of a table it reads, e.g. with `SELECT *`), the name
     * is deallocated on this connection and the statement runs once more, prepared anew:
     * - outside a transaction, at once;
     * - as the first statement of a transaction (the one before it on this connection was its BEGIN): the aborted
     *   transaction is rolled back and begun again with the same BEGIN, then the statement runs, so nothing the
     *   caller did is lost;
     * - later in a transaction the error stands (the transaction is aborted, and what ran before in it cannot be
     *   replayed from here); the name is deallocated before its next use on this connection (outside an aborted
     *   transaction), so that use prepares it again instead of failing until the connection is closed.
     * `status` is the transaction status of the last ReadyForQuery when the statement was called (read then: the
     * error reaches us before the ReadyForQuery that follows it, or after, as the bytes arrive). The connection's
     * statements are sent one after another (drizzle awaits each), which it and `previous` rely on.
     */
    private async rePrepare(name: string, config: unknown, values: unknown, previous: string | undefined, status: string | null) {
      // went stale later in a transaction that has ended since (DEALLOCATE is not transactional)
      if (this.stale.has(name) && status !== 'E') {
        this.stale.delete(name);
        await this.forget(name);
      }
      try {
        return await this.send(config, values);
      } catch (err) {
        if (!isStalePlan(err)) throw err;
        if (status === 'I') {
          await this.forget(name);
          return this.send(config, values);
        }
        if (status === 'T' && previous !== undefined && TRANSACTION_BEGIN.test(previous)) {
          await this.send('ROLLBACK');
          await this.forget(name);
          await this.send(previous);
          return this.send(config, values);
        }
        this.stale.add(name);
        throw err;
      }
    }

    /** Deallocates a name on this connection and forgets it, so the next statement under that name is parsed again. */
    private async forget(name: string) {
      await (this.send(`DEALLOCATE "${name.replace(/"/g, '""')}"`) as Promise<unknown>).catch(() => undefined);
      const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
      delete connection.parsedStatements[name];
    }
  } as typeof pg.Client;
}

const TRANSACTION_BEGIN = /^\s*(begin|start\s+transaction)\b/i;

/** PostgreSQL's "cached plan must not change result type" (SQLSTATE 0A000, raised in RevalidateCachedQuery). */
function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; routine?: unknown; message?: unknown } | null;
  return (
    e?.code === '0A000' &&
    (e.routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(String(e.message)))
  );
}

/**
 * At most this many statement texts are named (each connection keeps a plan per name), so no stream of distinct
 * texts can grow the server's memory without end; the rest run unnamed. The code has a few hundred, and one process
 * running the API tests one file after another names more than 500 (measured: 512; the tests' own statements besides): a cap
 * reached there would turn naming off for every file after it.
 */
const NAMED_STATEMENTS_MAX = 2000;
const statementNames = new Map<string, string>();

/**
 * A query (or a statement with parameters) gets a name from its text, so each connection parses it once and
 * PostgreSQL may keep a generic plan for it instead of planning it on every call (planning took longer than
 * running for the lists and details). Transaction control and other bare commands stay unnamed.
 */
function nameStatement(args: unknown[]) {
  const config = args[0] as { text?: unknown; name?: unknown; values?: unknown } | undefined;
  if (!config || typeof config !== 'object' || typeof config.text !== 'string' || config.name) return;
  const values = Array.isArray(args[1]) ? args[1] : config.values;
  const bound = Array.isArray(values) && values.length > 0;
  if (!bound && !/^\s*(select|with)\b/i.test(config.text)) return;
  let name = statementNames.get(config.text);
  if (!name) {
    if (statementNames.size >= NAMED_STATEMENTS_MAX) return;
    name = `s${createHash('sha1').update(config.text).digest('base64url').slice(0, 22)}`;
    statementNames.set(config.text, name);
  }
  args[0] = { ...config, name };
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a statement run on the generic plan its connection keeps for its text, planned once instead of on every
 * call. For statements that cost far more to plan than to run and whose plan does not hinge on the values bound
 * (a search: 7 to 17 ms to plan, 0.2 to 3 ms to run at 100,000 posts; its choices that depend on the numbers are
 * made inside the statement). On a PostgreSQL server it runs on a pool of its own whose connections plan so; on
 * PGlite (one connection) or inside a transaction, the setting lives in a transaction of its own, so nothing else
 * on the connection plans that way.
 */
export async function queryRowsPlannedOnce<T>(db: Db, query: SQL): Promise<T[]> {
  const plannedOnce = plannedOnceDbs.get(db);
  if (plannedOnce) return queryRows<T>(plannedOnce, query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    return queryRows<T>(tx, query);
  });
}
