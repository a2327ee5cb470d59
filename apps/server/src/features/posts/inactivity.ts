import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { msUntilSeoulMidnight, seoulDate } from '../../lib/clock.js';
import { touched, type PublicChanges } from '../../lib/public-changes.js';
import { closeOverdueBatch } from './queries.js';

/**
 * Stores `inactive` for open posts whose due date has passed, `batch` posts per statement: a catch-up after
 * a long stop (or on a freshly seeded database: 93,000 posts) as one UPDATE ran past the statement limit and
 * held the rows for its whole length. Idempotent and safe to run concurrently. With `changes`, each batch's
 * posts are published as changed (their cached details still show them open for the day they were read).
 */
export async function closeOverduePosts(db: Db, today: string, batch = 1000, changes?: PublicChanges): Promise<number> {
  let closed = 0;
  for (;;) {
    const ids = await closeOverdueBatch(db, today, batch);
    closed += ids.length;
    if (ids.length > 0) changes?.publish([...new Set(ids.flatMap((r) => touched.post(r.id)))]);
    if (ids.length < batch) return closed;
  }
}

/** Catch-up at start, then every 00:00 Asia/Seoul. Returns the stop function. */
export function startAutoClose(ctx: AppContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const closed = await closeOverduePosts(ctx.db, seoulDate(ctx.clock.now()), undefined, ctx.changes);
      if (closed > 0) ctx.log.info({ closed }, 'auto-closed overdue posts');
    } catch (err) {
      ctx.log.error({ err }, 'auto-close failed');
    }
    if (stopped) return;
    // A second past midnight, so the Seoul date has surely turned when the job runs.
    timer = setTimeout(() => void run(), msUntilSeoulMidnight(ctx.clock.now()) + 1000);
    timer.unref();
  };
  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
