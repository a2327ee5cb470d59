import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { codePoints } from '@app/contract';

/** `%`, `_` and `\` in a keyword match literally (contract 3.3); backslash is LIKE's default escape. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The plain case-insensitive substring match, for conditions ORed across joined tables where no single
 * index can serve the whole condition and the bigram test would only add cost per row.
 */
export function likeKeyword(column: SQL | AnyColumn, keyword: string): SQL {
  const pattern = likePattern(keyword);
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  return caseless ? sql`${column} LIKE ${pattern}` : sql`${column} ILIKE ${pattern}`;
}

/**
 * A case-insensitive substring match of `keyword` in `column` that an index can serve:
 * 3+ characters use the column's trigram index, exactly 2 its bigram index (migration 0005).
 * Keywords without cased letters (Hangul, digits) use LIKE: the same matches, cheaper per row.
 */
export function containsKeyword(column: SQL | AnyColumn, keyword: string): SQL {
  const match = likeKeyword(column, keyword);
  if (codePoints(keyword) !== 2) return match;
  return sql`(text_bigrams(${column}) @> ARRAY[lower(${keyword}::text)] AND ${match})`;
}
