import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PGLITE_EXTENSIONS, type DatabaseSource } from '../src/db/client.js';
import type { CounterStore } from '../src/lib/rate-limit.js';
import type { Broker } from '../src/realtime/broker/types.js';
import { ManualClock } from './clock.js';
import { TestCounters } from './counters.js';
import { insertUser, signFreshToken, TEST_PASSWORD } from './factories.js';
import { withDatabase } from './global-setup.js';
import { MemoryMailer } from './memory-mailer.js';
import { StatementLog } from './statements.js';
import { TEST_JWT_SECRET } from './signed-token.js';

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

interface Running {
  built: BuiltApp;
  clock: ManualClock;
  database: DatabaseSource;
  /** null when REDIS_URL is given: the app counts in Redis as configured */
  counters: TestCounters | null;
  statements: StatementLog;
}

/** The real app on a fresh copy of the migrated database, with a clock the test controls. */
export class TestApp {
  private running?: Running;
  private users = 0;
  /** the users of `suiteUser`, made right after the app starts */
  private readonly suiteUsers: Array<{ user: TestUser; nickname?: string }> = [];

  /** Builds and starts the app (createTestApp, or the beforeAll of useTestApp). */
  async start(opts: TestAppOptions = {}): Promise<void> {
    if (this.running) throw new Error('the test app has started already');
    const clock = new ManualClock(new Date(opts.now ?? Date.now()));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-data-'));
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      RUN_JOBS: 'false',
      WEB_DIST: '/nonexistent',
      // the suites' users are minutes old: a test that is about the limits turns them on
      NEW_ACCOUNT_LIMITS: 'off',
      ...opts.env,
    };
    const config = loadConfig(env);
    const database = opts.database ?? (await cloneDatabase());
    const counters = config.redisUrl ? null : new TestCounters();
    const statements = new StatementLog();
    const built = await buildApp({
      config,
      clock,
      database,
      broker: opts.broker,
      // the instances of one database share their evictions, and only with each other
      ...('url' in database ? { changesChannel: `public-changes:test:${database.url}` } : {}),
      onStatement: statements.note,
      ...(counters ? { counterStore: counters } : {}),
      ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
      ...(opts.configuredMailer ? {} : { mailer: new MemoryMailer() }),
    });
    await built.app.ready();
    this.running = { built, clock, database, counters, statements };
    for (const { user, nickname } of this.suiteUsers) Object.assign(user, await this.user(nickname));
  }

  private get started(): Running {
    if (!this.running) throw new Error('the test app starts in beforeAll: use it inside hooks and tests');
    return this.running;
  }

  get built() {
    return this.started.built;
  }
  get clock() {
    return this.started.clock;
  }
  /** the database this app runs on (a second app may share it on PostgreSQL) */
  get database() {
    return this.started.database;
  }
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

  /** Runs `work` and returns the statements this app ran meanwhile (test/statements.ts). */
  countQueries<T>(work: () => Promise<T>) {
    return this.started.statements.count(work);
  }

  /** Fresh rate-limit windows, as a restarted instance has. */
  resetLimits() {
    this.inProcessCounters().reset();
  }

  /** Counts rate limits in `store` from now on (the Redis store); its maker closes it. */
  countLimitsIn(store: CounterStore) {
    this.inProcessCounters().use(store);
  }

  private inProcessCounters() {
    const { counters } = this.started;
    if (!counters) throw new Error('this app counts rate limits in Redis (REDIS_URL): its counters cannot be swapped');
    return counters;
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

  /**
   * A user of the whole file, made once when the app starts (in the order asked): the object returned now is
   * filled in then, so read it only inside hooks and tests.
   */
  suiteUser(nickname?: string): TestUser {
    if (this.running) throw new Error('suiteUser is for users made as the app starts: call it before beforeAll runs');
    const user = {} as TestUser;
    this.suiteUsers.push({ user, nickname });
    return user;
  }

  /** Fresh tokens for every `suiteUser`. */
  async reloginSuiteUsers() {
    await Promise.all(this.suiteUsers.map(({ user }) => this.relogin(user)));
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

  /** Closes the app; nothing to do when it never started. */
  async close() {
    await this.running?.built.app.close();
  }
}

/** A started test app (a file with several apps, or an app made inside a test). */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const t = new TestApp();
  await t.start(opts);
  return t;
}

export interface SuiteOptions extends TestAppOptions {
  /** before each test: fresh rate-limit windows */
  freshLimits?: boolean;
  /** before each test: every `suiteUser` logs in again at the test clock's now (tests move the clock) */
  freshTokens?: boolean;
}

/**
 * The test app of the enclosing suite: started (with its suite users) in beforeAll, closed in afterAll, and reset
 * before each test as the options ask. Hooks the file adds after this call run after these.
 */
export function useTestApp(opts: SuiteOptions = {}): TestApp {
  const { freshLimits, freshTokens, ...appOptions } = opts;
  const t = new TestApp();
  beforeAll(() => t.start(appOptions));
  afterAll(() => t.close());
  if (freshLimits || freshTokens)
    beforeEach(async () => {
      if (freshLimits) t.resetLimits();
      if (freshTokens) await t.reloginSuiteUsers();
    });
  return t;
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
