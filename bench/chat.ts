/**
 * Chat benchmark: N subscribed STOMP clients in one room, messages published at a fixed rate, publish-to-delivery
 * latency (p50 / p99) and deliveries per second; the same through two instances and Redis; and, measured in the
 * same run as the ceiling, a bare WebSocket server broadcasting the same frames.
 *
 *   npm run bench:chat -w bench
 *
 * Env: BENCH_SUBSCRIBERS (200), BENCH_RATE (50 messages/s), BENCH_SECONDS (10), BENCH_PORT (8095, and +1 for
 * the second instance, +2 for the bare server), BENCH_WARMUP (1 s of uncounted traffic first), BENCH_NODE_ARGS (for the servers, e.g. "--cpu-prof"). DATABASE_URL (PostgreSQL) else PGlite under a fresh directory.
 * Two instances need DATABASE_URL and REDIS_URL (skipped with the reason otherwise).
 * Senders stay under the per-user SEND limit (10 per 5 s): BENCH_RATE is spread over enough members.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket, { WebSocketServer } from 'ws';
import { openDatabase, queryRows } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { flushLatency, flushLine } from './disk.js';
import { randomIp } from './random.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8095);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
const JWT_SECRET = 'bench-chat-secret-'.padEnd(64, 'x');
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../apps/server/src/main.ts');
/** per sender, under the STOMP SEND limit of 10 per 5 s */
const PER_SENDER_RATE = 1.5;

// ---------- the bare WebSocket ceiling (runs as its own process, like the server) ----------

/** Broadcasts every SEND as a MESSAGE frame of the same shape to every socket: no STOMP state, no database. */
function bareServer(port: number) {
  const wss = new WebSocketServer({ port, host: '127.0.0.1' });
  let id = 0;
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (!text.startsWith('SEND')) return;
      const body = text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'));
      const { message } = JSON.parse(body) as { message: string };
      const json = JSON.stringify({
        messageId: ++id,
        senderId: 1,
        senderName: '사용자',
        message,
        sendAt: new Date().toISOString(),
      });
      for (const client of wss.clients) {
        client.send(
          `MESSAGE\ndestination:/topic/chat/1\nmessage-id:${id}\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(json)}\nsubscription:sub-0\n\n${json}\0`,
        );
      }
    });
  });
}

// ---------- set-up ----------

interface Room {
  roomId: number;
  tokens: string[];
}

/** One group with SUBSCRIBERS members and its room, written directly (a post caps groups at 100 members). */
async function seedRoom(databaseUrl: string | undefined, dataDir: string): Promise<Room> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  const db = database.db;
  await migrate(db);
  await ensureSystemUser(db);
  const tag = Date.now().toString(36);
  const users = await queryRows<{ id: number; login_id: string }>(
    db,
    sql`INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
        SELECT 'chat_' || ${tag} || '_' || g, 'x', 'c' || g || '@example.com', '01000000000', '채팅' || ${tag} || '_' || g, now(), now()
        FROM generate_series(1, ${SUBSCRIBERS}) g RETURNING id, login_id`,
  );
  const [post] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date, inactive, created_at, updated_at)
        VALUES ('RECRUITMENT', ${users[0].id}, '벤치', '벤치', '벤치', 100, 100, current_date, true, now(), now()) RETURNING id`,
  );
  const [group] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO groups (post_id, name, description, type, created_at) VALUES (${post.id}, '벤치 그룹', '벤치', 'PROJECT', now()) RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO group_members (group_id, user_id, role, joined_by, joined_at)
    SELECT ${group.id}, u.id, CASE WHEN u.id = ${users[0].id} THEN 'ADMIN' ELSE 'MEMBER' END, 'CREATION', now()
    FROM users u WHERE u.login_id LIKE ${`chat_${tag}_%`}`);
  const [room] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO chat_rooms (group_id, name, created_by, created_at) VALUES (${group.id}, '벤치방', ${users[0].id}, now()) RETURNING id`,
  );
  await database.close();
  const tokens = new TokenService(JWT_SECRET);
  const now = new Date();
  return {
    roomId: room.id,
    tokens: await Promise.all(users.map((u) => tokens.sign({ sub: u.login_id, uid: u.id, tv: 0 }, now))),
  };
}

function startServer(port: number, env: Record<string, string>): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      WEB_DIST: '/nonexistent',
      RUN_JOBS: 'false',
      // its users are minutes old (docs/api.md §10.4's new-account limits would refuse their writes)
      NEW_ACCOUNT_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer`);
}

// ---------- clients ----------

const STAMP = Buffer.from('"message":"t');
const QUOTE = 0x22;

interface Client {
  ws: WebSocket;
  ready: Promise<void>;
}

/** A STOMP client over the raw WebSocket that records the latency of every MESSAGE carrying a timestamp. */
function openClient(url: string, latencies: number[], stomp: { roomId: number } | null): Client {
  const ws = new WebSocket(url, {
    headers: { 'x-forwarded-for': randomIp() },
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  let resolveReady!: () => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => ((resolveReady = res), (rejectReady = rej)));
  ws.on('error', (e) => rejectReady(e));
  ws.on('unexpected-response', (_req, res) => rejectReady(new Error(`handshake refused: ${res.statusCode}`)));
  ws.on('open', () => {
    if (!stomp) return resolveReady();
    ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
    ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/chat/${stomp.roomId}\nreceipt:ready\n\n\0`);
  });
  ws.on('message', (data: Buffer) => {
    // read the timestamp straight from the bytes: the load generator shares the machine with the server
    const at = data.indexOf(STAMP);
    if (at >= 0) {
      const from = at + STAMP.length;
      latencies.push(performance.now() - Number(data.toString('latin1', from, data.indexOf(QUOTE, from))));
    } else if (data.subarray(0, 7).toString() === 'RECEIPT') resolveReady();
    else if (data.subarray(0, 5).toString() === 'ERROR') rejectReady(new Error(String(data)));
  });
  return { ws, ready };
}

const sendFrame = (roomId: number) =>
  `SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\n\n${JSON.stringify({ chatRoomId: roomId, message: `t${performance.now().toFixed(3)}` })}\0`;

interface Result {
  name: string;
  sent: number;
  deliveries: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** Opens the clients, publishes RATE messages/s for SECONDS from enough senders, waits for the last deliveries. */
async function measure(name: string, urls: string[], stomp: { roomId: number; tokens: string[] } | null): Promise<Result> {
  const latencies: number[] = [];
  const clients: Client[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const base = urls[i % urls.length];
    const url = stomp ? `${base}/ws/chat/websocket?token=${stomp.tokens[i]}` : base;
    clients.push(openClient(url, latencies, stomp ? { roomId: stomp.roomId } : null));
    if (i % 20 === 19) await Promise.all(clients.slice(-20).map((c) => c.ready));
  }
  await Promise.all(clients.map((c) => c.ready));
  const senders = clients.slice(0, Math.min(clients.length, Math.ceil(RATE / PER_SENDER_RATE)));
  const publish = async (count: number, offset: number) => {
    const start = performance.now();
    for (let n = 0; n < count; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      senders[(offset + n) % senders.length].ws.send(sendFrame(stomp?.roomId ?? 1));
    }
  };
  // a second of the same traffic first, not counted: the first messages pay for compiling the server's code
  const warmUp = Math.round(RATE * WARMUP_SECONDS);
  await publish(warmUp, 0);
  const warmDeadline = performance.now() + 5000;
  while (latencies.length < warmUp * SUBSCRIBERS && performance.now() < warmDeadline) await new Promise((r) => setTimeout(r, 20));
  latencies.length = 0;

  const total = Math.round(RATE * SECONDS);
  const start = performance.now();
  await publish(total, warmUp);
  const expected = total * SUBSCRIBERS;
  const deadline = performance.now() + 10_000;
  while (latencies.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - start) / 1000;
  for (const c of clients) c.ws.close();
  const sorted = latencies.slice().sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { name, sent: total, deliveries: latencies.length, seconds, p50: pct(50), p99: pct(99) };
}

function print(r: Result) {
  const lost = r.sent * SUBSCRIBERS - r.deliveries;
  console.log(
    `${r.name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ` +
      `${Math.round(r.deliveries / r.seconds)
        .toString()
        .padStart(6)} deliveries/s   ${lost === 0 ? 'none lost' : `${lost} missing`}`,
  );
}

async function redisAnswers(url: string | undefined) {
  if (!url) return false;
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  const room = await seedRoom(databaseUrl, dataDir);
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stop);
  console.log(
    `${SUBSCRIBERS} subscribers in one room, ${RATE} messages/s for ${SECONDS} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  // every acknowledged line waits for a commit's flush: the disk's tail is the floor of the chat's
  console.log(`${flushLine(flushLatency(3000))} (3 s before the cases)\n`);
  try {
    const bare = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--bare', String(PORT + 2)], {
      stdio: 'inherit',
    });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${PORT + 2}/`, bare);
    print(await measure('bare WebSocket broadcast (ceiling)', [`ws://127.0.0.1:${PORT + 2}`], null));

    const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
    const one = startServer(PORT, { ...env, REDIS_URL: '' });
    children.push(one);
    await waitFor(`http://127.0.0.1:${PORT}/api/boards/popular`, one);
    print(await measure('one instance', [`ws://127.0.0.1:${PORT}`], room));
    one.kill('SIGTERM');
    await new Promise((r) => one.once('exit', r));

    const redisUrl = process.env.REDIS_URL;
    if (!databaseUrl)
      console.log('two instances through Redis: skipped (needs DATABASE_URL: PGlite cannot be shared by two processes)');
    else if (!(await redisAnswers(redisUrl))) console.log('two instances through Redis: skipped (no Redis answers at REDIS_URL)');
    else {
      const a = startServer(PORT, { ...env, REDIS_URL: redisUrl! });
      const b = startServer(PORT + 1, { ...env, REDIS_URL: redisUrl! });
      children.push(a, b);
      await waitFor(`http://127.0.0.1:${PORT}/api/boards/popular`, a);
      await waitFor(`http://127.0.0.1:${PORT + 1}/api/boards/popular`, b);
      await new Promise((r) => setTimeout(r, 500));
      print(await measure('two instances through Redis', [`ws://127.0.0.1:${PORT}`, `ws://127.0.0.1:${PORT + 1}`], room));
    }
    console.log(`\n${flushLine(flushLatency(3000))} (3 s after the cases)`);
  } finally {
    stop();
  }
  process.exit(0);
}

if (process.argv[2] === '--bare') bareServer(Number(process.argv[3]));
else await main();
