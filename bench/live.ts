/**
 * The live-traffic case: readers browse while a second client writes. Readers: list pages 0-9,
 * details of the 500 newest open posts, mixed-keyword searches and popular, on both kinds. Writes, in turn:
 * a view by a new visitor, an application, a board reply, a 쪽지 and a chat line (STOMP SEND with a receipt),
 * each kind at a fifth of the rate, each counted as acknowledged on 2xx (or its RECEIPT).
 *
 * The writers are made before the server starts (load.ts), directly in the database: WRITERS users with an
 * application profile, one group of them with a chat room, one board; tokens are signed with the server's
 * JWT_SECRET.
 */
import { sql } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { openDatabase, queryRows, type DatabaseSource } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { TokenService } from '@app/server/src/lib/tokens.js';
import { mixedSearchPath } from './keywords.js';
import { KINDS, type WriteFigures, type WriteJob, type WriteKind } from './live-writes.js';
import { pick, randomIp } from './random.js';

export const LIVE_JWT_SECRET = 'bench-live-secret-'.padEnd(64, 'x');
const WRITERS = 40;

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

export interface Target {
  id: number;
  path: string;
}

/** The 500 newest open posts (both kinds), with room left for an application. */
export async function newestOpen(base: string): Promise<Target[]> {
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

/** One reader's request: 40 % list pages, then details, `searchShare` mixed searches and 5 % popular. */
export function readerPath(targets: Target[], searchShare = 0.2): string {
  const r = Math.random();
  const kind = pick(['recruitments', 'study-groups']);
  if (r < 0.4) return `/api/${kind}?page=${(Math.random() * 10) | 0}`;
  if (r < 0.95 - searchShare) return pick(targets).path;
  if (r < 0.95) return mixedSearchPath();
  return `/api/${kind}/popular`;
}

export interface LiveFigures {
  rate: number;
  readers: { rps: number; p50: number; p99: number; errors: number };
  writes: WriteFigures;
}

/** Readers at `connections` for `seconds` while writes go at `rate` per second, open loop (bench/live-writes.ts). */
export async function runLive(
  base: string,
  setup: LiveSetup,
  rate: number,
  seconds: number,
  connections: number,
  applicationOffset: number,
  searchShare?: number,
): Promise<LiveFigures> {
  const targets = await newestOpen(base);
  const job: WriteJob = {
    base,
    ...setup,
    targets: targets.map((t) => t.id),
    rate,
    seconds,
    applicationOffset,
  };
  // the readers start once the writer has its connections open (bench/live-writes.ts)
  let writerReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (writerReady = resolve));
  const writing: Promise<WriteFigures | null> =
    rate === 0
      ? Promise.resolve(null)
      : new Promise((resolve, reject) => {
          // the bench runs under tsx; its worker loads the TypeScript module through tsx's loader too
          const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
            register();
            return import(${JSON.stringify(new URL('./live-writes.ts', import.meta.url).href)});
          })`;
          const worker = new Worker(code, { eval: true, workerData: job });
          worker.on('message', (m: { ready?: true; figures?: WriteFigures }) => {
            if (m.ready) writerReady();
            if (m.figures) resolve(m.figures);
          });
          worker.once('error', reject);
        });
  if (rate > 0) await Promise.race([ready, writing]);
  const readers = await autocannon({
    url: base + readerPath(targets, searchShare),
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: readerPath(targets, searchShare),
          headers: { ...req.headers, 'x-forwarded-for': randomIp() },
        }),
      },
    ],
  });
  const writes = await writing;
  const none = Object.fromEntries(KINDS.map((k) => [k, '-'])) as Record<WriteKind, string>;
  return {
    rate,
    readers: {
      rps: readers.requests.average,
      p50: readers.latency.p50,
      p99: readers.latency.p99,
      errors: readers.non2xx + readers.errors + readers.timeouts,
    },
    writes: writes ?? { sent: 0, acknowledged: 0, p50: NaN, p99: NaN, perKind: none },
  };
}
