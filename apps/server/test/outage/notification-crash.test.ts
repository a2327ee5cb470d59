import { spawn, type ChildProcess } from 'node:child_process';
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

/**
 * The queue through a crash: the real server (`node --import tsx src/main.ts`, its worker polling every second on
 * the real clock) on a PostgreSQL server of the test's own, mailing a real SMTP server (smtp-server). The process is
 * killed with SIGKILL, so nothing of its shutdown runs; a new process on the same database sends what was left,
 * exactly once.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
/** the secret of the test apps: tokens made by `setup` are valid in the spawned servers */
const JWT_SECRET = 'test-secret-'.padEnd(64, 'x');
const PUBLIC_URL = 'https://teammate.example';
const POLL_MS = 1000;

let cluster: PostgresCluster;
/** an in-process app on the same database (jobs off): makes the users and posts, reads and writes the tables */
let setup: TestApp;
let applicant: TestUser;
const smtp = new SmtpSink();
let smtpPort: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-data-'));
const servers: RealServer[] = [];

interface RealServer {
  child: ChildProcess;
  base: string;
  output: string[];
}

beforeAll(async () => {
  cluster = await startPostgres();
  setup = await createTestApp({ database: { url: cluster.url } });
  applicant = await setup.user('크래시지원자');
  await addProfile(setup, applicant);
  smtpPort = await freePort(); // SMTP is down: nothing listens there yet
}, 120_000);
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await setup?.close();
  await smtp.close();
  cluster?.destroy();
});

async function startServer(): Promise<RealServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'teammate@example.org',
      PUBLIC_URL,
      WEB_DIST: '/nonexistent',
      WEB_SSR: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  const server = { child, base: `http://127.0.0.1:${port}`, output: [] as string[] };
  servers.push(server);
  child.stdout!.on('data', (c: Buffer) => server.output.push(String(c)));
  child.stderr!.on('data', (c: Buffer) => server.output.push(String(c)));
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.output.join('')}`);
    const ready = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) return server;
    if (Date.now() > until) throw new Error(`the server did not get ready:\n${server.output.join('')}`);
    await sleep(250);
  }
}

async function kill(server: RealServer, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** A new post by a new author, and the application to it through the real server: the author's mail is queued. */
async function applyThrough(server: RealServer, label: string) {
  const author = await setup.user(`${label}작성자`);
  const dueDate = seoulDate(new Date(Date.now() + 7 * 86_400_000));
  const post = await createRecruitment(setup, author, { title: `${label} 공고`, dueDate });
  const res = await fetch(`${server.base}/api/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recruitmentId: post.id }),
  });
  expect(res.status, await res.text()).toBe(201);
  return { author, post, address: `${author.loginId}@example.com`.toLowerCase() };
}

const jobsOf = (userId: number) =>
  queryRows<{ id: number; kind: string; attempts: number; outcome: string | null; lastError: string | null; leased: boolean }>(
    setup.db,
    sql`SELECT id::int, kind, attempts, outcome, last_error AS "lastError", locked_until IS NOT NULL AS leased
        FROM jobs WHERE user_id = ${userId} ORDER BY id`,
  );

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** The mail arrives, and a few polls later it is still the only one. */
async function arrivesOnce(address: string) {
  await waitFor(`the mail to ${address}`, async () => smtp.to(address).length > 0, 60_000);
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

describe('a queued mail through SIGKILL and restart', () => {
  it('SMTP down: the send fails, the server is killed, SMTP comes up, a new server sends it exactly once', async () => {
    const first = await startServer();
    const { author, post, address } = await applyThrough(first, '장애');
    // the worker tried at once and failed (nothing listens on the SMTP port): the job waits for its retry
    const [failed] = await waitFor('the failed send', async () => {
      const jobs = (await jobsOf(author.id)).filter((j) => j.kind === 'email' && j.lastError !== null && !j.leased);
      return jobs.length > 0 && jobs;
    });
    expect(failed.outcome).toBeNull();
    await kill(first, 'SIGKILL');

    await smtp.listen(smtpPort);
    // the retry is due 30 s after the failure (lib/job-worker.ts backoffMs): the test moves it to now instead of
    // waiting, standing for that time having passed while no server ran
    await setup.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${failed.id}`);
    const second = await startServer();
    const mail = await arrivesOnce(address);
    expectNotificationMail(mail.raw, post.id);
    const email = (await jobsOf(author.id)).filter((j) => j.kind === 'email');
    expect(email).toEqual([expect.objectContaining({ id: failed.id, outcome: 'sent', attempts: failed.attempts + 1 })]);
    await kill(second, 'SIGTERM');
  }, 240_000);

  it('SMTP up: the server is killed right after the answer, before its send got through; a new server sends it once', async () => {
    if (smtp.port !== smtpPort) await smtp.listen(smtpPort);
    // new connections get no greeting: whatever the worker starts cannot hand the mail over before the kill
    smtp.holding = true;
    const first = await startServer();
    const { author, post, address } = await applyThrough(first, '즉시종료');
    await kill(first, 'SIGKILL');
    const left = await jobsOf(author.id);
    console.log(`[notification crash] jobs when killed: ${JSON.stringify(left)}`);
    expect(left.filter((j) => j.outcome === null).length).toBeGreaterThan(0);
    expect(smtp.to(address)).toHaveLength(0);

    smtp.holding = false;
    // a job the dead worker had claimed stays leased for 5 minutes, one that failed waits for its retry: the test
    // ends both waits now, standing for that time having passed
    await setup.db.execute(
      sql`UPDATE jobs SET run_at = least(run_at, now()), locked_until = NULL WHERE user_id = ${author.id} AND done_at IS NULL`,
    );
    const second = await startServer();
    const mail = await arrivesOnce(address);
    expectNotificationMail(mail.raw, post.id);
    expect((await jobsOf(author.id)).map((j) => [j.kind, j.outcome])).toEqual([
      ['notify', 'fanned_out'],
      ['email', 'sent'],
    ]);
    await kill(second, 'SIGTERM');
  }, 240_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
