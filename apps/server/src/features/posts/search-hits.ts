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

/** At most this many keywords are remembered per instance (each kind keeps 200 lists). */
const SEEN_KEPT_MAX = 1000;
const keptSeen = new WeakMap<AppContext, Set<string>>();

/**
 * Which keywords' last unfiltered search on this instance read a kept list: their next search asks for the list
 * alone first (search-queries.ts keptPage), and finds the matches anew only if it is gone.
 */
export function keptKeywords(ctx: AppContext) {
  let seen = keptSeen.get(ctx);
  if (!seen) keptSeen.set(ctx, (seen = new Set()));
  const key = (kind: PostKind, search: Search) => `${kind}:${search.keyword}`;
  return {
    likely: (kind: PostKind, search: Search) => seen.has(key(kind, search)),
    note(kind: PostKind, search: Search, kept: boolean) {
      if (!kept) seen.delete(key(kind, search));
      else if (!seen.has(key(kind, search))) {
        if (seen.size >= SEEN_KEPT_MAX) seen.delete(seen.values().next().value!);
        seen.add(key(kind, search));
      }
    },
  };
}
