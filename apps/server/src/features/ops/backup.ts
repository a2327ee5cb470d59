import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { PGLITE_EXTENSIONS, type Database } from '../../db/client.js';

/**
 * Backup of the embedded database (PGlite under DATA_DIR/pgdata). One process may open it, so a running
 * server makes the copy itself: it listens on DATA_DIR/backup.sock (a Unix socket, only for the user who
 * owns DATA_DIR), and a connection that sends `backup\n` gets `OK <bytes>\n` and a tar of the data dir taken after a CHECKPOINT
 * between two statements (PGlite runs one at a time), so it holds every committed transaction and nothing
 * half-written. With no server running, the CLI opens the database and dumps it the same way.
 */
export const BACKUP_SOCKET = 'backup.sock';

const pgdata = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Serves dumps on DATA_DIR/backup.sock; returns the function that stops it. */
export async function startBackupSocket(dataDir: string, database: Database, log: FastifyBaseLogger) {
  const dump = database.dumpDataDir;
  if (!dump) return () => undefined;
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    conn.on('error', () => undefined);
    // a connection that only checks whether the server runs sends nothing
    conn.once('data', () => void sendDump(conn));
  });
  const sendDump = (conn: net.Socket) =>
    dump()
      .then((blob) => blob.arrayBuffer())
      .then(
        (tar) => {
          conn.write(`OK ${tar.byteLength}\n`);
          conn.end(Buffer.from(tar));
          log.info({ bytes: tar.byteLength }, 'backup: database copy sent');
        },
        (err: unknown) => {
          log.error({ err }, 'backup failed');
          conn.end('ERR the server could not copy the database\n');
        },
      );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    chmodSync(socketPath, 0o600);
  } catch (err) {
    log.warn({ err }, `backup: cannot listen on ${socketPath}; npm run backup works only while the server is stopped`);
    return () => undefined;
  }
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        rmSync(socketPath, { force: true });
        resolve();
      }),
    );
}

/** Writes a consistent copy of the embedded database to `file`; `live` when a running server made it. */
export async function backup(dataDir: string, file: string): Promise<{ bytes: number; live: boolean }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const fromServer = await connectToServer(dataDir);
    if (fromServer) {
      fromServer.write('backup\n');
      const bytes = await receiveDump(fromServer, partial);
      renameSync(partial, file);
      return { bytes, live: true };
    }
    assertStopped(dataDir);
    if (!existsSync(path.join(pgdata(dataDir), 'PG_VERSION'))) throw new Error(`no database under ${pgdata(dataDir)}`);
    const db = await PGlite.create({ dataDir: pgdata(dataDir), extensions: PGLITE_EXTENSIONS });
    try {
      await db.exec('CHECKPOINT');
      const tar = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
      writeFileSync(partial, tar);
      renameSync(partial, file);
      return { bytes: tar.byteLength, live: false };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Restores a backup into DATA_DIR/pgdata of a stopped server; an existing database is moved aside first
 * (to `pgdata.before-restore-<time>`), never deleted. Returns the row count of every table, read back.
 */
export async function restore(dataDir: string, file: string): Promise<{ tables: Record<string, number>; movedTo?: string }> {
  if (await connectToServer(dataDir).then((c) => (c?.destroy(), c !== null))) {
    throw new Error('the server is running on this DATA_DIR: stop it first');
  }
  assertStopped(dataDir);
  const tar = readFileSync(file);
  if (tar.length < 512 || tar.subarray(257, 262).toString('latin1') !== 'ustar') throw new Error(`${file} is not a backup (tar)`);
  mkdirSync(dataDir, { recursive: true });
  let movedTo: string | undefined;
  if (existsSync(pgdata(dataDir))) {
    movedTo = `${pgdata(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgdata(dataDir), movedTo);
  }
  const db = await PGlite.create({ dataDir: pgdata(dataDir), loadDataDir: new Blob([tar]), extensions: PGLITE_EXTENSIONS });
  try {
    return { tables: await rowCounts((text) => db.query(text)), movedTo };
  } finally {
    await db.close();
  }
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Rows per table of the public schema (the round trip compares them). */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of rows as Array<{ name: string }>) {
    const result = await query(`SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}"`);
    counts[name] = (result.rows[0] as { n: number }).n;
  }
  return counts;
}

/** An open connection to the server's backup socket, or null when no server listens there. */
function connectToServer(dataDir: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const conn = net.connect(path.join(dataDir, BACKUP_SOCKET));
    conn.once('connect', () => resolve(conn));
    conn.once('error', () => resolve(null));
  });
}

/** Reads `OK <bytes>\n` and the tar into `file`; rejects on ERR or a short copy. */
async function receiveDump(conn: net.Socket, file: string): Promise<number> {
  const chunks: Buffer[] = [];
  for await (const chunk of conn) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  const eol = all.indexOf(10);
  const head = all.subarray(0, eol).toString('utf8');
  const m = /^OK (\d+)$/.exec(head);
  if (!m) throw new Error(head.replace(/^ERR /, '') || 'the server closed the connection');
  const tar = all.subarray(eol + 1);
  if (tar.length !== Number(m[1])) throw new Error(`incomplete copy: ${tar.length} of ${m[1]} bytes`);
  writeFileSync(file, tar);
  return tar.length;
}

/** PGlite leaves postmaster.pid while the database is open: another process has it, or it was not closed. */
function assertStopped(dataDir: string) {
  if (existsSync(path.join(pgdata(dataDir), 'postmaster.pid'))) {
    throw new Error(
      `${pgdata(dataDir)} is open in another process or was not closed cleanly: ` +
        'run the backup while the server runs (it makes the copy), or start and stop the server once',
    );
  }
}
