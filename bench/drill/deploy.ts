/**
 * The deploy drill: three instances of the server behind HAProxy (deploy/haproxy.cfg, health checks on /readyz) on
 * a throwaway PostgreSQL database and a Redis database of its own, under load: readers (the live-traffic mix),
 * writers (applications, 쪽지, replies), and 50 chat members in 5 rooms. Each instance in turn gets SIGTERM and is
 * started again on the new build. Prints the figures and whether each pass criterion held; stops by itself within
 * three minutes and cleans up (instances, HAProxy, the database, the Redis database, the build).
 *
 *   npm run drill:deploy
 *
 * Env: DATABASE_URL (the PostgreSQL server to make the database on, postgres://postgres@127.0.0.1:5432/postgres),
 * REDIS_URL (redis://127.0.0.1:6379; the drill uses database DRILL_REDIS_DB, 13, and empties it before and after),
 * DRILL_PORT (18180: HAProxy; the instances take the next three), DRILL_READ_RATE (40/s), DRILL_WRITE_RATE (9/s),
 * DRILL_CHAT_RATE (20 lines/s over all rooms), DRILL_BEFORE (25 s of load before the roll), DRILL_HAPROXY_CFG (another
 * HAProxy configuration, deploy/haproxy.cfg by default), DRILL_START_NICE (15: the niceness a new build starts and warms
 * up with, back to 0 once ready; 0 to start it as the others), DRILL_SLOW (a number of milliseconds: also print each read
 * during the roll slower than that, between the roll's events).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@app/server/src/db/client.js';
import { prepareLive } from '../live.js';
import { chatRooms } from './chat-members.js';
import { DrillLoad } from './load.js';
import type { Traffic } from './traffic.js';
import {
  apiInstanceEnv,
  Balancer,
  buildServer,
  flushRedis,
  Instance,
  MailSink,
  seed,
  sleep,
  throwawayDatabase,
} from './cluster.js';
import { judge, pct, tally } from './figures.js';
import { runCleanly, type CleanUps } from './run-cleanly.js';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_BASE = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_DB = Number(process.env.DRILL_REDIS_DB ?? 13);
const PORT = Number(process.env.DRILL_PORT ?? 18180);
const READ_RATE = Number(process.env.DRILL_READ_RATE ?? 40);
const WRITE_RATE = Number(process.env.DRILL_WRITE_RATE ?? 9);
const CHAT_RATE = Number(process.env.DRILL_CHAT_RATE ?? 20);
const BEFORE_MS = Number(process.env.DRILL_BEFORE ?? 25) * 1000;
const START_NICE = Number(process.env.DRILL_START_NICE ?? 15);
const ROOMS = 5;
const PER_ROOM = 10;
/** the whole drill, clean-up included */
const DEADLINE_MS = 180_000;
/** the balancer checks every 500 ms and needs 2 failures: the instance answers that long and more after SIGTERM */
const STOP_DELAY_MS = 1500;
/** from an instance's /readyz 200 to the next one's SIGTERM: 2 checks and HAProxy's slowstart (deploy/haproxy.cfg) */
const BACK_MS = Number(process.env.DRILL_BACK_MS ?? 6000);

const began = performance.now();
const elapsed = () => `${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s`;
const say = (text: string) => console.log(`[${elapsed()}] ${text}`);

/** The reads sent during the roll slower than `overMs`, between the roll's events, in seconds from the roll's start. */
function printSlowReads(traffic: Traffic, events: Array<{ at: number; what: string }>, rollFrom: number, overMs: number) {
  const slow = traffic.samples.filter((x) => x.what === 'read' && x.at >= rollFrom && x.ms > overMs);
  const lines = [
    ...events.map((e) => ({ at: e.at, text: `-- ${e.what}` })),
    ...slow.map((x) => ({ at: x.at, text: `read ${x.ms.toFixed(0)} ms` })),
  ];
  console.log(`\n== reads during the roll over ${overMs} ms ==`);
  for (const l of lines.sort((a, b) => a.at - b.at)) console.log(`${((l.at - rollFrom) / 1000).toFixed(2)} s ${l.text}`);
}

async function main(cleanUps: CleanUps): Promise<boolean> {
  const buildDir = path.resolve(import.meta.dirname, `../../apps/server/dist/drill-${process.pid}`);
  cleanUps.push(() => rmSync(buildDir, { recursive: true, force: true }));
  say(`server built (${(await buildServer(buildDir)).toFixed(0)} ms)`);

  const database = await throwawayDatabase(ADMIN_URL, `drill_${Date.now().toString(36)}`);
  cleanUps.push(() => database.drop());
  seed(database.url, 3000, 500);
  const live = await prepareLive({ url: database.url });
  const rooms = await chatRooms(database.url, ROOMS, PER_ROOM);
  say(`database ${new URL(database.url).pathname.slice(1)} seeded (3,000 posts), ${live.writers.length} writers, ${ROOMS} rooms`);

  const redisUrl = `${REDIS_BASE.replace(/\/\d*$/, '')}/${REDIS_DB}`;
  await flushRedis(redisUrl);
  cleanUps.push(() => flushRedis(redisUrl));
  const sink = new MailSink();
  await sink.start();
  cleanUps.push(() => sink.close());

  const env = apiInstanceEnv(database.url, {
    REDIS_URL: redisUrl,
    STOP_DELAY_MS: String(STOP_DELAY_MS),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'drill@localhost',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  });
  const instances = [1, 2, 3].map((i) => new Instance(`app${i}`, PORT + i, path.join(buildDir, 'main.js'), env, START_NICE));
  cleanUps.push(() => instances.forEach((i) => (i.kill(), i.removeData())));
  const firstStarts = await Promise.all(instances.map((i) => i.start()));
  say(`3 instances ready (${firstStarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')})`);
  const balancer = new Balancer(
    PORT,
    instances.map((i) => `127.0.0.1:${i.port}`),
  );
  await balancer.start(process.env.DRILL_HAPROXY_CFG);
  cleanUps.push(() => balancer.kill());
  const base = `http://127.0.0.1:${PORT}`;

  const load = await DrillLoad.start(base, rooms, live, { reads: READ_RATE, writes: WRITE_RATE, chatLines: CHAT_RATE });
  const { traffic, members } = load;
  say(`${members.length} chat members subscribed through HAProxy`);
  // the first seconds open the connections through the balancer: not counted
  const loadFrom = performance.now() + 5000;
  await sleep(BEFORE_MS);
  const rollFrom = performance.now();
  say(
    `load: ${READ_RATE} reads/s, ${WRITE_RATE} writes/s, ${CHAT_RATE} chat lines/s; rolling (each new build starts at nice ${START_NICE} until ready)`,
  );

  const roll: Array<{ name: string; stopMs: number; exitCode: number | null; readyMs: number }> = [];
  const events: Array<{ at: number; what: string }> = [];
  for (const instance of instances) {
    events.push({ at: performance.now(), what: `${instance.name} SIGTERM` });
    const { stopMs, exitCode } = await instance.stop();
    events.push({ at: performance.now(), what: `${instance.name} exited, starting` });
    const readyMs = await instance.start();
    events.push({ at: performance.now(), what: `${instance.name} ready` });
    roll.push({ name: instance.name, stopMs, exitCode, readyMs });
    say(
      `${instance.name}: SIGTERM -> exit ${exitCode} in ${(stopMs / 1000).toFixed(1)} s, new build ready in ${(readyMs / 1000).toFixed(1)} s`,
    );
    // the balancer takes it back after 2 good checks (rise 2, inter 500 ms) and gives it its full share over 5 s
    // (slowstart): the next instance stops once this one carries its part again
    await sleep(BACK_MS);
  }
  const rollTo = performance.now();
  await sleep(3000);
  await load.stopSending();
  await sleep(1500);
  await load.closeMembers();
  say('load stopped');

  // ---- the queue: every e-mail job done, each mail once ----
  const check = await openDatabase({ url: database.url });
  cleanUps.push(() => check.close());
  type JobRow = { message_id: string; done: boolean; outcome: string | null };
  let jobs: JobRow[] = [];
  for (let i = 0; i < 40; i++) {
    jobs = await queryRows<JobRow>(
      check.db,
      sql`SELECT payload->>'messageId' AS message_id, done_at IS NOT NULL AS done, outcome FROM jobs WHERE kind = 'email'`,
    );
    if (jobs.every((j) => j.done)) break;
    await sleep(500);
  }
  const mailed = new Map<string, number>();
  for (const [id, count] of sink.byId) {
    const messageId = /(\d+)@/.exec(id)?.[1] ?? id;
    mailed.set(messageId, (mailed.get(messageId) ?? 0) + count);
  }
  const sentJobs = jobs.filter((j) => j.done && j.outcome === 'sent');
  const missingMails = jobs.filter((j) => !j.done).length + sentJobs.filter((j) => !mailed.has(j.message_id)).length;
  const duplicateMails = [...mailed.values()].reduce((s, n) => s + n - 1, 0);
  const otherOutcomes = jobs.filter((j) => j.done && j.outcome !== 'sent').map((j) => j.outcome);

  // ---- chat: every stored line reached every member of its room, once, in order ----
  const stored = await queryRows<{ id: number; room_id: number; content: string }>(
    check.db,
    sql`SELECT id, room_id, content FROM chat_messages WHERE room_id IN (${sql.join(
      rooms.map((r) => sql`${r.roomId}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  const storedTexts = new Map<string, number>();
  for (const line of stored) storedTexts.set(line.content, (storedTexts.get(line.content) ?? 0) + 1);
  let lost = 0;
  for (const m of members) for (const line of stored) if (line.room_id === m.roomId && !m.seen.has(Number(line.id))) lost++;
  const acknowledged = members.reduce((s, m) => s + m.acknowledged.size, 0);
  const resent = members.reduce((s, m) => s + m.resent, 0);
  const ackedNotStored = members.reduce(
    (s, m) => s + [...m.acknowledged].filter((id) => !storedTexts.has(`훈련 ${String(id)}`)).length,
    0,
  );
  const storedTwice = [...storedTexts.values()].filter((n) => n > 1).length;
  const duplicates = members.reduce((s, m) => s + m.duplicates, 0);
  const outOfOrder = members.reduce((s, m) => s + m.outOfOrder, 0);
  const reconnects = members.flatMap((m) => m.reconnects);
  const phases = members.flatMap((m) => m.phases);
  const phase = (k: 'wait' | 'open' | 'subscribe') =>
    `${k} p50 ${pct(
      phases.map((p) => p[k]),
      0.5,
    ).toFixed(0)} / p99 ${pct(
      phases.map((p) => p[k]),
      0.99,
    ).toFixed(0)} ms`;
  const moved = members.reduce((s, m) => s + m.moves, 0);
  const cuts = members.reduce((s, m) => s + m.cuts, 0);
  const unacknowledged = members.reduce((s, m) => s + m.unacknowledged, 0);
  const chatErrors = members.flatMap((m) => m.errors);
  const received = members.reduce((s, m) => s + m.seen.size, 0);

  // ---- HTTP ----
  const before = traffic.readFigures(loadFrom, rollFrom);
  const failedBefore = traffic.samples.filter((x) => !x.ok && x.at < rollFrom).length;
  const during = traffic.readFigures(rollFrom, rollTo + 2000);
  const all = traffic.samples;
  const writes = all.filter((s) => s.what !== 'read');

  console.log('\n== figures ==');
  for (const r of roll)
    console.log(
      `${r.name}: stop ${(r.stopMs / 1000).toFixed(1)} s (exit ${r.exitCode}), started again, ready in ${(r.readyMs / 1000).toFixed(1)} s`,
    );
  console.log(
    `HTTP: ${all.length} requests (${all.length - writes.length} reads, ${writes.length} writes), ${traffic.failures.length} failed` +
      (traffic.failures.length ? ` (${tally(traffic.failures)}; ${failedBefore} of them before the roll)` : ''),
  );
  console.log(
    `reads before the roll: ${before.count}, p50 ${before.p50.toFixed(1)} ms, p99 ${before.p99.toFixed(1)} ms; during: ${during.count}, p50 ${during.p50.toFixed(1)} ms, p99 ${during.p99.toFixed(1)} ms (${(during.p99 / before.p99).toFixed(2)}x)`,
  );
  console.log(
    `chat: ${stored.length} lines stored (${acknowledged} acknowledged, ${unacknowledged} sends without a receipt, not stored: ${unacknowledged === 0 ? 'none' : 'see below'}), ` +
      `${received} received by ${members.length} members (${stored.length * PER_ROOM} expected), ${lost} lost, ${duplicates} duplicated live, ${outOfOrder} out of order, ` +
      `${ackedNotStored} acknowledged but not stored, ${storedTwice} stored twice, ${resent} sent again after a move`,
  );
  console.log(
    `reconnects: ${reconnects.length} after ${moved} "move" frames and ${cuts} cuts; p50 ${pct(reconnects, 0.5).toFixed(0)} ms, p99 ${pct(reconnects, 0.99).toFixed(0)} ms, max ${Math.max(0, ...reconnects).toFixed(0)} ms` +
      (chatErrors.length ? `; errors: ${tally(chatErrors)}` : ''),
  );
  console.log(
    `  each reconnect: ${phase('wait')}, ${phase('open')} (WebSocket through HAProxy), ${phase('subscribe')} (CONNECT, SUBSCRIBE, RECEIPT)`,
  );
  console.log(
    `notifications: ${jobs.length} e-mail jobs, ${sentJobs.length} sent, ${mailed.size} distinct mails at the sink, ${missingMails} missing, ${duplicateMails} duplicated` +
      (otherOutcomes.length ? `, other outcomes: ${[...new Set(otherOutcomes)].join(', ')}` : ''),
  );

  const everyoneBack = members.every((m) => m.reconnects.length >= m.moves + m.cuts);
  const criteria: Array<[string, boolean]> = [
    ['0 failed HTTP requests', traffic.failures.length === 0],
    ['every instance stopped cleanly (exit 0)', roll.every((r) => r.exitCode === 0)],
    // a line sent into a stopping instance is sent again after the move: every line a member sent is stored
    ['0 lost chat lines', lost === 0 && ackedNotStored === 0 && unacknowledged === 0],
    ['0 duplicated chat lines', duplicates === 0 && outOfOrder === 0 && storedTwice === 0],
    ['every chat client reconnected after each move', everyoneBack && moved > 0],
    ['every reconnect within 2 s', Math.max(0, ...reconnects) < 2000],
    ['0 duplicate or missing notifications', missingMails === 0 && duplicateMails === 0 && jobs.length > 0],
    ['reader p99 during the roll within 2x of before', during.p99 <= 2 * before.p99],
  ];
  if (process.env.DRILL_SLOW) printSlowReads(traffic, events, rollFrom, Number(process.env.DRILL_SLOW));
  return judge(criteria, instances, 10, () => {
    const downs = balancer.log.filter((l) => / is DOWN/.test(l)).map((l) => /(app\d)/.exec(l)?.[1] ?? '?');
    console.log(`balancer: servers marked down ${downs.length} times (${tally(downs)})`);
    if (process.env.DRILL_HAPROXY_LOG) writeFileSync(process.env.DRILL_HAPROXY_LOG, balancer.log.join('\n'));
  });
}

await runCleanly(main, {
  // the clean-up itself takes a few seconds of the three minutes
  deadlineMs: DEADLINE_MS - 10_000,
  finish: (passed) => say(passed ? 'drill passed' : 'drill FAILED'),
});
