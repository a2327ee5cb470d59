/**
 * The failover drill: a primary PostgreSQL cluster and a streaming standby (pg_basebackup -R, asynchronous
 * replication) started here, the primary's address (`PrimaryAddress`, bench/drill/replica.ts), two instances of the
 * built server on that address and a Redis database of their own, behind HAProxy (deploy/haproxy.cfg), under
 * readers, writers and chat members. Then the primary is stopped hard (pg_ctl stop -m immediate), the standby is
 * promoted, and the address follows it. Prints the figures and whether each pass criterion held; stops by itself
 * within three minutes and removes everything it made (clusters, folders, processes, the Redis database's keys).
 *
 *   npm run drill:failover
 *
 * Env: REDIS_URL (redis://127.0.0.1:6379; the drill uses database DRILL_REDIS_DB, 12, and empties it before and
 * after), DRILL_PORT (18280: HAProxy; the instances take the next two, the primary's address the third),
 * DRILL_READ_RATE (40/s), DRILL_WRITE_RATE (9/s), DRILL_CHAT_RATE (10 lines/s over all rooms), DRILL_BEFORE (15 s of
 * load before the stop), DRILL_PROMOTE_AFTER (2 s from the stop to the promotion: a failover manager's detection),
 * DRILL_AFTER (20 s of load after the promotion), DRILL_SYNC=on (synchronous replication: the standby confirms every
 * commit before it is acknowledged).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { prepareLive } from '../live.js';
import { chatRooms } from './chat-members.js';
import { DrillLoad } from './load.js';
import { apiInstanceEnv, Balancer, buildServer, flushRedis, Instance, MailSink, seed, sleep } from './cluster.js';
import { judge, pct, tally } from './figures.js';
import { PgCluster, PrimaryAddress } from './replica.js';
import type { Sample } from './traffic.js';
import { runCleanly, type CleanUps } from './run-cleanly.js';

const REDIS_BASE = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_DB = Number(process.env.DRILL_REDIS_DB ?? 12);
const PORT = Number(process.env.DRILL_PORT ?? 18280);
const READ_RATE = Number(process.env.DRILL_READ_RATE ?? 40);
const WRITE_RATE = Number(process.env.DRILL_WRITE_RATE ?? 9);
const CHAT_RATE = Number(process.env.DRILL_CHAT_RATE ?? 10);
const BEFORE_MS = Number(process.env.DRILL_BEFORE ?? 15) * 1000;
const PROMOTE_AFTER_MS = Number(process.env.DRILL_PROMOTE_AFTER ?? 2) * 1000;
const AFTER_MS = Number(process.env.DRILL_AFTER ?? 20) * 1000;
const SYNC = process.env.DRILL_SYNC === 'on';
const ROOMS = 5;
const PER_ROOM = 4;
const DATABASE = 'drill';
/** no request may take longer: the pool's connection timeout (5 s) and slack for a busy machine */
const BOUND_MS = 8000;
/** after the promotion, every request answers again within this */
const RECOVER_MS = 10_000;
const DEADLINE_MS = 180_000;

const began = performance.now();
const elapsed = () => `${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s`;
const say = (text: string) => console.log(`[${elapsed()}] ${text}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** /readyz of each instance, straight (not through HAProxy), every 200 ms: when it turned 503 and back to 200. */
function watchReadiness(instances: Instance[]) {
  const seen = instances.map(() => [] as Array<{ at: number; ok: boolean }>);
  let running = true;
  const done = Promise.all(
    instances.map(async (instance, i) => {
      while (running) {
        const at = performance.now();
        const ok = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => r.ok,
          () => false,
        );
        seen[i].push({ at, ok });
        await sleep(200);
      }
    }),
  );
  return {
    seen,
    stop: () => {
      running = false;
      return done;
    },
  };
}

/** The acknowledged writes among `samples` that the database of `cluster` does not hold (by id and what was stored). */
async function missingWrites(cluster: PgCluster, samples: Sample[]) {
  const ids = (what: string) => samples.filter((s) => s.what === what && s.id !== undefined).map((s) => s.id!);
  const found = new Set<string>();
  const rows = await cluster.query<{ what: string; id: number; key: string }>(
    `SELECT 'application' AS what, id, post_id::text AS key FROM applications WHERE id = ANY($1::int[])
     UNION ALL SELECT 'message', id, content FROM messages WHERE id = ANY($2::int[])
     UNION ALL SELECT 'reply', id, content FROM replies WHERE id = ANY($3::int[])`,
    [ids('application'), ids('message'), ids('reply')],
    DATABASE,
  );
  for (const r of rows) found.add(`${r.what}:${r.id}:${r.key}`);
  return samples.filter((s) => s.id !== undefined && !found.has(`${s.what}:${s.id}:${s.key}`));
}

/** Commit records in the old primary's WAL after what the standby received: transactions the failover lost. */
function commitsAfter(oldPrimary: PgCluster, lsn: string) {
  let out: string;
  try {
    out = oldPrimary.run('pg_waldump', ['-p', path.join(oldPrimary.data, 'pg_wal'), '-s', lsn, '-r', 'Transaction']);
  } catch (err) {
    // pg_waldump reads to the end of the WAL and exits 1 there, having printed what it read
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return out.split('\n').filter((l) => /\bCOMMIT\b/.test(l)).length;
}

async function main(cleanUps: CleanUps): Promise<boolean> {
  // not under apps/server/dist, which a build of the server (npm start) empties; the server's dependencies still resolve
  const buildDir = path.resolve(import.meta.dirname, `../../apps/server/node_modules/.drill-failover-${process.pid}`);
  cleanUps.push(() => rmSync(buildDir, { recursive: true, force: true }));
  say(`server built (${(await buildServer(buildDir)).toFixed(0)} ms)`);

  // ---- PostgreSQL: a primary, seeded, and a standby streaming from it ----
  const sync = SYNC ? "-c synchronous_standby_names='*'" : '';
  const primary = await PgCluster.make('primary', sync);
  cleanUps.push(() => primary.destroy());
  const standby = await PgCluster.make('standby');
  cleanUps.push(() => standby.destroy());
  primary.initdb();
  primary.start();
  await primary.query(`CREATE DATABASE ${DATABASE}`);
  seed(primary.url(DATABASE), 3000, 500);
  const live = await prepareLive({ url: primary.url(DATABASE) });
  const rooms = await chatRooms(primary.url(DATABASE), ROOMS, PER_ROOM);
  standby.baseBackupOf(primary);
  standby.start();
  for (let i = 0; ; i++) {
    const [row] = await primary.query<{ state: string; sync_state: string }>('SELECT state, sync_state FROM pg_stat_replication');
    if (row?.state === 'streaming') {
      say(`primary :${primary.port} seeded (3,000 posts), standby :${standby.port} streaming (${row.sync_state})`);
      break;
    }
    if (i > 100) throw new Error('the standby does not stream');
    await sleep(100);
  }
  const address = new PrimaryAddress(PORT + 3, [primary, standby]);
  await address.start();
  cleanUps.push(() => address.close());
  while (address.target !== primary.port) await sleep(50);

  // ---- two instances on the address, HAProxy in front ----
  const redisUrl = `${REDIS_BASE.replace(/\/\d*$/, '')}/${REDIS_DB}`;
  await flushRedis(redisUrl);
  cleanUps.push(() => flushRedis(redisUrl));
  const sink = new MailSink();
  await sink.start();
  cleanUps.push(() => sink.close());
  const env = apiInstanceEnv(address.url(DATABASE), {
    REDIS_URL: redisUrl,
    STOP_DELAY_MS: '1500',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'drill@localhost',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  });
  const instances = [1, 2].map((i) => new Instance(`failover${i}`, PORT + i, path.join(buildDir, 'main.js'), env));
  cleanUps.push(() => instances.forEach((i) => (i.kill(), i.removeData())));
  const starts = await Promise.all(instances.map((i) => i.start()));
  say(`2 instances ready on the primary's address :${address.port} (${starts.map(secs).join(', ')})`);
  // deploy/haproxy.cfg names three servers: the first instance fills the third place (it gets 2 of 3 requests)
  const balancer = new Balancer(
    PORT,
    [instances[0], instances[1], instances[0]].map((i) => `127.0.0.1:${i.port}`),
  );
  await balancer.start();
  cleanUps.push(() => balancer.kill());
  const base = `http://127.0.0.1:${PORT}`;

  // ---- load ----
  const load = await DrillLoad.start(base, rooms, live, { reads: READ_RATE, writes: WRITE_RATE, chatLines: CHAT_RATE }, true);
  const { traffic, members } = load;
  say(`load: ${READ_RATE} reads/s, ${WRITE_RATE} writes/s, ${members.length} chat members sending ${CHAT_RATE} lines/s`);
  await sleep(BEFORE_MS);

  // ---- the failover ----
  const readiness = watchReadiness(instances);
  const [lag] = await primary.query<{ bytes: string }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS bytes FROM pg_stat_replication',
  );
  const stoppedAt = performance.now();
  primary.stopHard();
  say(`primary stopped (pg_ctl stop -m immediate; the standby was ${lag?.bytes ?? '?'} bytes behind just before)`);
  const [received] = await standby.query<{ lsn: string }>('SELECT pg_last_wal_receive_lsn()::text AS lsn');
  await sleep(PROMOTE_AFTER_MS - (performance.now() - stoppedAt));
  const promotedFrom = performance.now();
  standby.promote();
  const promotedAt = performance.now();
  while (address.target !== standby.port && performance.now() - promotedAt < 10_000) await sleep(20);
  const movedAt = address.moves.find((m) => m.to === standby.port)?.at ?? NaN;
  say(`standby promoted in ${secs(promotedAt - promotedFrom)}; the address moved ${secs(movedAt - promotedAt)} after`);
  await sleep(AFTER_MS);

  await load.stopSending();
  await readiness.stop();
  await sleep(1500);
  const connected = members.filter((m) => m.connected).length;
  await load.closeMembers();
  say('load stopped');

  // ---- HTTP: during the switch 2xx or 503 service_unavailable, nothing past the bound, all back within RECOVER_MS ----
  const all = traffic.samples;
  const failed = all.filter((s) => !s.ok);
  const wrong = failed.filter((s) => !(s.status === 503 && s.code === 'service_unavailable'));
  const slowest = Math.max(...all.map((s) => s.ms));
  const lateFailures = failed.filter((s) => s.at >= promotedAt + RECOVER_MS);
  const lastFailure = failed.reduce((m, s) => Math.max(m, s.at + s.ms), stoppedAt);
  const firstFailure = failed.reduce((m, s) => Math.min(m, s.at + s.ms), Infinity);
  const window = all.filter((s) => s.at + s.ms >= stoppedAt && s.at <= lastFailure);
  const before = traffic.readFigures(began, stoppedAt);
  const after = traffic.readFigures(lastFailure, Infinity);

  // ---- readiness: 503 during, 200 again on both without a restart ----
  const readyAgain = readiness.seen.map((seen) => {
    const lastDown = seen.findLastIndex((x) => !x.ok);
    return { down: lastDown >= 0, back: seen.at(-1)?.ok === true, at: seen[lastDown + 1]?.at ?? NaN };
  });
  const throughBalancer = await fetch(`${base}/readyz`).then(
    (r) => r.status,
    () => -1,
  );

  // ---- writes: acknowledged ones on the new primary ----
  const acked = all.filter((s) => s.ok && s.id !== undefined);
  const ackedBefore = acked.filter((s) => s.at + s.ms <= stoppedAt);
  const ackedAfter = acked.filter((s) => s.at >= stoppedAt);
  const lostBefore = await missingWrites(standby, ackedBefore);
  const lostAfter = await missingWrites(standby, ackedAfter);
  const lostCommits = received ? commitsAfter(primary, received.lsn) : NaN;

  // ---- chat: every member back, every stored line reached each member of its room, acknowledged lines stored ----
  const stored = await standby.query<{ id: number; room_id: number; content: string }>(
    'SELECT id, room_id, content FROM chat_messages WHERE room_id = ANY($1::int[]) ORDER BY id',
    [rooms.map((r) => r.roomId)],
    DATABASE,
  );
  const storedTexts = new Set(stored.map((l) => l.content));
  const ackedLines = members.flatMap((m) => [...m.acknowledgedAt].map(([id, at]) => ({ text: `훈련 ${id}`, at })));
  const linesLostBefore = ackedLines.filter((l) => l.at <= stoppedAt && !storedTexts.has(l.text)).length;
  const linesAfter = ackedLines.filter((l) => l.at >= movedAt);
  const linesLostAfter = linesAfter.filter((l) => !storedTexts.has(l.text)).length;
  let unseen = 0;
  for (const m of members) for (const l of stored) if (l.room_id === m.roomId && !m.seen.has(Number(l.id))) unseen++;
  const reconnects = members.flatMap((m) => m.reconnects);
  const cuts = members.reduce((s, m) => s + m.cuts, 0);
  const cutMembers = members.filter((m) => m.cuts > 0).length;
  const chatErrors = members.flatMap((m) => m.errors);
  const duplicates = members.reduce((s, m) => s + m.duplicates + m.outOfOrder, 0);
  const unacknowledged = members.reduce((s, m) => s + m.unacknowledged, 0);

  console.log('\n== figures ==');
  console.log(
    `failover: primary stopped at 0 s, standby promoted at ${secs(promotedFrom - stoppedAt)} (took ${secs(promotedAt - promotedFrom)}), ` +
      `the address moved at ${secs(movedAt - stoppedAt)}; /readyz of both instances 200 again at ${readyAgain.map((r) => secs(r.at - stoppedAt)).join(' / ')}`,
  );
  console.log(
    `unavailability: failed answers from ${secs(firstFailure - stoppedAt)} to ${secs(lastFailure - stoppedAt)} after the stop ` +
      `(${secs(lastFailure - promotedAt)} after the promotion); ${window.length} requests in that window, ${failed.length} failed (${tally(failed.map((s) => `${s.status} ${s.code ?? 'no answer'}`))})`,
  );
  console.log(
    `HTTP: ${all.length} requests, slowest ${slowest.toFixed(0)} ms; reads before: p50 ${before.p50.toFixed(1)} / p99 ${before.p99.toFixed(1)} ms, after the last failure: p50 ${after.p50.toFixed(1)} / p99 ${after.p99.toFixed(1)} ms`,
  );
  console.log(
    `writes: ${acked.length} acknowledged; ${ackedBefore.length} before the stop, ${lostBefore.length} of them not on the new primary` +
      (lostBefore.length ? ` (${tally(lostBefore.map((s) => s.what))})` : '') +
      `; ${ackedAfter.length} after it, ${lostAfter.length} missing. Commits in the old primary's WAL the standby never received: ${lostCommits}`,
  );
  console.log(
    `chat: ${stored.length} lines stored; ${ackedLines.length} acknowledged, ${linesLostBefore} acknowledged before the stop and lost, ` +
      `${linesAfter.length} acknowledged after the move, ${linesLostAfter} of them missing; ${unseen} stored lines some member never got, ` +
      `${duplicates} duplicated or out of order live, ${unacknowledged} sends without a receipt`,
  );
  console.log(
    `chat members: ${cutMembers} of ${members.length} lost their socket (${cuts} closes, refused attempts to reconnect among them), ` +
      `${connected} subscribed at the end; ${reconnects.length} reconnects, p50 ${pct(reconnects, 0.5).toFixed(0)} ms, max ${Math.max(0, ...reconnects).toFixed(0)} ms` +
      (chatErrors.length ? `; errors: ${tally(chatErrors)}` : ''),
  );
  console.log(
    `mail: ${sink.byId.size} distinct mails at the sink, ${[...sink.byId.values()].filter((n) => n > 1).length} sent twice`,
  );

  const criteria: Array<[string, boolean]> = [
    ['every answer 2xx or 503 service_unavailable (no 500, no balancer error, no timeout)', wrong.length === 0],
    [`no request past ${BOUND_MS / 1000} s`, slowest < BOUND_MS],
    [`every request sent from ${RECOVER_MS / 1000} s after the promotion on succeeded`, lateFailures.length === 0],
    [
      `/readyz of both instances 503 during the switch, 200 again within ${RECOVER_MS / 1000} s of the promotion, no restart`,
      readyAgain.every((r) => r.down && r.back && r.at - promotedAt < RECOVER_MS) &&
        instances.every((i) => i.child?.exitCode === null) &&
        throughBalancer === 200,
    ],
    [
      'every chat member reconnected; every line acknowledged after the move stored and received',
      connected === members.length && linesLostAfter === 0 && unseen === 0,
    ],
    ['every write acknowledged after the stop is on the new primary', lostAfter.length === 0],
    [
      `every write and chat line acknowledged before the stop is on the new primary (${SYNC ? 'synchronous' : 'asynchronous'} replication)`,
      lostBefore.length === 0 && linesLostBefore === 0,
    ],
  ];
  return judge(criteria, instances, 30);
}

await runCleanly(main, {
  deadlineMs: DEADLINE_MS - 15_000,
  finish: (passed) => say(passed ? 'drill passed' : 'drill FAILED'),
});
