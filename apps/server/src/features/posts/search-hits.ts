import type { AppContext } from '../../context.js';
import type { PostKind } from '../../db/schema/index.js';
import { KEEP_FROM, keepMatches } from './search-hits-queries.js';
import type { Search } from './search-match-queries.js';

/** One new keyword at a time per instance and kind, at least this far apart: listing one holds post writes back. */
const KEEP_EVERY_MS = 250;

/** What a search that found its matches anew does next: keep them when they were many, in the background. */
export function matchKeeper(ctx: AppContext, kind: PostKind) {
  let busy = false;
  let last = 0;
  return (search: Search, total: number) => {
    if (total < KEEP_FROM || busy || Date.now() - last < KEEP_EVERY_MS) return;
    busy = true;
    last = Date.now();
    keepMatches(ctx.db, kind, search.keyword)
      .catch((err: unknown) => ctx.log.warn({ err }, 'search: could not keep a keyword'))
      .finally(() => {
        busy = false;
      });
  };
}
