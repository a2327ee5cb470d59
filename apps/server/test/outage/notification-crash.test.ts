import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { seoulDate } from '../../src/lib/clock.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers.js';
import { freePort, startPostgres, type PostgresCluster } from '../services.js';
import { addProfile, createRecruitment } from '../fixtures/posts.js';
import { decodeWords, parseMime, SmtpSink, textAndHtml } from '../fixtures/smtp-sink.js';
import { sleep, startRealServer, stopRealServer as kill, waitFor, type RealServer } from './real-server.js';

/**
 * The queue through a crash, on both databases: the real server (`node --import tsx src/main.ts`, its worker polling
 * every second on the real clock) on a PostgreSQL server of the test's own, or on PGlite in a data dir as `npm start`
 * runs without DATABASE_URL, mailing a real SMTP server (smtp-server). The process is killed with SIGKILL, so nothing
 * of its shutdown runs; a new process on the same database sends what was left, exactly once.
 */
const PUBLIC_URL = 'https://teammate.example';
const POLL_MS = 1000;
/** the retry of a first failed send is due this long after it (JOB_RETRY_BASE_MS; 30 s by default) */
const FIRST_BACKOFF_MS = 5000;

const servers: RealServer[] = [];

/**
 * Where the servers keep their data. `setup` is an in-process app on the same database (jobs off) that makes the
 * users and posts and reads and writes the tables; `handOver` is called before a server starts: a PGlite data dir has
 * one owner at a time, so there the app is closed and opened again once the server is gone.
 */
interface Engine {
  env: Record<string, string>;
  setup(): Promise<TestApp>;
  handOver(): Promise<void>;
  close(): Promise<void>;
}

async function postgresEngine(): Promise<Engine> {
  const cluster: PostgresCluster = await startPostgres();
  const app = await createTestApp({ database: { url: cluster.url } });
  return {
    env: { DATABASE_URL: cluster.url },
    setup: async () => app,
    handOver: async () => undefined,
    close: async () => {
      await app.close();
      cluster.destroy();
    },
  };
}

function pgliteEngine(dataDir: string): Engine {
  let app: TestApp | null = null;
  const handOver = async () => {
    await app?.close();
    app = null;
  };
  return {
    env: {},
    setup: async () => (app ??= await createTestApp({ database: { dataDir } })),
    handOver,
    close: handOver,
  };
}

async function startServer(engine: Engine, dataDir: string, smtpPort: number): Promise<RealServer> {
  await engine.handOver();
  const server = await startRealServer({
    ...engine.env,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'teammate@example.org',
    PUBLIC_URL,
    JOB_RETRY_BASE_MS: String(FIRST_BACKOFF_MS),
  });
  servers.push(server);
  return server;
}

/** A new post by a new author, made before the server runs. */
async function newPost(setup: TestApp, label: string) {
  const author = await setup.user(`${label}작성자`);
  const dueDate = seoulDate(new Date(Date.now() + 7 * 86_400_000));
  const post = await createRecruitment(setup, author, { title: `${label} 공고`, dueDate });
  return { author, post, address: `${author.loginId}@example.com`.toLowerCase() };
}

/** The application through the real server: the author's mail is queued. */
async function applyThrough(server: RealServer, applicant: TestUser, postId: number) {
  const res = await fetch(`${server.base}/api/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recruitmentId: postId }),
  });
  expect(res.status, await res.text()).toBe(201);
}

const jobsOf = (setup: TestApp, userId: number) =>
  queryRows<{ id: number; kind: string; attempts: number; outcome: string | null; lastError: string | null }>(
    setup.db,
    sql`SELECT id::int, kind, attempts, outcome, last_error AS "lastError" FROM jobs WHERE user_id = ${userId} ORDER BY id`,
  );

/** The mail arrives, and a few polls later it is still the only one. */
async function arrivesOnce(smtp: SmtpSink, address: string, ms: number) {
  await waitFor(`the mail to ${address}`, async () => smtp.to(address).length > 0, ms);
  await sleep(4 * POLL_MS);
  const mails = smtp.to(address);
  expect(mails).toHaveLength(1);
  return mails[0];
}

function expectNotificationMail(raw: string, postId: number) {
  const mail = parseMime(raw);
  expect(decodeWords(mail.headers.get('subject') ?? '')).toBe('[팀메이트] 새 지원자가 있습니다');
  expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/i);
  expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/teammate\.example\/unsubscribe\?token=[^>\s]+>$/);
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const { text, html } = textAndHtml(mail);
  expect(text).toContain("크래시지원자님이 '");
  expect(text).toContain('공고에 지원하였습니다.');
  expect(text).toContain(`${PUBLIC_URL}/applicants/${postId}`);
  expect(html).toContain(`${PUBLIC_URL}/applicants/${postId}`);
  expect(html).toContain('바로 가기');
}

function crashCases(name: string, makeEngine: (dataDir: string) => Promise<Engine> | Engine) {
  describe(`a queued mail through SIGKILL and restart, ${name}`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-data-'));
    const smtp = new SmtpSink();
    let smtpPort: number;
    let engine: Engine;
    let applicant: TestUser;

    beforeAll(async () => {
      engine = await makeEngine(dataDir);
      const setup = await engine.setup();
      applicant = await setup.user('크래시지원자');
      await addProfile(setup, applicant);
      smtpPort = await freePort(); // SMTP is down: nothing listens there yet
    }, 120_000);
    afterAll(async () => {
      for (const s of servers) await kill(s, 'SIGKILL');
      await engine?.close();
      await smtp.close();
    });

    it('SMTP down: the send fails, the server is killed, SMTP comes up, a new server sends it exactly once', async () => {
      const { author, post, address } = await newPost(await engine.setup(), '장애');
      const first = await startServer(engine, dataDir, smtpPort);
      await applyThrough(first, applicant, post.id);
      // the worker tried at once and failed (nothing listens on the SMTP port); the log line comes just before the
      // retry is written, so the kill waits a moment for it
      await waitFor('the failed send', async () => first.output.join('').includes('job queue: will retry'));
      await sleep(2000);
      await kill(first, 'SIGKILL');

      await smtp.listen(smtpPort);
      // the new server opens the killed one's database itself and sends when the retry is due
      const second = await startServer(engine, dataDir, smtpPort);
      const mail = await arrivesOnce(smtp, address, FIRST_BACKOFF_MS + 20_000);
      expectNotificationMail(mail.raw, post.id);
      await kill(second, 'SIGTERM');
      const email = (await jobsOf(await engine.setup(), author.id)).filter((j) => j.kind === 'email');
      expect(email).toEqual([expect.objectContaining({ outcome: 'sent', attempts: 2, lastError: expect.any(String) })]);
    }, 240_000);

    it('SMTP up: the server is killed right after the answer, before its send got through; a new server sends it once', async () => {
      if (smtp.port !== smtpPort) await smtp.listen(smtpPort);
      const { author, post, address } = await newPost(await engine.setup(), '즉시종료');
      // new connections get no greeting: whatever the worker starts cannot hand the mail over before the kill
      smtp.holding = true;
      const first = await startServer(engine, dataDir, smtpPort);
      await applyThrough(first, applicant, post.id);
      await kill(first, 'SIGKILL');
      const setup = await engine.setup();
      const left = await jobsOf(setup, author.id);
      console.log(`[notification crash] jobs when killed: ${JSON.stringify(left)}`);
      expect(left.filter((j) => j.outcome === null).length).toBeGreaterThan(0);
      expect(smtp.to(address)).toHaveLength(0);

      smtp.holding = false;
      // a job the dead worker had claimed stays leased for 5 minutes, one that failed waits for its retry: the test
      // ends both waits now, standing for that time having passed
      await setup.db.execute(
        sql`UPDATE jobs SET run_at = least(run_at, now()), locked_until = NULL WHERE user_id = ${author.id} AND done_at IS NULL`,
      );
      const second = await startServer(engine, dataDir, smtpPort);
      const mail = await arrivesOnce(smtp, address, 60_000);
      expectNotificationMail(mail.raw, post.id);
      await kill(second, 'SIGTERM');
      expect((await jobsOf(await engine.setup(), author.id)).map((j) => [j.kind, j.outcome])).toEqual([
        ['notify', 'fanned_out'],
        ['email', 'sent'],
      ]);
    }, 240_000);
  });
}

crashCases('on PostgreSQL', () => postgresEngine());
crashCases('on PGlite in a data dir (npm start without DATABASE_URL)', (dataDir) => pgliteEngine(dataDir));
