import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

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

/** One viewer's view of one target (a kind of row, e.g. a post, and its id), as the writer gets it. */
export interface ViewToWrite {
  kind: string;
  id: number;
  key: string;
  at: Date;
}

/** A target whose counter the writer raised: its new count and the viewer keys that were counted. */
export interface CountedViews {
  kind: string;
  id: number;
  views: number | string;
  keys: string[];
}

/**
 * Writes a batch of views in one statement: a view is counted when its viewer has no record of the target from
 * the last 24 h (targets that are gone are skipped); answers the targets whose counters went up.
 */
export type ViewWriter = (batch: readonly ViewToWrite[]) => Promise<CountedViews[]>;

interface Pending extends ViewToWrite {
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
    private readonly writeViews: ViewWriter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The target's new view count when this view was counted, else null (counted in the last 24 h). */
  count(target: { kind: string; id: number }, key: string, at: Date): Promise<number | null> {
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
      const counted = await this.writeViews(batch);
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
