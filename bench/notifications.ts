/**
 * The notifications case (`BENCH_ONLY=notifications npm run bench`): 쪽지 whose receivers want them by e-mail and
 * by web push, so each one queues a notify job that fans out to one mail and one push (docs/api.md §10.1).
 *
 * Before the servers start, NOTIFY_SENDERS (50) senders and NOTIFY_MESSAGES (500) receivers are written into the
 * database (tokens signed with the bench's JWT_SECRET). The bench process plays the outside world: an SMTP sink
 * (`smtp-server`, counts each mail by its Message-ID, which names the 쪽지) and a push service (an HTTP endpoint per
 * receiver, answering 201). Two runs of the real server, one after the other, on the same database:
 *
 * 1. **baseline**, RUN_JOBS=false: each receiver turns on e-mail for MESSAGE (PUT /api/notification-settings) and
 *    subscribes to push once (POST /api/push/subscriptions); then the 쪽지 burst. Nothing is sent; the notify jobs
 *    it queued are checked (one per 쪽지) and deleted once the server has stopped.
 * 2. **queue on** (the default RUN_JOBS): the same burst, the same senders and receivers; then the wait until every
 *    mail and push has arrived, and the check that each arrived exactly once.
 *
 * The burst: every receiver gets one 쪽지, each sender sends NOTIFY_MESSAGES / NOTIFY_SENDERS of them (10: the limit
 * is 20 per minute), NOTIFY_CONNECTIONS (10) requests in flight. Both runs first make the set-up calls (the
 * queue-on run the same ones again: same switches, same endpoint), uncounted, so both bursts meet a warm server.
 *
 * Figures: the requests' p50/p99 in both runs (the queue-on p99 close to the baseline says the request does not
 * wait for the send: a send would add an SMTP session and an HTTP request to it); the queue's throughput, mails +
 * pushes per second from the first 쪽지 request to the last delivery; each delivery's delay after its 쪽지 was
 * answered. For scale, the same 1,000 sends made straight from the bench process (the server's SMTP mailer and
 * web-push code, 8 at a time, as the worker runs them) to the same sinks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import webpush from 'web-push';
import { openDatabase, queryRows, type DatabaseSource } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { SmtpMailer } from '@app/server/src/lib/mail/smtp-mailer.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { sendWebPush } from '@app/server/src/lib/web-push.js';
import { serverArgs, serverDir, waitFor } from './server-process.js';

const MESSAGES = Number(process.env.NOTIFY_MESSAGES ?? 500);
const SENDERS = Number(process.env.NOTIFY_SENDERS ?? 50);
const CONNECTIONS = Number(process.env.NOTIFY_CONNECTIONS ?? 10);
const DELIVERY_TIMEOUT_MS = Number(process.env.NOTIFY_TIMEOUT ?? 90) * 1000;
/** how long to keep listening after the last expected delivery, for duplicates (more than the worker's 1 s poll) */
const QUIET_MS = 2500;

export interface NotificationsOptions {
  source: DatabaseSource;
  /** the data dir the server gets (PGlite's, and where a VAPID pair is kept) */
  dataDir: string;
  port: number;
  jwtSecret: string;
}

interface Person {
  id: number;
  nickname: string;
  token: string;
}

interface Receiver extends Person {
  path: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

// ---- the outside world: an SMTP sink and a push service ----

class Sinks {
  /** per 쪽지 id (from the Message-ID `<email.{id}@host>`): arrival times */
  readonly mails = new Map<number, number[]>();
  /** per endpoint path: arrival times */
  readonly pushes = new Map<string, number[]>();
  otherMails = 0;
  private smtp!: SmtpSink;
  private push!: Server;
  smtpPort = 0;
  pushOrigin = '';

  async start() {
    this.smtp = await startSmtpSink((head, at) => {
      const m = /^Message-ID:\s*<email\.(\d+)@/im.exec(head);
      if (m) push(this.mails, Number(m[1]), at);
      else this.otherMails++;
    }, 4096);
    this.smtpPort = this.smtp.port;
    this.push = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        push(this.pushes, req.url ?? '/', performance.now());
        res.statusCode = 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.push.listen(0, '127.0.0.1', resolve));
    this.pushOrigin = `http://127.0.0.1:${(this.push.address() as AddressInfo).port}`;
  }

  reset() {
    this.mails.clear();
    this.pushes.clear();
    this.otherMails = 0;
  }

  async close() {
    this.push.closeAllConnections();
    await new Promise<void>((resolve) => this.push.close(() => resolve()));
    await this.smtp.close();
  }
}

function push<K>(map: Map<K, number[]>, key: K, at: number) {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
}

// ---- setup in the database ----

async function prepare(
  source: DatabaseSource,
  jwtSecret: string,
  pushOrigin: string,
): Promise<{ senders: Person[]; receivers: Receiver[]; otherDue: number }> {
  const database = await openDatabase(source);
  const db = database.db;
  try {
    await migrate(db);
    await ensureSystemUser(db);
    const tag = Date.now().toString(36);
    const insert = (prefix: string, n: number) =>
      queryRows<{ id: number; login_id: string; nickname: string }>(
        db,
        sql`INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
            SELECT ${prefix} || ${tag} || '_' || g, 'x', ${prefix} || ${tag} || '_' || g || '@example.com', '01000000000',
                   ${prefix} || ${tag} || '_' || g, now(), now()
            FROM generate_series(1, ${n}) g ORDER BY g RETURNING id, login_id, nickname`,
      );
    const tokens = new TokenService(jwtSecret);
    const now = new Date();
    const person = async (u: { id: number; login_id: string; nickname: string }): Promise<Person> => ({
      id: u.id,
      nickname: u.nickname,
      token: await tokens.sign({ sub: u.login_id, uid: u.id, tv: 0 }, now),
    });
    const senders = await Promise.all((await insert('ns', SENDERS)).map(person));
    const receivers = await Promise.all(
      (await insert('nr', MESSAGES)).map(async (u) => {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const path = `/push/${u.id}`;
        return {
          ...(await person(u)),
          path,
          subscription: {
            endpoint: `${pushOrigin}${path}`,
            keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
          },
        };
      }),
    );
    const [due] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND run_at <= now()`,
    );
    return { senders, receivers, otherDue: due.n };
  } finally {
    await database.close();
  }
}

/** The receivers' jobs written since `since`, by kind and outcome (null: not done). */
async function jobsOf(source: DatabaseSource, receivers: Receiver[], since: Date, dropPending: boolean) {
  const database = await openDatabase(source);
  const ids = `{${receivers.map((r) => r.id).join(',')}}`;
  try {
    const rows = await queryRows<{ kind: string; outcome: string | null; n: number; max_attempts: number; errors: number }>(
      database.db,
      sql`SELECT kind, outcome, count(*)::int AS n, max(attempts)::int AS max_attempts,
                 count(last_error)::int AS errors
          FROM jobs WHERE user_id = ANY(${ids}::int[]) AND created_at >= ${since.toISOString()}::timestamptz
          GROUP BY kind, outcome ORDER BY kind, outcome`,
    );
    const [others] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE NOT (user_id = ANY(${ids}::int[])) AND done_at >= ${since.toISOString()}::timestamptz`,
    );
    if (dropPending) await database.db.execute(sql`DELETE FROM jobs WHERE user_id = ANY(${ids}::int[]) AND done_at IS NULL`);
    return { rows, othersDone: others.n };
  } finally {
    await database.close();
  }
}

// ---- the server and the requests ----

async function withServer<T>(
  opts: NotificationsOptions,
  sinks: Sinks,
  runJobs: boolean,
  body: (base: string) => Promise<T>,
): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: opts.dataDir,
      JWT_SECRET: opts.jwtSecret,
      // one instance: its rate limits and its worker are its own
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${sinks.smtpPort}`,
      PUSH_TEST_ORIGINS: sinks.pushOrigin,
      RUN_JOBS: runJobs ? 'true' : 'false',
      // its users are minutes old (docs/api.md §10.4's new-account limits would refuse their writes)
      NEW_ACCOUNT_LIMITS: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${opts.port}`;
  try {
    await waitFor(`${base}/api/push/public-key`, child);
    return await body(base);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** Runs `task` for each item, `connections` at a time. */
async function lanes<T>(items: readonly T[], connections: number, task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

async function setUp(base: string, receivers: Receiver[]) {
  const failures: string[] = [];
  await lanes(receivers, CONNECTIONS, async (r) => {
    const s = await call(base, 'PUT', '/api/notification-settings', r.token, {
      email: { MESSAGE: true },
      push: { MESSAGE: true },
    });
    const p = await call(base, 'POST', '/api/push/subscriptions', r.token, r.subscription);
    if (s.status !== 200) failures.push(`settings ${s.status} ${s.text.slice(0, 200)}`);
    if (p.status !== 201) failures.push(`subscription ${p.status} ${p.text.slice(0, 200)}`);
  });
  if (failures.length > 0) throw new Error(`set-up failed ${failures.length} times, e.g. ${failures[0]}`);
}

interface Burst {
  started: number;
  ended: number;
  latencies: number[];
  /** 쪽지 id -> when its request was answered */
  answered: Map<number, number>;
  /** receiver path -> 쪽지 id */
  byPath: Map<string, number>;
  errors: string[];
}

/** Every receiver gets one 쪽지, sender i % SENDERS sends receiver i's. */
async function burst(base: string, senders: Person[], receivers: Receiver[], run: string): Promise<Burst> {
  const b: Burst = { started: performance.now(), ended: 0, latencies: [], answered: new Map(), byPath: new Map(), errors: [] };
  await lanes(receivers, CONNECTIONS, async (r, i) => {
    const sender = senders[i % senders.length];
    const t = performance.now();
    const res = await call(base, 'POST', '/api/messages', sender.token, {
      receiverName: r.nickname,
      content: `벤치 알림 ${run} ${i}: ${sender.nickname}님이 보낸 쪽지`,
    });
    const at = performance.now();
    b.latencies.push(at - t);
    if (res.status !== 201) {
      b.errors.push(`${res.status} ${res.text.slice(0, 200)}`);
      return;
    }
    const id = (JSON.parse(res.text) as { messageId: number }).messageId;
    b.answered.set(id, at);
    b.byPath.set(r.path, id);
  });
  b.ended = performance.now();
  return b;
}

async function waitForDeliveries(sinks: Sinks, b: Burst): Promise<boolean> {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  const complete = () =>
    [...b.answered.keys()].every((id) => sinks.mails.has(id)) && [...b.byPath.keys()].every((p) => sinks.pushes.has(p));
  while (!complete()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, QUIET_MS));
  return true;
}

// ---- figures ----

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n: number) => (Number.isNaN(n) ? '-' : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function deliveries(sinks: Sinks, b: Burst) {
  let duplicates = 0;
  let missing = 0;
  let last = 0;
  const delays: number[] = [];
  const count = (times: number[] | undefined, answeredAt: number) => {
    if (!times) return missing++;
    duplicates += times.length - 1;
    last = Math.max(last, ...times);
    delays.push(times[0] - answeredAt);
  };
  for (const [id, at] of b.answered) count(sinks.mails.get(id), at);
  for (const [path, id] of b.byPath) count(sinks.pushes.get(path), b.answered.get(id)!);
  const strayPushes = [...sinks.pushes.keys()].filter((p) => !b.byPath.has(p)).length;
  return { duplicates, missing, last, delays, strayMails: sinks.otherMails, strayPushes };
}

/** The same sends made straight from here: the server's SMTP mailer and web-push code, 8 at a time; ms per kind. */
async function bareSends(sinks: Sinks, receivers: Receiver[]) {
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${sinks.smtpPort}`, 'bench@localhost');
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@localhost' };
  const timed = async (send: (r: Receiver, i: number) => Promise<unknown>) => {
    const started = performance.now();
    await lanes(receivers, 8, async (r, i) => {
      await send(r, i);
    });
    return performance.now() - started;
  };
  const mails = await timed((_r, i) =>
    mailer.send({
      to: `bare${i}@example.com`,
      subject: `[bench] 벤치 ${i}`,
      text: `벤치 알림 ${i}`,
      html: `<p>벤치 알림 ${i}</p>`,
      messageId: `<email.${i}@localhost>`,
    }),
  );
  const pushes = await timed((r, i) =>
    sendWebPush(
      vapid,
      { endpoint: r.subscription.endpoint, ...r.subscription.keys },
      { title: '벤치', body: `벤치 알림 ${i}`, url: 'http://localhost/messages' },
    ),
  );
  await mailer.close?.();
  return { mails, pushes };
}

export async function runNotifications(opts: NotificationsOptions): Promise<void> {
  const wall = performance.now();
  mkdirSync(opts.dataDir, { recursive: true });
  let mark = wall;
  const phases: string[] = [];
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const sinks = new Sinks();
  await sinks.start();
  try {
    const { senders, receivers, otherDue } = await prepare(opts.source, opts.jwtSecret, sinks.pushOrigin);
    phase('users');
    console.log(
      `notifications: ${MESSAGES} 쪽지 from ${SENDERS} senders to ${MESSAGES} receivers (e-mail + one push subscription each), ` +
        `${CONNECTIONS} requests in flight; jobs already due in the database: ${otherDue}; load ${loadavg()}`,
    );

    // 1. the baseline: no worker
    const baselineSince = new Date(Date.now() - 1000);
    const baseline = await withServer(opts, sinks, false, async (base) => {
      phase('baseline server ready');
      await setUp(base, receivers);
      phase('baseline set-up');
      const b = await burst(base, senders, receivers, 'baseline');
      phase('baseline burst');
      return b;
    });
    const baselineLoad = loadavg();
    const queued = await jobsOf(opts.source, receivers, baselineSince, true);
    phase('baseline stop and check');
    const baselineSent = sinks.mails.size + sinks.pushes.size + sinks.otherMails;
    sinks.reset();

    // 2. the queue on
    const since = new Date(Date.now() - 1000);
    const withQueue = await withServer(opts, sinks, true, async (base) => {
      phase('queue server ready');
      // the same calls again (the same switches, the same endpoint): the same warm-up as the baseline's
      await setUp(base, receivers);
      phase('queue set-up');
      const b = await burst(base, senders, receivers, 'queue');
      phase('queue burst');
      const complete = await waitForDeliveries(sinks, b);
      phase('queue deliveries');
      return { b, complete };
    });
    const queueLoad = loadavg();
    const d = deliveries(sinks, withQueue.b);
    const jobs = await jobsOf(opts.source, receivers, since, false);
    phase('queue stop and check');
    sinks.reset();

    // 3. for scale: the sends alone
    const bare = await bareSends(sinks, receivers);
    phase('bare sends');

    const b = withQueue.b;
    const sends = 2 * b.answered.size - d.missing;
    const queueMs = d.last - b.started;
    console.log('\n| run | 쪽지 requests | p50 | p99 | max | errors | load after |\n|---|---|---|---|---|---|---|');
    for (const [name, r, l] of [
      ['baseline (RUN_JOBS=false)', baseline, baselineLoad],
      ['queue on', b, queueLoad],
    ] as const)
      console.log(
        `| ${name} | ${r.latencies.length} in ${ms(r.ended - r.started)} | ${ms(quantile(r.latencies, 0.5))} | ${ms(quantile(r.latencies, 0.99))} | ${ms(Math.max(...r.latencies))} | ${r.errors.length}${r.errors[0] ? ` (${r.errors[0]})` : ''} | ${l} |`,
      );
    console.log(
      `\nqueue: ${sends} sends (${b.answered.size} mails + ${b.byPath.size} pushes expected) in ${ms(queueMs)} from the first 쪽지 request ` +
        `to the last delivery: ${((1000 * sends) / queueMs).toFixed(0)} sends/s (${((1000 * b.answered.size) / queueMs).toFixed(0)} 쪽지/s); ` +
        `the last delivery ${ms(d.last - b.ended)} after the last 쪽지 was answered`,
    );
    console.log(
      `delivery after the 쪽지 was answered: p50 ${ms(quantile(d.delays, 0.5))}, p99 ${ms(quantile(d.delays, 0.99))}; ` +
        `missing ${d.missing}, duplicates ${d.duplicates}, stray mails ${d.strayMails}, stray pushes ${d.strayPushes}${withQueue.complete ? '' : ` (gave up after ${DELIVERY_TIMEOUT_MS / 1000} s)`}`,
    );
    console.log(
      `jobs of the queue run: ${jobs.rows.map((r) => `${r.kind}/${r.outcome ?? 'pending'} ${r.n} (attempts <= ${r.max_attempts}${r.errors ? `, ${r.errors} with an error` : ''})`).join(', ')}; other jobs done meanwhile ${jobs.othersDone}`,
    );
    console.log(
      `baseline: notify jobs queued ${queued.rows.map((r) => `${r.kind}/${r.outcome ?? 'pending'} ${r.n}`).join(', ')} (deleted); sent while the worker was off: ${baselineSent}`,
    );
    const n = receivers.length;
    console.log(
      `the same sends straight from the bench process, 8 at a time: ${n} mails (SmtpMailer) in ${ms(bare.mails)}, ` +
        `${((1000 * n) / bare.mails).toFixed(0)}/s; ${n} pushes (sendWebPush) in ${ms(bare.pushes)}, ${((1000 * n) / bare.pushes).toFixed(0)}/s; ` +
        `together ${((2000 * n) / (bare.mails + bare.pushes)).toFixed(0)} sends/s`,
    );
    console.log(`notifications case: ${((performance.now() - wall) / 1000).toFixed(0)} s wall (${phases.join(', ')})\n`);
  } finally {
    await sinks.close();
  }
}
