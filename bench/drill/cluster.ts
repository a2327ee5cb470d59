/**
 * The drill's machinery (bench/drill/deploy.ts): the server built once to JavaScript, a throwaway PostgreSQL
 * database, a Redis database of its own, three instances behind HAProxy (deploy/haproxy.cfg), and an SMTP sink that
 * counts each mail by its Message-ID. Everything made here is undone by `cleanUp`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import pg from 'pg';
import { LIVE_JWT_SECRET } from '../live.js';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.js';

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'apps/server');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What every instance a drill or bench starts runs with: the API alone (no web build, no rendered pages), the live
 * writers' JWT secret, the client's address from X-Forwarded-For, and no new-account limits (its users are seconds
 * old); `more` adds to it.
 */
export const apiInstanceEnv = (databaseUrl: string, more: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: LIVE_JWT_SECRET,
  TRUST_PROXY: 'true',
  WEB_DIST: '/nonexistent',
  WEB_SSR: 'off',
  LOG_LEVEL: 'warn',
  NEW_ACCOUNT_LIMITS: 'off',
  ...more,
});

/**
 * Builds the server as `npm start` runs it (scripts/build-server.mjs), into `out`; the milliseconds. `sources` is the
 * server's folder to build from (another checkout's apps/server for an older build; its workspace packages must
 * resolve from its own node_modules).
 */
export async function buildServer(out: string, sources = serverDir): Promise<number> {
  const started = performance.now();
  const { dependencies } = JSON.parse(readFileSync(path.join(sources, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: { main: path.join(sources, 'src/main.ts'), 'pglite-thread': path.join(sources, 'src/db/pglite-thread.ts') },
    // inside apps/server, so that the server's own dependencies resolve from its node_modules
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@app/')),
    logLevel: 'warning',
  });
  cpSync(path.join(sources, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  return performance.now() - started;
}

/** A database of its own on the PostgreSQL server of `adminUrl`; `drop` removes it (closing its connections). */
export async function throwawayDatabase(adminUrl: string, name: string) {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** bench/seed.ts on `url` (a few thousand posts: the drill is about the roll, not the data's size). */
export function seed(url: string, posts: number, users: number) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/seed.ts')], {
    cwd: path.join(root, 'bench'),
    env: { ...process.env, DATABASE_URL: url, SEED_POSTS: String(posts), SEED_USERS: String(users) },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seeding failed: ${run.stderr || run.stdout}`);
}

/** Empties the Redis database the drill counts in (its number in the URL), before and after. */
export async function flushRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

/** Counts mails by Message-ID (the notification queue names each send: `<email.{id}@host>`). */
export class MailSink {
  readonly byId = new Map<string, number>();
  private sink!: SmtpSink;
  port = 0;

  async start() {
    this.sink = await startSmtpSink((head) => {
      const id = /^Message-ID:\s*<([^>]+)>/im.exec(head)?.[1] ?? '?';
      this.byId.set(id, (this.byId.get(id) ?? 0) + 1);
    });
    this.port = this.sink.port;
  }

  close() {
    return this.sink.close();
  }
}

export interface StopFigures {
  /** SIGTERM to exit */
  stopMs: number;
  exitCode: number | null;
  /** spawn to /readyz 200 */
  readyMs: number;
}

/** One instance of the built server on its own port and data directory. */
export class Instance {
  child: ChildProcess | null = null;
  readonly log: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly entry: string,
    private readonly env: Record<string, string>,
    /** the niceness it starts with, back to 0 once ready (lowering it needs root or CAP_SYS_NICE) */
    private readonly startNice = 0,
  ) {}

  /** Starts it and resolves once /readyz answers 200; the milliseconds. */
  async start(): Promise<number> {
    const started = performance.now();
    const dataDir = path.join(os.tmpdir(), `drill-${this.name}-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [this.entry], {
      cwd: serverDir,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    // a starting instance loads its code and warms up at a lower CPU priority than the ones serving (docs/deploy.md)
    if (this.startNice && child.pid) os.setPriority(child.pid, this.startNice);
    const keep = (data: Buffer) => this.log.push(...String(data).split('\n').filter(Boolean).slice(-20));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    while (performance.now() - started < 60_000) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited during start-up: ${this.log.slice(-5).join(' | ')}`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok) {
          if (this.startNice && child.pid) os.setPriority(child.pid, 0);
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} was not ready within 60 s: ${this.log.slice(-5).join(' | ')}`);
  }

  /** SIGTERM, as a deploy sends it; resolves when the process has exited. */
  async stop(): Promise<{ stopMs: number; exitCode: number | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null) return { stopMs: 0, exitCode: child?.exitCode ?? null };
    const started = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const exitCode = await exited;
    return { stopMs: performance.now() - started, exitCode };
  }

  kill() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  removeData() {
    rmSync(path.join(os.tmpdir(), `drill-${this.name}-${process.pid}`), { recursive: true, force: true });
  }
}

/** HAProxy from the system's packages with the repository's configuration. */
export class Balancer {
  private child: ChildProcess | null = null;
  readonly log: string[] = [];

  constructor(
    readonly port: number,
    private readonly backends: string[],
  ) {}

  async start(config = path.join(root, 'deploy/haproxy.cfg')) {
    const env = {
      ...process.env,
      HAPROXY_BIND: `127.0.0.1:${this.port}`,
      APP1: this.backends[0],
      APP2: this.backends[1],
      APP3: this.backends[2],
    };
    const check = spawnSync('haproxy', ['-c', '-q', '-f', config], { env, encoding: 'utf8' });
    if (check.error) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
    if (check.status !== 0) throw new Error(`deploy/haproxy.cfg: ${check.stderr}`);
    this.child = spawn('haproxy', ['-db', '-f', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => this.log.push(...String(d).split('\n').filter(Boolean)));
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok) return;
      } catch {
        // starting
      }
      await sleep(100);
    }
    throw new Error('haproxy did not answer');
  }

  kill() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));
