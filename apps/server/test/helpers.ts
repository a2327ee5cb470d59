import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PGLITE_EXTENSIONS, type DatabaseSource } from '../src/db/client.js';
import { ManualClock } from '../src/lib/clock.js';
import { MemoryMailer } from '../src/lib/mail/memory-mailer.js';
import type { Broker } from '../src/realtime/broker/types.js';
import { insertUser, signFreshToken, TEST_PASSWORD } from './factories.js';
import { withDatabase } from './global-setup.js';

export interface TestUser {
  id: number;
  loginId: string;
  nickname: string;
  password: string;
  token: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not leak into another. */
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function cloneDatabase(): Promise<DatabaseSource> {
  const templateDb = inject('templateDb');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && templateDb) {
    const name = `${templateDb}_c${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
    await admin.end();
    return { url: withDatabase(serverUrl, name) };
  }
  const dump = readFileSync(path.join(inject('testDir'), 'template.tar'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return { pglite };
}

export class TestApp {
  private users = 0;
  constructor(
    readonly built: BuiltApp,
    readonly clock: ManualClock,
    /** the database this app runs on (a second app may share it on PostgreSQL) */
    readonly database: DatabaseSource,
  ) {}

  get app() {
    return this.built.app;
  }
  get ctx() {
    return this.built.ctx;
  }
  get db() {
    return this.built.ctx.db;
  }
  /** every mail the app sent (tests run with the memory mailer) */
  get mailer() {
    return this.built.ctx.mailer as MemoryMailer;
  }

  request(method: InjectOptions['method'], url: string, opts: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return this.app.inject({
      method,
      url,
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
    });
  }

  get = (url: string, opts?: RequestOptions) => this.request('GET', url, opts);
  post = (url: string, opts?: RequestOptions) => this.request('POST', url, opts);
  put = (url: string, opts?: RequestOptions) => this.request('PUT', url, opts);
  patch = (url: string, opts?: RequestOptions) => this.request('PATCH', url, opts);
  delete = (url: string, opts?: RequestOptions) => this.request('DELETE', url, opts);

  /** A new active user with a signed token, inserted directly (test/factories.ts). */
  async user(nickname?: string): Promise<TestUser> {
    const n = ++this.users;
    return insertUser(this.built, this.clock.now(), {
      loginId: `user${n}_${randomBytes(2).toString('hex')}`,
      nickname: nickname ?? `사용자${n}`,
    });
  }

  /** Gives the user a fresh token at the test clock's now, as a new login would (for tests that move the clock). */
  relogin = (user: TestUser) => signFreshToken(this.built, this.clock.now(), user);

  /** A new user made through the real sign-up and login routes, for the tests of those paths. */
  async registeredUser(nickname?: string): Promise<TestUser> {
    const n = ++this.users;
    const loginId = `user${n}_${randomBytes(2).toString('hex')}`;
    const password = TEST_PASSWORD;
    const nick = nickname ?? `사용자${n}`;
    const reg = await this.post('/api/users/register', {
      ip: nextIp(),
      body: { loginId, password, email: `${loginId}@example.com`, phoneNumber: '01012345678', nickname: nick },
    });
    if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
    const login = await this.post('/api/auth/login', { ip: nextIp(), body: { loginId, password } });
    const { token } = login.json() as { token: string };
    const me = (await this.get('/api/users/me', { token })).json() as { id: number };
    return { id: me.id, loginId, nickname: nick, password, token };
  }

  close() {
    return this.app.close();
  }
}

export interface TestAppOptions {
  now?: string;
  /** extra environment for loadConfig (e.g. SMTP_URL) */
  env?: Record<string, string>;
  /** where logs go; without it the app does not log */
  logStream?: NodeJS.WritableStream;
  /** use the mailer the config chooses (SMTP or the dev mailbox) instead of the memory one */
  configuredMailer?: boolean;
  /** run on this database instead of a fresh clone (a second app on the same PostgreSQL database) */
  database?: DatabaseSource;
  /** the chat broker (the two-instance test passes Redis brokers) */
  broker?: Broker;
}

/** The real app on a fresh copy of the migrated database, with a clock the test controls. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const clock = new ManualClock(new Date(opts.now ?? Date.now()));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-data-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-'.padEnd(64, 'x'),
      RUN_JOBS: 'false',
      WEB_DIST: '/nonexistent',
      ...opts.env,
    }),
  };
  const database = opts.database ?? (await cloneDatabase());
  const built = await buildApp({
    config,
    clock,
    database,
    broker: opts.broker,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    ...(opts.configuredMailer ? {} : { mailer: new MemoryMailer() }),
  });
  await built.app.ready();
  return new TestApp(built, clock, database);
}

/** Asserts the error shape of docs/api.md §1.3: status, X-Error-Code and the exact plain-text Korean body. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, text?: string) {
  const problems: string[] = [];
  if (res.statusCode !== status) problems.push(`status ${res.statusCode} != ${status}`);
  if (res.headers['x-error-code'] !== code) problems.push(`code ${String(res.headers['x-error-code'])} != ${code}`);
  if (!String(res.headers['content-type']).startsWith('text/plain'))
    problems.push(`content-type ${String(res.headers['content-type'])}`);
  if (text !== undefined && res.body !== text) problems.push(`body "${res.body}" != "${text}"`);
  if (!res.body) problems.push('empty body');
  if (problems.length) throw new Error(`unexpected error response: ${problems.join('; ')}`);
}
