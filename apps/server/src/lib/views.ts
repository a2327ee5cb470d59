import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../db/client.js';

/**
 * docs/api.md §2.1: `u:{userId}`, or `a:{SHA-256(IP, User-Agent, server salt)}` for anonymous viewers.
 * The salt is derived from the server's persistent JWT secret, so keys survive restarts but cannot be guessed.
 */
export function viewerKey(
  req: Pick<FastifyRequest, 'ip' | 'headers'> & { user?: { id: number } | null },
  serverSecret: string,
): string {
  if (req.user) return `u:${req.user.id}`;
  const salt = createHash('sha256').update(`view-salt:${serverSecret}`).digest('hex');
  const ua = req.headers['user-agent'] ?? '';
  return `a:${createHash('sha256').update(`${req.ip}\n${ua}\n${salt}`).digest('hex')}`;
}

export type ViewTargetKind = 'POST' | 'BOARD';

interface Pending {
  kind: ViewTargetKind;
  id: number;
  key: string;
  at: Date;
  done: Promise<number | null>;
  settle(views: number | null): void;
  fail(err: unknown): void;
}

/** The most views one statement carries. */
const BATCH = 500;

/**
 * One count per viewer per 24 h (docs/api.md §2.1, §8.23), with views batched: the views that arrive while a batch is
 * being written (or in the same tick) are written together by the next one, in one statement that upserts their
 * view records and raises each target's counter by the records that were new or older than 24 h. The decision
 * is the database's, per record, so the rule holds exactly across requests and instances; one viewer's
 * concurrent views of one target share one row of the batch. A view's response waits for its batch, so the
 * count is in the database when the view answers (the atomic increment of docs/api.md §3.5), and nothing else waits.
 */
export class ViewCounter {
  private queue = new Map<string, Pending>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The target's new view count when this view was counted, else null (counted in the last 24 h). */
  count(target: { kind: ViewTargetKind; id: number }, key: string, at: Date): Promise<number | null> {
    const id = `${target.kind}:${target.id}:${key}`;
    const queued = this.queue.get(id);
    if (queued) return queued.done.then(() => null);
    let settle!: (views: number | null) => void;
    let fail!: (err: unknown) => void;
    const done = new Promise<number | null>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    this.queue.set(id, { ...target, key, at, done, settle, fail });
    if (!this.running) this.running = this.drainSoon();
    return done;
  }

  /** Resolves once every queued view is written (shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drainSoon() {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.queue.size > 0) {
        const batch = [...this.queue.values()].slice(0, BATCH);
        for (const view of batch) this.queue.delete(`${view.kind}:${view.id}:${view.key}`);
        await this.write(batch);
      }
    } finally {
      this.running = null;
    }
  }

  private async write(batch: Pending[]) {
    try {
      const counted = await writeViews(this.db, batch);
      const views = new Map(counted.map((r) => [`${r.kind}:${r.id}`, Number(r.views)]));
      const fresh = new Set(counted.flatMap((r) => r.keys.map((k) => `${r.kind}:${r.id}:${k}`)));
      for (const view of batch) {
        const key = `${view.kind}:${view.id}`;
        view.settle(fresh.has(`${key}:${view.key}`) ? (views.get(key) ?? null) : null);
      }
    } catch (err) {
      this.log.error({ err }, 'writing views failed');
      for (const view of batch) view.fail(err);
    }
  }
}

/**
 * One statement: the records of the batch, inserted or renewed when older than 24 h (only those are returned),
 * and each target's counter raised by its returned records. Targets deleted meanwhile get no record.
 */
async function writeViews(db: Db, batch: Pending[]) {
  const values = sql.join(
    batch.map((v) => sql`(${v.kind}, ${v.id}::int, ${v.key}, ${v.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  return queryRows<{ kind: ViewTargetKind; id: number; views: number | string; keys: string[] }>(
    db,
    sql`WITH v(target_kind, target_id, viewer_key, viewed_at) AS (VALUES ${values}),
        fresh AS (
          INSERT INTO view_records (target_kind, target_id, viewer_key, viewed_at)
          SELECT target_kind, target_id, viewer_key, viewed_at FROM v
          WHERE (target_kind = 'POST' AND EXISTS (SELECT 1 FROM base_posts p WHERE p.id = v.target_id))
             OR (target_kind = 'BOARD' AND EXISTS (SELECT 1 FROM boards b WHERE b.id = v.target_id))
          ON CONFLICT (target_kind, target_id, viewer_key) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
          WHERE view_records.viewed_at <= EXCLUDED.viewed_at - interval '24 hours'
          RETURNING target_kind, target_id, viewer_key),
        per_target AS (
          SELECT target_kind, target_id, count(*)::int AS n, array_agg(viewer_key) AS keys FROM fresh
          GROUP BY target_kind, target_id),
        posts AS (
          UPDATE base_posts p SET views = p.views + t.n FROM per_target t
          WHERE t.target_kind = 'POST' AND p.id = t.target_id RETURNING p.id, p.views),
        boards AS (
          UPDATE boards b SET views = b.views + t.n FROM per_target t
          WHERE t.target_kind = 'BOARD' AND b.id = t.target_id RETURNING b.id, b.views)
        SELECT 'POST' AS kind, p.id, p.views, t.keys FROM posts p JOIN per_target t ON t.target_kind = 'POST' AND t.target_id = p.id
        UNION ALL
        SELECT 'BOARD', b.id, b.views, t.keys FROM boards b JOIN per_target t ON t.target_kind = 'BOARD' AND t.target_id = b.id`,
  );
}
