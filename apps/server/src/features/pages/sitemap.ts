import type { AppContext } from '../../context.js';
import { boardStamps, countBoards } from '../boards/queries.js';
import { countOpenPosts, openPostStamps, todayIn } from '../posts/queries.js';
import { escapeHtml } from './document.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml is an index of /sitemap-{n}.xml files. */
export const SITEMAP_MAX_URLS = 50_000;

const lastmod = (at: Date | string) => new Date(at).toISOString();
const url = (loc: string, modified: Date | string) =>
  `<url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod(modified)}</lastmod></url>`;
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Open recruitments and study groups (closed ones answer 403) and every board post, each with its last change,
 * in files of at most `max` URLs: posts by id, then boards by id.
 */
export async function sitemapFiles(ctx: AppContext, max = SITEMAP_MAX_URLS) {
  const today = todayIn(ctx);
  const [posts, boards] = await Promise.all([countOpenPosts(ctx.db, today), countBoards(ctx.db)]);
  return { files: Math.max(1, Math.ceil((posts + boards) / max)), posts, boards, today };
}

/** File `n` (0-based) of the sitemap as a `<urlset>`. */
export async function sitemapFile(ctx: AppContext, origin: string, n: number, max = SITEMAP_MAX_URLS): Promise<string> {
  const { posts, today } = await sitemapFiles(ctx, max);
  const start = n * max;
  const end = start + max;
  const entries: string[] = [];
  if (start < posts) {
    for (const p of await openPostStamps(ctx.db, today, start, Math.min(end, posts) - start))
      entries.push(url(`${origin}/${p.kind === 'RECRUITMENT' ? 'recruitment' : 'study-group'}/${p.id}`, p.updated_at));
  }
  if (end > posts) {
    const from = Math.max(0, start - posts);
    for (const b of await boardStamps(ctx.db, from, end - posts - from))
      entries.push(url(`${origin}/boards/${b.id}`, b.updatedAt));
  }
  return `${XML}<urlset ${NS}>\n${entries.join('\n')}\n</urlset>\n`;
}

/** The index naming each file, when there is more than one. */
export function sitemapIndex(origin: string, files: number): string {
  const items = Array.from({ length: files }, (_, i) => `<sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`);
  return `${XML}<sitemapindex ${NS}>\n${items.join('\n')}\n</sitemapindex>\n`;
}
