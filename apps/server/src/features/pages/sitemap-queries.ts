import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';

// The sitemap's own reads of what no area lists by id: the showcases shown (completed, switched on).

const shown = and(
  eq(groups.status, 'COMPLETED'),
  eq(groups.showcase, true),
  // a showcase names its post: not while the post is hidden (docs/api.md §10.4)
  sql`NOT EXISTS (SELECT 1 FROM base_posts hp WHERE hp.id = ${groups.postId} AND hp.hidden_at IS NOT NULL)`,
);

/** How many showcases are shown, and the newest completion among them (null when none is). */
export async function showcaseTotals(db: Db): Promise<{ count: number; newest: Date | null }> {
  const [row] = await db
    .select({ n: count(), newest: max(groups.completedAt) })
    .from(groups)
    .where(shown);
  return { count: row.n, newest: row.newest };
}

/** Shown showcases by group id, with their completion time (their page's last change the sitemap can name). */
export const showcaseStamps = (db: Db, offset: number, limit: number) =>
  db
    .select({ id: groups.id, completedAt: groups.completedAt })
    .from(groups)
    .where(shown)
    .orderBy(asc(groups.id))
    .limit(limit)
    .offset(offset);
