import type { AppContext } from '../../context.js';
import type { PostKind } from '../../db/schema/index.js';
import { KEEP_FROM, keepMatches } from './search-hits-queries.js';
import type { Search } from './search-match-queries.js';

/**
 * One keyword listed at a time per instance, asked at most once a second; the database spaces the lists of all
 * instances (search-hits-queries.ts). Listing one holds post writes back while it runs: 0.15 to 0.4 s for 7,000 to
 * 15,000 matches at 100,000 posts, about 1 s for a 초성 keyword's.
 */
const KEEP_EVERY_MS = 1000;
const keepers = new WeakMap<AppContext, (kind: PostKind, search: Search, total: number) => void>();

/** What a search that found its matches anew does next: keep them when they were many, in the background. */
export function matchKeeper(ctx: AppContext) {
  const existing = keepers.get(ctx);
  if (existing) return existing;
  let busy = false;
  let last = 0;
  const keep = (kind: PostKind, search: Search, total: number) => {
    if (total < KEEP_FROM || busy || Date.now() - last < KEEP_EVERY_MS) return;
    busy = true;
    last = Date.now();
    keepMatches(ctx.db, kind, search.keyword, true)
      .catch((err: unknown) => ctx.log.warn({ err }, 'search: could not keep a keyword'))
      .finally(() => {
        busy = false;
      });
  };
  keepers.set(ctx, keep);
  return keep;
}
