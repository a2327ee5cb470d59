import type { AppContext } from '../../context.js';
import { boardStamps, countBoards } from '../boards/queries.js';
import { countOpenPosts, openPostStamps, todayIn } from '../posts/queries.js';
import { escapeHtml } from './document.js';
import { showcaseStamps, showcaseTotals } from './sitemap-queries.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml is an index of /sitemap-{n}.xml files. */
export const SITEMAP_MAX_URLS = 50_000;

const lastmod = (at: Date | string) => new Date(at).toISOString();
const url = (loc: string, modified: Date | string) =>
  `<url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod(modified)}</lastmod></url>`;
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** One run of the sitemap's URLs: how many, and `count` of them from `from` on (origin-relative path, last change). */
interface Run {
  count: number;
  entries(from: number, count: number): Promise<Array<[string, Date | string]>>;
}

/**
 * Open recruitments and study groups (closed ones answer 403), every board post, then the showcase list and each
 * shown showcase, each with its last change, in files of at most `max` URLs: posts by id, boards by id, the
 * showcase list (when one is shown; its newest completion), showcases by group id (their completion).
 */
export async function sitemapFiles(ctx: AppContext, max = SITEMAP_MAX_URLS) {
  const today = todayIn(ctx);
  const [posts, boards, showcases] = await Promise.all([
    countOpenPosts(ctx.db, today),
    countBoards(ctx.db),
    showcaseTotals(ctx.db),
  ]);
  const listed = showcases.newest ? 1 : 0;
  const runs: Run[] = [
    {
      count: posts,
      entries: async (from, n) =>
        (await openPostStamps(ctx.db, today, from, n)).map((p) => [
          `/${p.kind === 'RECRUITMENT' ? 'recruitment' : 'study-group'}/${p.id}`,
          p.updated_at,
        ]),
    },
    {
      count: boards,
      entries: async (from, n) => (await boardStamps(ctx.db, from, n)).map((b) => [`/boards/${b.id}`, b.updatedAt]),
    },
    { count: listed, entries: async () => [['/showcase', showcases.newest!]] },
    {
      count: showcases.count,
      entries: async (from, n) => (await showcaseStamps(ctx.db, from, n)).map((s) => [`/showcase/${s.id}`, s.completedAt!]),
    },
  ];
  const total = runs.reduce((sum, r) => sum + r.count, 0);
  return { files: Math.max(1, Math.ceil(total / max)), posts, boards, showcases: listed + showcases.count, runs };
}

/** File `n` (0-based) of the sitemap as a `<urlset>`. */
export async function sitemapFile(ctx: AppContext, origin: string, n: number, max = SITEMAP_MAX_URLS): Promise<string> {
  const { runs } = await sitemapFiles(ctx, max);
  const start = n * max;
  const end = start + max;
  const entries: string[] = [];
  let offset = 0; // where the run starts among all URLs
  for (const run of runs) {
    const from = Math.max(start, offset) - offset;
    const to = Math.min(end, offset + run.count) - offset;
    if (to > from) for (const [loc, at] of await run.entries(from, to - from)) entries.push(url(origin + loc, at));
    offset += run.count;
  }
  return `${XML}<urlset ${NS}>\n${entries.join('\n')}\n</urlset>\n`;
}

/** The index naming each file, when there is more than one. */
export function sitemapIndex(origin: string, files: number): string {
  const items = Array.from({ length: files }, (_, i) => `<sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`);
  return `${XML}<sitemapindex ${NS}>\n${items.join('\n')}\n</sitemapindex>\n`;
}
