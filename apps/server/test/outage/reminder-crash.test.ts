import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { seoulDate } from '../../src/lib/clock.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers.js';
import { startPostgres, type PostgresCluster } from '../services.js';
import { makeGroup } from '../fixtures/groups.js';
import { createRecruitment, NOON_SEOUL } from '../fixtures/posts.js';
import { sleep, startRealServer, stopRealServer, waitFor, type RealServer } from './real-server.js';

/**
 * A reminder run killed part-way (docs/api.md §10.1): the real server on a PostgreSQL server of the test's own runs
 * today's reminders as it starts. The test holds a lock on the last receiver's row, so the run waits inside its one
 * transaction, after its reads and in the statement that writes the 쪽지; the server is killed with SIGKILL there.
 * Nothing of the run stays, and a new server runs it again: each reminder once.
 */
const DAY_MS = 86_400_000;
const SEOUL_MS = 9 * 3600_000;

let cluster: PostgresCluster;
let setup: TestApp;
const servers: RealServer[] = [];
let members: TestUser[];
let reader: TestUser;
let today: string;

beforeAll(async () => {
  // a run is for its own Seoul day: the test keeps clear of Seoul's midnight
  const toMidnight = DAY_MS - ((Date.now() + SEOUL_MS) % DAY_MS);
  if (toMidnight < 4 * 60_000) await sleep(toMidnight + 5_000);
  today = seoulDate(new Date());
  const tomorrow = seoulDate(new Date(Date.now() + DAY_MS));

  cluster = await startPostgres();
  // the group comes from a post of the fixtures' day; what follows happens now
  setup = await createTestApp({ database: { url: cluster.url }, now: NOON_SEOUL });
  const admin = await setup.user('중단관리자');
  members = [admin, await setup.user('중단멤버'), await setup.user('중단멤버둘')];
  const group = await makeGroup(setup, admin, members.slice(1), { name: '중단 그룹' });
  setup.clock.set(new Date());
  await setup.relogin(admin);
  const res = await setup.post('/api/schedules', {
    token: admin.token,
    body: { groupId: group.id, content: '중단 회의', date: tomorrow },
  });
  expect(res.statusCode, res.body).toBe(200);
  // the deadline reminders come after the schedule ones in the run: the reader's is its last 쪽지
  const poster = await setup.user('중단공고작성자');
  const post = await createRecruitment(setup, poster, { title: '중단 마감 공고', dueDate: tomorrow });
  reader = await setup.user('중단독자');
  expect((await setup.put(`/api/bookmarks/${post.id}`, { token: reader.token })).statusCode).toBe(200);
}, 420_000);
afterAll(async () => {
  for (const s of servers) await stopRealServer(s, 'SIGKILL');
  await setup?.close();
  cluster?.destroy();
});

const start = async () => {
  const server = await startRealServer({
    DATABASE_URL: cluster.url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'reminder-crash-')),
    PUBLIC_URL: 'https://teammate.example',
  });
  servers.push(server);
  return server;
};

const reminders = () =>
  queryRows<{ receiverId: number; type: string }>(
    setup.db,
    sql`SELECT receiver_id AS "receiverId", type FROM messages
        WHERE type IN ('SCHEDULE_REMINDER', 'DEADLINE_REMINDER') ORDER BY receiver_id, type`,
  );
const run = async () =>
  (
    await queryRows<{ outcome: string | null; attempts: number }>(
      setup.db,
      sql`SELECT outcome, attempts FROM jobs WHERE key = ${`reminders:${today}`}`,
    )
  )[0];
/** backends of other sessions waiting on a lock while writing 쪽지 */
const waitingWriters = async () =>
  (
    await queryRows<{ n: number }>(
      setup.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO messages%' AND pid <> pg_backend_pid()`,
    )
  )[0].n;

it('a run killed in the middle of its transaction leaves nothing; the next server runs it once', async () => {
  const lock = new pg.Client({ connectionString: cluster.url });
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [reader.id]);
    const first = await start();
    await waitFor('the run waiting on the reader’s row', async () => (await waitingWriters()) > 0);
    expect(await run()).toEqual({ outcome: null, attempts: 1 });
    await stopRealServer(first, 'SIGKILL');
  } finally {
    await lock.query('ROLLBACK');
    await lock.end();
  }
  // the dead server's backend ends when it finds its client gone: it cannot commit without one
  await waitFor('the dead run’s backend to end', async () => (await waitingWriters()) === 0);
  await sleep(1000);
  expect(await reminders()).toEqual([]);
  expect(await run()).toEqual({ outcome: null, attempts: 1 });

  // the claimed run stays leased for 5 minutes: the test ends that wait now, standing for that time having passed
  await setup.db.execute(sql`UPDATE jobs SET locked_until = NULL WHERE key = ${`reminders:${today}`}`);
  const second = await start();
  await waitFor('the run again', async () => (await run())?.outcome !== null);
  await sleep(3000);
  const expected = [
    ...members.map((m) => ({ receiverId: m.id, type: 'SCHEDULE_REMINDER' })),
    { receiverId: reader.id, type: 'DEADLINE_REMINDER' },
  ].sort((a, b) => a.receiverId - b.receiverId);
  expect(await reminders()).toEqual(expected);
  expect(await run()).toEqual({ outcome: `reminded:${expected.length}`, attempts: 2 });
  await stopRealServer(second, 'SIGTERM');
}, 240_000);
