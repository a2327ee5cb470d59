import { sql, type SQL } from 'drizzle-orm';
import type { ListFilter, SearchType } from '@app/contract';
import { searchTerms } from '@app/contract/search-names';
import { queryRows, type Db } from '../../db/client.js';
import { LOCK, lockExclusive } from '../../db/locks.js';
import type { PostKind } from '../../db/schema/index.js';
import { keptPatterns, matchWords } from '../../db/text-search.js';
import { kindIs } from './queries.js';
import { keywordCondition, type Search } from './search-match-queries.js';

/**
 * Frequent keywords' matches, kept by the database (migration 0023): a search that found at least KEEP_FROM matches,
 * unfiltered, gets its keyword's matches listed, so the same keyword's searches later count and page that list
 * instead of testing their matches one by one.
 */
export const KEEP_FROM = 1000;
/** Keywords per kind, newest kept: every post write tests itself against each keyword of its kind. */
export const KEPT_PER_KIND = 200;

/** search_hits.fields: which of the post's texts matched. */
const FIELD_BITS: Record<Exclude<SearchType, 'all'>, number> = { title: 1, content: 2, creator: 4 };
/** search_keywords' kept total of each search type. */
const TOTAL_COLUMNS: Record<SearchType, string> = { all: 'n_all', title: 'n_title', content: 'n_content', creator: 'n_creator' };

/** A filter's total and page are always found anew: only the unfiltered, newest-first search reads a kept list. */
export const keepable = (filter: ListFilter) => !filter.open && filter.stacks.length === 0 && filter.order === 'latest';

/** The id of the keyword's kept list, or NULL. */
export const keptKeyword = (kind: PostKind, search: Search): SQL =>
  sql`(SELECT id FROM search_keywords WHERE kind = ${kind} AND keyword = ${search.keyword})`;

/**
 * The exact total of kept list `keywordId` for the search's type, kept by the database with the list (migration
 * 0024) and read in two lookups; counted from the list when the entry's totals are not known (NULL).
 */
export function keptTotal(keywordId: SQL, search: Search): SQL {
  const column = sql.raw(TOTAL_COLUMNS[search.type]);
  return sql`coalesce(
    (SELECT e.${column} + coalesce((SELECT sum(p.${column}) FROM search_totals_pending p WHERE p.keyword_id = e.id), 0)
     FROM search_keywords e WHERE e.id = ${keywordId}),
    (SELECT count(*) FROM ${keptHits(keywordId, search)}))`;
}

/** The rows of kept list `keywordId` that match the search's type (each type has its index: migration 0023). */
export function keptHits(keywordId: SQL, search: Search): SQL {
  const field = search.type === 'all' ? sql`` : sql` AND (h.fields & ${sql.raw(String(FIELD_BITS[search.type]))}) <> 0`;
  return sql`search_hits h WHERE h.keyword_id = ${keywordId}${field}`;
}

/**
 * While a list is made every post write waits, so lists are spaced, whichever instance asks: after one ends, the
 * next waits this many times as long as it took (a second from its start at least). Writes are then held back at
 * most a fifth of the time, however many dense keywords are searched.
 */
const LISTING_SPACING = 4;

/**
 * Lists the keyword's matches (every shown post of the kind that matches it in any field, with the fields), while
 * no post or nickname write runs (they wait for the lock); the oldest keyword of the kind makes room when it is full.
 * `spaced`: not if the last list was made too recently (LISTING_SPACING). Whether it listed.
 */
export async function keepMatches(db: Db, kind: PostKind, keyword: string, spaced = false): Promise<boolean> {
  const p = keptPatterns(matchWords(keyword, searchTerms(keyword)));
  const row = (type: SearchType) => keywordCondition({ type, keyword }, 'row');
  return db.transaction(async (tx) => {
    await lockExclusive(tx, LOCK.searchHits, 0);
    const [state] = await queryRows<{ kept: boolean; recent: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM search_keywords WHERE kind = ${kind} AND keyword = ${keyword}) AS kept,
            EXISTS (SELECT 1 FROM search_keywords
                    WHERE listed_at > now() - greatest(1000, ${LISTING_SPACING + 1} * listing_ms) * interval '1 ms') AS recent`,
    );
    if (state!.kept || (spaced && state!.recent)) return false;
    await tx.execute(
      sql`WITH gone AS (DELETE FROM search_keywords WHERE id IN (
            SELECT id FROM search_keywords WHERE kind = ${kind} ORDER BY id DESC OFFSET ${KEPT_PER_KIND - 1}) RETURNING id),
          pending AS (DELETE FROM search_totals_pending WHERE keyword_id IN (SELECT id FROM gone))
          DELETE FROM search_hits WHERE keyword_id IN (SELECT id FROM gone)`,
    );
    await tx.execute(
      sql`WITH e AS (
          INSERT INTO search_keywords (kind, keyword, typed, typed_caseless, folded, initials, syllables)
          VALUES (${kind}, ${keyword}, ${p.typed}, ${p.caseless}, ${p.folded}, ${p.initials}, ${p.syllables}) RETURNING id)
        INSERT INTO search_hits (keyword_id, post_id, created_at, fields)
        SELECT (SELECT id FROM e), id, created_at, (t::int + 2 * d::int + 4 * c::int)::smallint
        FROM (SELECT id, created_at, ${row('title')} AS t, ${row('content')} AS d, ${row('creator')} AS c FROM base_posts
              WHERE ${kindIs(kind)} AND hidden_at IS NULL AND ${keywordCondition({ type: 'all', keyword }, 'indexed')}) x`,
    );
    await tx.execute(
      sql`UPDATE search_keywords e SET listing_ms = (extract(epoch FROM clock_timestamp() - now()) * 1000)::int,
            n_all = t.n_all, n_title = t.n_title, n_content = t.n_content, n_creator = t.n_creator
          FROM (SELECT count(*) AS n_all, count(*) FILTER (WHERE (fields & 1) <> 0) AS n_title,
                  count(*) FILTER (WHERE (fields & 2) <> 0) AS n_content, count(*) FILTER (WHERE (fields & 4) <> 0) AS n_creator
                FROM search_hits WHERE keyword_id = (SELECT id FROM search_keywords WHERE kind = ${kind} AND keyword = ${keyword})) t
          WHERE e.kind = ${kind} AND e.keyword = ${keyword}`,
    );
    return true;
  });
}
