import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { SentError, SentQueryOptions, ThreadCall, ThreadReply } from './pglite-thread.js';

// The thread's code next to this module's: pglite-thread.js in the build (dist/), or, from the TypeScript sources,
// pglite-thread.ts through tsx (pglite-thread-from-sources.mjs).
const THREAD_FILE = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-thread-from-sources.mjs' : './pglite-thread.js',
  import.meta.url,
);

/** Data dirs open in this process: one PGlite owns a data dir, and a second one would write over its files. */
const openDataDirs = new Set<string>();

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  options?: QueryOptions;
}

/** A transaction as drizzle-orm/pglite uses one: statements, and a rollback. */
export interface RemoteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * PGlite on a data dir, running in its own thread (db/pglite-thread.ts), with the methods the server calls on a
 * PGlite: drizzle-orm/pglite's (`query`, `transaction`) and client.ts's (`exec`, `dumpDataDir`, `close`). A
 * statement blocks that thread, not this one, so requests that need no database (the read cache) answer meanwhile.
 */
export class RemotePglite {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** why no more calls can be answered: closed, or the thread died */
  private stopped: Error | null = null;

  private constructor(private readonly dataDir: string) {
    this.worker = new Worker(THREAD_FILE, { workerData: { dataDir } });
    this.worker.on('message', (reply: ThreadReply) => this.settle(reply));
    this.worker.on('error', (err) => this.stop(threadStopped(err)));
    this.worker.on('exit', (code) => this.stop(threadStopped(new Error(`exit code ${code}`))));
  }

  /** Opens PGlite on `dataDir` (PGlite's folder: DATA_DIR/pgdata for the server) in a thread of its own. */
  static async open(dataDir: string): Promise<RemotePglite> {
    const key = path.resolve(dataDir);
    if (openDataDirs.has(key)) throw new Error(`${key} is already open in this process`);
    openDataDirs.add(key);
    const remote = new RemotePglite(key);
    try {
      await remote.expect(0);
      return remote;
    } catch (err) {
      await remote.end();
      throw err;
    }
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.statement(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /** Runs `callback` here; PGlite, in its thread, runs nothing else until the transaction commits or rolls back. */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    let closed = false;
    const tx: RemoteTransaction = {
      query: (text, params = [], options = {}) => this.statement(id, text, params, options),
      exec: (text) => this.call({ op: 'exec', tx: id, text }) as Promise<Results[]>,
      rollback: async () => {
        await this.call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** A tar of the data dir (uncompressed: the only kind the server takes). */
  async dumpDataDir(_compression: 'none'): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump' })) as ArrayBuffer]);
  }

  /** Closes PGlite (its files are left consistent, the data dir free) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.end();
    }
  }

  private async statement<T>(tx: number | undefined, text: string, params: unknown[], options: QueryOptions) {
    return this.call({ op: 'query', tx, text, params, options: sendableOptions(options) }, options) as Promise<Results<T>>;
  }

  private call(request: ThreadCall, options?: QueryOptions): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    this.worker.postMessage({ ...request, id });
    return this.expect(id, options);
  }

  private expect(id: number, options?: QueryOptions): Promise<unknown> {
    // the thread keeps the process alive only while it has something to answer, as an in-thread PGlite would
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, options }));
  }

  private settle(reply: ThreadReply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply) pending.reject(received(reply.error, pending.options));
    else pending.resolve(reply.value);
  }

  private stop(reason: Error) {
    if (this.stopped) return;
    this.stopped = reason;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
  }

  private async end() {
    this.stop(new Error('PGlite is closed'));
    await this.worker.terminate();
    openDataDirs.delete(this.dataDir);
  }
}

/**
 * drizzle's parsers keep the text of some types (timestamps, intervals, dates, numeric arrays) as it is; a function
 * cannot cross to the thread, so the thread gets their type OIDs and rebuilds them.
 */
function sendableOptions({ rowMode, parsers, paramTypes, ...others }: QueryOptions): SentQueryOptions {
  const unsupported = Object.keys(others).filter((key) => others[key as keyof typeof others] !== undefined);
  if (unsupported.length) throw new Error(`PGlite in its own thread takes no ${unsupported.join(', ')}`);
  const rawTypes = Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse(PROBE) !== PROBE) throw new Error(`PGlite in its own thread takes only parsers that keep the text (type ${oid})`);
    return Number(oid);
  });
  return { rowMode, paramTypes, rawTypes };
}
const PROBE = '1';

/** The thread's error as PGlite would have thrown it here: a DatabaseError with its code, constraint, detail... */
function received(sent: SentError, queryOptions?: QueryOptions): Error {
  const err = sent.database ? new messages.DatabaseError(sent.message, 0, 'error') : new Error(sent.message);
  return Object.assign(err, sent.fields, queryOptions && { queryOptions });
}

/** SQLSTATE 57P02 (crash shutdown): requests answer 503 (lib/errors.ts isDatabaseUnavailable) instead of waiting. */
const threadStopped = (cause: Error) =>
  Object.assign(new Error('the embedded database thread stopped', { cause }), { code: '57P02' });
