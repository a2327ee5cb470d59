import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { codePoints } from '@app/contract';

/** `%`, `_` and `\` in a keyword match literally (docs/api.md §3.3); backslash is LIKE's default escape. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The same match as `containsKeyword`, tested on each row read rather than through an index: for a walk down
 * another index. LIKE for keywords without cased letters (Hangul, digits): the same matches as ILIKE, cheaper
 * per row. (ILIKE lower-cases both sides, as the bigram test does.)
 */
export function likeKeyword(column: SQL | AnyColumn, keyword: string): SQL {
  const pattern = likePattern(keyword);
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  return caseless ? sql`${column} LIKE ${pattern}` : sql`${column} ILIKE ${pattern}`;
}

/**
 * A case-insensitive substring match of `keyword` in `column` that an index can serve:
 * 3+ characters use the column's trigram index, exactly 2 its bigram index (migration 0005).
 * For 2 characters the bigram test alone is the whole match (the lower-cased text contains the lower-cased
 * keyword exactly when its bigram set holds it); adding LIKE would let the planner AND in the trigram
 * index, which matches everything for 2 characters and forces a recheck of text_bigrams() per row.
 */
export function containsKeyword(column: SQL | AnyColumn, keyword: string): SQL {
  if (codePoints(keyword.toLowerCase()) !== 2) return likeKeyword(column, keyword);
  return sql`text_bigrams(${column}) @> ARRAY[lower(${keyword}::text)]`;
}
