/**
 * The failover drill's PostgreSQL (bench/drill/failover.ts): a primary cluster and a streaming-replication standby
 * made from it with `pg_basebackup -R`, each on its own port and temporary folder, found and run as the outage tests
 * run theirs (scripts/services.mjs: the newest /usr/lib/postgresql/<v>/bin, as the `postgres` user when root); and
 * `PrimaryAddress`, the one address the instances hold, which follows whichever cluster says it is the primary.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin, freePort, INSTALL_HINT } from '../../scripts/services.mjs';
import { sleep } from './cluster.js';

/** One PostgreSQL cluster in a temporary folder of its own. */
export class PgCluster {
  private constructor(
    readonly name: string,
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly settings: string,
  ) {}

  /** The folder and a free port; nothing is initialised or started yet. */
  static async make(name: string, settings = '') {
    const bin = findPostgresBin();
    if (!bin) throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN or ${INSTALL_HINT}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), `drill-pg-${name}-`));
    if (process.getuid?.() === 0) {
      const [uid, gid] = ['-u', '-g'].map((f) => Number(execFileSync('id', [f, 'postgres'], { encoding: 'utf8' }).trim()));
      chownSync(dir, uid, gid);
    }
    return new PgCluster(name, dir, await freePort(), bin, settings);
  }

  get data() {
    return path.join(this.dir, 'data');
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** A tool of the server's binaries (PostgreSQL refuses to run as root: then as `postgres`). */
  run(tool: string, args: string[]) {
    const exe = path.join(this.bin, tool);
    const [cmd, all] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
    return execFileSync(cmd, all, { stdio: 'pipe', cwd: this.dir, encoding: 'utf8' });
  }

  /** A new cluster (trust auth, local only; its pg_hba.conf lets 127.0.0.1 replicate). */
  initdb() {
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }

  /** A copy of `primary` that streams from it (`-R` writes primary_conninfo and standby.signal). */
  baseBackupOf(primary: PgCluster) {
    this.run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      this.data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 ${this.settings}`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start']);
  }

  /** As a crash would: every backend killed at once, nothing flushed or sent to the standby after. */
  stopHard() {
    this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
  }

  /** A standby becomes a primary; returns once it accepts writes. */
  promote() {
    this.run('pg_ctl', ['-D', this.data, '-w', '-t', '30', 'promote']);
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = [], database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 1000, query_timeout: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  destroy() {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The address of the primary: a TCP proxy (node:net) that checks each cluster every 500 ms with
 * `SELECT pg_is_in_recovery()` and forwards new connections to the one that answers false, as HAProxy in TCP mode
 * does with a check that only the primary passes. A primary that fails 2 checks in a row is dropped: from then on,
 * and while no cluster is the primary, a new connection is closed at once; when another cluster becomes the primary,
 * every connection still open to the old one is closed.
 */
export class PrimaryAddress {
  /** the port connections go to, null while there is no primary */
  target: number | null = null;
  /** each change of target, with when it happened (performance.now()) */
  readonly moves: Array<{ at: number; to: number | null }> = [];
  private readonly server = net.createServer((socket) => this.forward(socket));
  private readonly open = new Map<net.Socket, number>();
  private failures = 0;
  private checking: Promise<void> | null = null;
  private running = false;

  constructor(
    readonly port: number,
    private readonly clusters: PgCluster[],
  ) {}

  async start() {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.running = true;
    this.checking = (async () => {
      while (this.running) {
        await this.check();
        await sleep(500);
      }
    })();
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private async check() {
    const roles = await Promise.all(
      this.clusters.map((c) =>
        c.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby').then(
          ([row]) => (row.standby ? 'standby' : 'primary'),
          () => 'down',
        ),
      ),
    );
    const primary = this.clusters.find((_, i) => roles[i] === 'primary');
    if (primary && primary.port !== this.target) return this.moveTo(primary.port);
    if (primary) this.failures = 0;
    else if (this.target !== null && ++this.failures >= 2) this.moveTo(null);
  }

  private moveTo(port: number | null) {
    this.target = port;
    this.failures = 0;
    this.moves.push({ at: performance.now(), to: port });
    for (const [socket, to] of this.open) if (to !== port) socket.destroy();
  }

  private forward(client: net.Socket) {
    const to = this.target;
    if (to === null) return client.destroy();
    const upstream = net.connect(to, '127.0.0.1');
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
    };
    this.open.set(client, to);
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  }

  async close() {
    this.running = false;
    await this.checking;
    for (const socket of this.open.keys()) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
