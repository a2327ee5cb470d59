/**
 * The live-traffic case (issue 25): readers browse while a second client writes. Readers: list pages 0-9,
 * details of the 500 newest open posts, mixed-keyword searches and popular, on both kinds. Writes, in turn:
 * a view by a new visitor, an application, a board reply, a 쪽지 and a chat line (STOMP SEND with a receipt),
 * each kind at a fifth of the rate, each counted as acknowledged on 2xx (or its RECEIPT).
 *
 * The writers are made before the server starts (load.ts), directly in the database: WRITERS users with an
 * application profile, one group of them with a chat room, one board; tokens are signed with the server's
 * JWT_SECRET.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import autocannon from 'autocannon';
import { openDatabase, queryRows, type DatabaseSource } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { mixedSearchPath } from './keywords.js';

export const LIVE_JWT_SECRET = 'bench-live-secret-'.padEnd(64, 'x');
const WRITERS = 40;
const KINDS = ['view', 'application', 'reply', 'message', 'chat'] as const;
type WriteKind = (typeof KINDS)[number];

export interface LiveSetup {
  writers: Array<{ token: string; nickname: string }>;
  roomId: number;
  boardId: number;
}

/** Writers with profiles, their group and room, and a board; run while no server holds the database. */
export async function prepareLive(source: DatabaseSource): Promise<LiveSetup> {
  const database = await openDatabase(source);
  const db = database.db;
  try {
    await migrate(db);
    await ensureSystemUser(db);
    const tag = Date.now().toString(36);
    const users = await queryRows<{ id: number; login_id: string; nickname: string }>(
      db,
      sql`INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
          SELECT 'live_' || ${tag} || '_' || g, 'x', 'l' || g || '@example.com', '01000000000', '라이브' || ${tag} || '_' || g, now(), now()
          FROM generate_series(1, ${WRITERS}) g RETURNING id, login_id, nickname`,
    );
    await db.execute(sql`
      INSERT INTO application_profiles (user_id, contact, field, tech_stacks, created_at, updated_at)
      SELECT id, 'live@example.com', '백엔드', ARRAY['Go'], now(), now() FROM users WHERE login_id LIKE ${`live_${tag}_%`}`);
    const [post] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date, inactive, created_at, updated_at)
          VALUES ('RECRUITMENT', ${users[0].id}, '라이브 벤치', '라이브 벤치', '벤치', 100, ${WRITERS}, current_date - 30, true, now() - interval '30 days', now()) RETURNING id`,
    );
    const [group] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO groups (post_id, name, description, type, created_at) VALUES (${post.id}, '라이브 그룹', '벤치', 'PROJECT', now()) RETURNING id`,
    );
    await db.execute(sql`
      INSERT INTO group_members (group_id, user_id, role, joined_by, joined_at)
      SELECT ${group.id}, u.id, CASE WHEN u.id = ${users[0].id} THEN 'ADMIN' ELSE 'MEMBER' END, 'CREATION', now()
      FROM users u WHERE u.login_id LIKE ${`live_${tag}_%`}`);
    const [room] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO chat_rooms (group_id, name, created_by, created_at) VALUES (${group.id}, '라이브방', ${users[0].id}, now()) RETURNING id`,
    );
    const [board] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO boards (author_id, category_id, title, content, created_at, updated_at)
          VALUES (${users[0].id}, 1, '라이브 게시글', '댓글 벤치', now(), now()) RETURNING id`,
    );
    const tokens = new TokenService(LIVE_JWT_SECRET);
    const now = new Date();
    const writers = await Promise.all(
      users.map(async (u) => ({ token: await tokens.sign({ sub: u.login_id, uid: u.id, tv: 0 }, now), nickname: u.nickname })),
    );
    return { writers, roomId: room.id, boardId: board.id };
  } finally {
    await database.close();
  }
}

interface Target {
  id: number;
  path: string;
}

/** The 500 newest open posts (both kinds), with room left for an application. */
async function newestOpen(base: string): Promise<Target[]> {
  const found: Target[] = [];
  for (const [kind, pages] of [
    ['recruitments', 20],
    ['study-groups', 25],
  ] as const) {
    for (let page = 0; page < pages && found.length < 500; page++) {
      const body = (await (await fetch(`${base}/api/${kind}?open=true&page=${page}`)).json()) as {
        content: Array<{ id: number; currentMembers: number; totalMembers: number }>;
      };
      for (const p of body.content)
        if (p.currentMembers < p.totalMembers && found.length < 500) found.push({ id: p.id, path: `/api/${kind}/${p.id}` });
    }
  }
  return found;
}

const any = <T>(items: readonly T[]) => items[(Math.random() * items.length) | 0];
const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 254 + 1) | 0}`;

function readerPath(targets: Target[]): string {
  const r = Math.random();
  const kind = any(['recruitments', 'study-groups']);
  if (r < 0.4) return `/api/${kind}?page=${(Math.random() * 10) | 0}`;
  if (r < 0.75) return any(targets).path;
  if (r < 0.95) return mixedSearchPath();
  return `/api/${kind}/popular`;
}

/** A STOMP session of one writer; `send` resolves with the latency of its RECEIPT. */
class ChatWriter {
  private readonly waiting = new Map<string, () => void>();
  private n = 0;
  readonly ready: Promise<void>;
  private readonly ws: WebSocket;

  constructor(wsBase: string, token: string, roomId: number) {
    this.ws = new WebSocket(`${wsBase}/ws/chat/websocket?token=${token}`, {
      headers: { 'x-forwarded-for': randomIp() },
      perMessageDeflate: false,
    });
    this.ready = new Promise((resolve, reject) => {
      this.ws.on('error', reject);
      this.ws.on('open', () => {
        this.ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
        this.ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/chat/${roomId}\nreceipt:ready\n\n\0`);
      });
      this.ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (!text.startsWith('RECEIPT')) return;
        const id = /receipt-id:([^\n]+)/.exec(text)?.[1];
        if (id === 'ready') resolve();
        else if (id) this.waiting.get(id)?.();
      });
    });
  }

  send(roomId: number): Promise<boolean> {
    const id = `w${++this.n}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(false);
      }, 10_000);
      this.waiting.set(id, () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(true);
      });
      const body = JSON.stringify({ chatRoomId: roomId, message: `라이브 ${id}` });
      this.ws.send(`SEND\ndestination:/app/chat.sendMessage\ncontent-type:application/json\nreceipt:${id}\n\n${body}\0`);
    });
  }

  close() {
    this.ws.close();
  }
}

export interface LiveFigures {
  rate: number;
  readers: { rps: number; p50: number; p99: number; errors: number };
  writes: { sent: number; acknowledged: number; p50: number; p99: number; perKind: Record<WriteKind, string> };
}

/** Readers at `connections` for `seconds` while writes go at `rate` per second, open loop. */
export async function runLive(
  base: string,
  setup: LiveSetup,
  rate: number,
  seconds: number,
  connections: number,
  applicationOffset: number,
): Promise<LiveFigures> {
  const targets = await newestOpen(base);
  const wsBase = base.replace(/^http/, 'ws');
  const chatters = setup.writers.slice(0, 10).map((w) => new ChatWriter(wsBase, w.token, setup.roomId));
  await Promise.all(chatters.map((c) => c.ready));
  const latencies: number[] = [];
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { sent: 0, ok: 0, latencies: [] as number[] }])) as Record<
    WriteKind,
    { sent: number; ok: number; latencies: number[] }
  >;
  let n = 0;
  let applications = applicationOffset;

  const post = async (path: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), 'user-agent': `live-${Math.random()}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  // each kind takes its writers in turn, so no writer goes past its own limits (SEND 10 per 5 s, applications per hour)
  const write = async (kind: WriteKind): Promise<boolean> => {
    const turn = byKind[kind].sent;
    const writer = setup.writers[turn % setup.writers.length];
    const other = setup.writers[(turn + 1) % setup.writers.length];
    switch (kind) {
      case 'view':
        return post(`/api/base-posts/${any(targets).id}/view`, null);
      case 'application': {
        // each writer applies to each post at most once: pairs walk the writers first, then the posts
        const k = applications++;
        const applicant = setup.writers[k % setup.writers.length];
        const target = targets[Math.floor(k / setup.writers.length) % targets.length];
        return post('/api/applications', applicant.token, { recruitmentId: target.id });
      }
      case 'reply':
        return post('/api/replies', writer.token, { boardId: setup.boardId, content: `라이브 댓글 ${n}` });
      case 'message':
        return post('/api/messages', writer.token, { receiverName: other.nickname, content: `라이브 쪽지 ${n}` });
      case 'chat':
        return chatters[turn % chatters.length].send(setup.roomId);
    }
  };

  const pending: Array<Promise<void>> = [];
  const writing = (async () => {
    if (rate === 0) return;
    const start = performance.now();
    const total = Math.round(rate * seconds);
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const kind = KINDS[i % KINDS.length];
      n = i;
      byKind[kind].sent++;
      const sentAt = performance.now();
      pending.push(
        write(kind)
          .catch(() => false)
          .then((ok) => {
            if (ok) byKind[kind].ok++;
            latencies.push(performance.now() - sentAt);
            byKind[kind].latencies.push(performance.now() - sentAt);
          }),
      );
    }
  })();
  const readers = await autocannon({
    url: base + readerPath(targets),
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: readerPath(targets),
          headers: { ...req.headers, 'x-forwarded-for': randomIp() },
        }),
      },
    ],
  });
  await writing;
  await Promise.all(pending);
  for (const c of chatters) c.close();
  const at = (q: number, values = latencies) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  const sent = KINDS.reduce((s, k) => s + byKind[k].sent, 0);
  const acknowledged = KINDS.reduce((s, k) => s + byKind[k].ok, 0);
  return {
    rate,
    readers: {
      rps: readers.requests.average,
      p50: readers.latency.p50,
      p99: readers.latency.p99,
      errors: readers.non2xx + readers.errors + readers.timeouts,
    },
    writes: {
      sent,
      acknowledged,
      p50: at(0.5),
      p99: at(0.99),
      perKind: Object.fromEntries(
        KINDS.map((k) => [k, `${byKind[k].ok}/${byKind[k].sent} p99 ${at(0.99, byKind[k].latencies).toFixed(0)} ms`]),
      ) as Record<WriteKind, string>,
    },
  };
}
