/**
 * Soak: one server instance under mixed traffic for SOAK_MINUTES (10): reads (post and board lists, a board,
 * my inbox, me), writes (boards), 쪽지, board replies, and chat (STOMP over raw WebSockets, one room). Prints
 * per minute: requests, 5xx, other failures, p99, chat messages delivered, and the server's RSS; then the RSS
 * growth after the warm-up minute and what /metrics says.
 *
 *   npm run soak                                   PGlite in a fresh directory
 *   DATABASE_URL=postgres://.../soak npm run soak  a PostgreSQL server (the database must exist)
 *
 * Env: SOAK_MINUTES (10), SOAK_RATE (25 requests/s, paced), SOAK_CHAT_RATE (5 messages/s), SOAK_PORT (8411).
 * Each user stays under its limits (contract 1.7): 쪽지 20/min, replies 25/min, boards 20/h, STOMP SEND 10/5 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase, queryRows } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { randomIp } from './random.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 25);
const CHAT_RATE = Number(process.env.SOAK_CHAT_RATE ?? 5);
const PORT = Number(process.env.SOAK_PORT ?? 8411);
const USERS = 300;
const CHAT_MEMBERS = 30;
const JWT_SECRET = 'soak-secret-'.padEnd(64, 'x');
const METRICS_TOKEN = 'soak-metrics';
const base = `http://127.0.0.1:${PORT}`;
const here = import.meta.dirname;

interface User {
  id: number;
  nickname: string;
  token: string;
}

/** Users, and one group of CHAT_MEMBERS of them with a chat room, written directly before the server starts. */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<{ users: User[]; roomId: number }> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  const db = database.db;
  await migrate(db);
  await ensureSystemUser(db);
  const tag = Date.now().toString(36);
  const rows = await queryRows<{ id: number; login_id: string; nickname: string }>(
    db,
    sql`INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
        SELECT 'soak_' || ${tag} || '_' || g, 'x', 's' || g || '@example.com', '01000000000', '소크' || ${tag} || '_' || g, now(), now()
        FROM generate_series(1, ${USERS}) g RETURNING id, login_id, nickname`,
  );
  const [post] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date, inactive, created_at, updated_at)
        VALUES ('RECRUITMENT', ${rows[0].id}, '소크', '소크', '소크', 100, ${CHAT_MEMBERS}, current_date, true, now(), now()) RETURNING id`,
  );
  const [group] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO groups (post_id, name, description, type, created_at) VALUES (${post.id}, '소크 그룹', '소크', 'PROJECT', now()) RETURNING id`,
  );
  const members = rows.slice(0, CHAT_MEMBERS).map((u) => u.id);
  await db.execute(sql`
    INSERT INTO group_members (group_id, user_id, role, joined_by, joined_at)
    SELECT ${group.id}, id, CASE WHEN id = ${members[0]} THEN 'ADMIN' ELSE 'MEMBER' END, 'CREATION', now()
    FROM unnest(${`{${members.join(',')}}`}::bigint[]) AS id`);
  const [room] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO chat_rooms (group_id, name, created_by, created_at) VALUES (${group.id}, '소크방', ${members[0]}, now()) RETURNING id`,
  );
  await database.close();
  const tokens = new TokenService(JWT_SECRET);
  const now = new Date();
  const users = await Promise.all(
    rows.map(async (u) => ({
      id: u.id,
      nickname: u.nickname,
      token: await tokens.sign({ sub: u.login_id, uid: u.id, tv: 0 }, now),
    })),
  );
  return { users, roomId: room.id };
}

function startServer(databaseUrl: string | undefined, dataDir: string): ChildProcess {
  // what `npm start` runs: the built server when there is one, else the TypeScript sources
  let args = ['--import', 'tsx', 'src/main.ts'];
  try {
    readFileSync(path.join(here, '../apps/server/dist/main.js'));
    args = ['dist/main.js'];
  } catch {
    // not built
  }
  return spawn(process.execPath, args, {
    cwd: path.join(here, '../apps/server'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET,
      METRICS_TOKEN,
      TRUST_PROXY: 'true',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // its users are minutes old (docs/api.md §10.4's new-account limits would refuse their writes)
      NEW_ACCOUNT_LIMITS: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitReady(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error('server not ready');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: T[]) => xs[(Math.random() * xs.length) | 0];
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

interface Minute {
  latencies: number[];
  status5xx: number;
  failed: number;
  delivered: number;
  byKind: Record<string, number>;
}
const newMinute = (): Minute => ({ latencies: [], status5xx: 0, failed: 0, delivered: 0, byKind: {} });

async function request(minute: () => Minute, kind: string, method: string, url: string, user: User, body?: unknown) {
  const start = performance.now();
  let status = 0;
  try {
    const res = await fetch(base + url, {
      method,
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': randomIp(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    const text = await res.text();
    if (kind === 'board' && status === 201) boards.push(Number(res.headers.get('location')?.split('/').pop()));
    if (status >= 400 && status < 500) console.error(`[soak] ${status} ${method} ${url}: ${text}`);
  } catch {
    status = 0;
  }
  const m = minute();
  m.latencies.push(performance.now() - start);
  m.byKind[kind] = (m.byKind[kind] ?? 0) + 1;
  if (status >= 500) m.status5xx++;
  else if (status === 0 || status >= 400) m.failed++;
}

const boards: number[] = [];

/** One request of the mix: 55 % reads, 15 % 쪽지, 15 % replies, 5 % new boards, 10 % more reads of a board. */
function nextRequest(users: User[], minute: () => Minute, i: number) {
  const user = users[i % users.length];
  const r = Math.random();
  if (r < 0.15) {
    const to = pick(users);
    return request(minute, 'message', 'POST', '/api/messages', user, { receiverName: to.nickname, content: `소크 쪽지 ${i}` });
  }
  if (r < 0.3 && boards.length > 0) {
    return request(minute, 'reply', 'POST', '/api/replies', user, { boardId: pick(boards), content: `소크 댓글 ${i}` });
  }
  if (r < 0.35) {
    return request(minute, 'board', 'POST', '/api/boards', user, { title: `소크 글 ${i}`, content: '내용', categoryId: 1 });
  }
  if (r < 0.45 && boards.length > 0) return request(minute, 'read', 'GET', `/api/boards/${pick(boards)}`, user);
  const reads = [
    '/api/recruitments?page=0',
    '/api/boards?page=0',
    '/api/messages/recent',
    '/api/users/me',
    '/api/boards/popular',
  ];
  return request(minute, 'read', 'GET', pick(reads), user);
}

/** CHAT_MEMBERS sockets subscribed to the room; every MESSAGE they get counts as one delivery. */
async function openChat(users: User[], roomId: number, minute: () => Minute) {
  const sockets: WebSocket[] = [];
  for (const user of users.slice(0, CHAT_MEMBERS)) {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/chat/websocket?token=${encodeURIComponent(user.token)}`, {
      headers: { 'x-forwarded-for': randomIp() },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('MESSAGE')) minute().delivered++;
      else if (text.startsWith('ERROR')) console.error(`[soak] chat ERROR: ${text.split('\n\n')[1]}`);
    });
    ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
    ws.send(`SUBSCRIBE\nid:0\ndestination:/topic/chat/${roomId}\n\n\0`);
    sockets.push(ws);
  }
  let n = 0;
  const timer = setInterval(() => {
    const ws = sockets[n++ % sockets.length];
    const body = JSON.stringify({ chatRoomId: roomId, message: `소크 채팅 ${n}` });
    ws.send(`SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\n\n${body}\0`);
  }, 1000 / CHAT_RATE);
  return () => {
    clearInterval(timer);
    for (const ws of sockets) ws.close();
  };
}

const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : NaN;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));
  console.log(`[soak] seeding ${USERS} users and a chat room (${databaseUrl ? 'PostgreSQL' : `PGlite under ${dataDir}`})`);
  const { users, roomId } = await seed(databaseUrl, dataDir);
  const child = startServer(databaseUrl, dataDir);
  try {
    await waitReady(child);
    let current = newMinute();
    const minute = () => current;
    const stopChat = await openChat(users, roomId, minute);
    console.log(`[soak] ${MINUTES} min, ${RATE} requests/s + ${CHAT_RATE} chat messages/s to ${CHAT_MEMBERS} sockets`);
    console.log('| min | requests | 5xx | other failures | p99 ms | chat delivered | RSS MB |');
    console.log('|---|---|---|---|---|---|---|');
    const rss: number[] = [];
    let total5xx = 0;
    const inFlight = new Set<Promise<void>>();
    let i = 0;
    const started = performance.now();
    for (let m = 1; m <= MINUTES; m++) {
      const end = started + m * 60_000;
      while (performance.now() < end) {
        // paced: the i-th request leaves at started + i / RATE seconds, whatever the answers take
        const due = started + (i * 1000) / RATE;
        if (due > performance.now()) await sleep(due - performance.now());
        const p = nextRequest(users, minute, i++);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      const done = current;
      current = newMinute();
      rss.push(rssMb(child.pid!));
      total5xx += done.status5xx;
      console.log(
        `| ${m} | ${done.latencies.length} | ${done.status5xx} | ${done.failed} | ${p99(done.latencies).toFixed(0)} | ${done.delivered} | ${rss.at(-1)!.toFixed(0)} |`,
      );
    }
    stopChat();
    await Promise.all(inFlight);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) =>
      r.text(),
    );
    const sum = (name: string) =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(name))
        .reduce((a, l) => a + Number(l.split(' ').pop()), 0);
    const warm = rss[Math.min(1, rss.length - 1)];
    console.log(
      `[soak] 5xx: ${total5xx}; RSS after warm-up (minute 2) ${warm.toFixed(0)} MB, at the end ${rss.at(-1)!.toFixed(0)} MB ` +
        `(${(rss.at(-1)! - warm).toFixed(0)} MB); /metrics: ${sum('http_requests_total')} requests, ` +
        `${sum('chat_deliveries_total')} chat deliveries, ${sum('rate_limit_refusals_total')} rate-limit refusals`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
