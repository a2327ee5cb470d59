// The embedded database's own thread, started by db/pglite-remote.ts for a data dir. PGlite runs each statement
// synchronously in WebAssembly: here that blocks only this thread, and the main thread keeps answering requests.
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type ParserOptions, type RowMode, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

/** What the main thread asks; `tx` names a transaction by the id of the request that began it. */
export type ThreadCall =
  | { op: 'query'; tx?: number; text: string; params: unknown[]; options: SentQueryOptions }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };
export type ThreadRequest = ThreadCall & { id: number };

/** Query options without functions: `rawTypes` are the type OIDs whose text comes back unparsed (drizzle's parsers). */
export interface SentQueryOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  rawTypes: number[];
}

/** An error as it crosses: a structured clone would keep only the message, not PostgreSQL's code, constraint... */
export interface SentError {
  database: boolean;
  message: string;
  fields: Record<string, unknown>;
}

/** Id 0 answers the start-up: PGlite opened, or why not. */
export type ThreadReply = { id: number; value: unknown } | { id: number; error: SentError };

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}

const port = parentPort!;
const transactions = new Map<number, OpenTransaction>();
const rawParsers = new Map<string, ParserOptions>();
const asText = (value: string) => value;

const reply = (id: number, value: unknown, transfer: ArrayBuffer[] = []) => {
  try {
    port.postMessage({ id, value } satisfies ThreadReply, transfer);
  } catch (err) {
    // a value that cannot be cloned (a COPY's blob): the caller gets an error rather than no answer
    port.postMessage({ id, error: sendable(err) } satisfies ThreadReply);
  }
};

const pg = await PGlite.create({ dataDir: (workerData as { dataDir: string }).dataDir, extensions: PGLITE_EXTENSIONS }).catch(
  // nothing else keeps the thread alive: it ends after this message
  (err: unknown) => port.postMessage({ id: 0, error: sendable(err) } satisfies ThreadReply),
);
if (pg) {
  port.on('message', (request: ThreadRequest) =>
    run(pg, request).then(
      (value) => (value instanceof ArrayBuffer ? reply(request.id, value, [value]) : reply(request.id, value)),
      (err: unknown) => port.postMessage({ id: request.id, error: sendable(err) } satisfies ThreadReply),
    ),
  );
  reply(0, 'ready');
}

async function run(pg: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return clientOf(pg, request.tx).query(request.text, request.params, queryOptions(request.options));
    case 'exec':
      return clientOf(pg, request.tx).exec(request.text);
    case 'begin':
      await begin(pg, request.id);
      return request.id;
    case 'rollback':
      return transactionOf(request.tx).tx.rollback();
    case 'end': {
      const open = transactionOf(request.tx);
      open.end(request.commit);
      return open.done;
    }
    case 'dump': {
      const blob = await pg.dumpDataDir('none');
      return blob.arrayBuffer();
    }
    case 'close':
      return pg.close();
  }
}

/**
 * Begins a transaction that holds PGlite (every other statement waits, as in one thread) until the main thread,
 * having run its callback, sends `end`: commit, or roll back. Resolves once BEGIN ran.
 */
function begin(pg: PGlite, id: number): Promise<void> {
  return new Promise((begun, failed) => {
    const open = {} as OpenTransaction;
    open.done = pg
      .transaction(async (tx) => {
        const ended = new Promise<boolean>((end) => Object.assign(open, { tx, end }));
        transactions.set(id, open);
        begun();
        if (!(await ended) && !tx.closed) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    // BEGIN failed; later failures (COMMIT) reach `end`
    open.done.catch(failed);
  });
}

function transactionOf(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

const clientOf = (pg: PGlite, tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => (tx ? transactionOf(tx).tx : pg);

function queryOptions({ rowMode, paramTypes, rawTypes }: SentQueryOptions) {
  // no parsers rather than none: PGlite copies its parsers for each query that brings its own
  if (!rawTypes.length) return { rowMode, paramTypes };
  const key = rawTypes.join();
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(rawTypes.map((oid) => [oid, asText]))));
  return { rowMode, paramTypes, parsers };
}

/** PostgreSQL's fields (code, constraint, detail...) and the failed query; the options, with their functions, stay behind. */
function sendable(err: unknown): SentError {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err ?? {})) {
    if (key === 'params' || value === null || (typeof value !== 'object' && typeof value !== 'function')) fields[key] = value;
  }
  // PGlite's start-up may throw an Emscripten ErrnoError, which is no Error: its name and errno say what failed
  if (!(err instanceof Error))
    return { database: false, message: err && typeof err === 'object' ? JSON.stringify(fields) : String(err), fields };
  return {
    database: err instanceof messages.DatabaseError,
    message: err.message,
    fields: { ...fields, name: err.name, stack: err.stack },
  };
}
