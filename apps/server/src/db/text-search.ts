import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { codePoints } from '@app/contract';
import type { SearchTerms } from '@app/contract/search-names';

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

/** A searchable field: the text, its folded form and, for titles and nicknames, its initials (migration 0019). */
export interface SearchField {
  raw: SQL;
  folded: SQL;
  initials?: SQL;
}

/** The field of a column (written into the statement as given: a trusted name such as `p.title`). */
export function searchField(column: string, initials: boolean): SearchField {
  const raw = sql.raw(column);
  return {
    raw,
    folded: sql`search_fold(${raw})`,
    initials: initials ? sql`search_initials(${raw})` : undefined,
  };
}

/**
 * A match as the parts an index serves and the test of a row. Every part's test implies its index part, so
 * "any part's index and its test" is "any index part, and any test": the index parts make one BitmapOr and the
 * tests one filter, with no index expression computed again per row. `exact`: the index parts alone are the
 * match (2-character pieces, today's match), so no test is needed. The tests run cheapest first: the text as
 * stored (most matches are found so), then its folded form (computed per row), then the initials.
 */
export interface Match {
  index: SQL[];
  tests: SQL[];
  foldTests: SQL[];
  lateTests: SQL[];
  exact: boolean;
}

export const anyOf = (...matches: Match[]): Match => ({
  index: matches.flatMap((m) => m.index),
  tests: matches.flatMap((m) => m.tests),
  foldTests: matches.flatMap((m) => m.foldTests),
  lateTests: matches.flatMap((m) => m.lateTests),
  exact: matches.every((m) => m.exact),
});

/** A condition that is its own index part and test (a creator id among the matching users'). */
export const plainMatch = (condition: SQL): Match => ({
  index: [condition],
  tests: [condition],
  foldTests: [],
  lateTests: [],
  exact: true,
});

const or = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`);
const allTests = (m: Match) => [...m.tests, ...m.foldTests, ...m.lateTests];

/** The match as a condition an index serves (a set of matches). */
export const indexed = (m: Match): SQL => (m.exact ? or(m.index) : sql`(${or(m.index)} AND ${or(allTests(m))})`);

/** The match as a test of one row (a walk, a rank). */
export const rowTest = (m: Match): SQL => or(allTests(m));

/** Every 2-character piece of a keyword's white-space-free form (lower-cased by the database) in a folded text. */
const piecesIn = (folded: SQL, compact: string) =>
  sql`search_bigrams(${folded}) @> search_bigrams(search_fold(${compact}::text))`;

const patterns = (words: string[], lower: boolean) =>
  sql.join(
    words.map((w) => (lower ? sql`lower(${likePattern(w)}::text)` : sql`${likePattern(w)}::text`)),
    sql`, `,
  );

/**
 * What a keyword's match tests (docs/api.md §10.5), for the search's SQL and for the totals the database keeps
 * (migration 0023): the keyword and its other names as written (against the text as stored: LIKE, or ILIKE when a
 * word has case), the white-space-free words (against the folded text; a keyword under 2 characters without white
 * space has none, as no index could serve it) and a 초성 keyword's initials (titles and nicknames).
 */
export interface MatchWords {
  typed: string[];
  caseless: boolean;
  folded: string[];
  initials: string | null;
}

export function matchWords(keyword: string, terms: SearchTerms): MatchWords {
  const typed = [keyword, ...terms.written];
  return {
    typed,
    caseless: typed.every((w) => w.toLowerCase() === w.toUpperCase()),
    folded: codePoints(terms.compact) >= 2 ? [terms.compact, ...terms.names] : terms.names,
    initials: terms.initials,
  };
}

/** The words as the LIKE patterns the database keeps for a kept total (search_counts). */
export const keptPatterns = (w: MatchWords) => ({
  typed: sql`ARRAY[${patterns(w.typed, false)}]::text[]`,
  caseless: w.caseless,
  folded: w.folded.length > 0 ? sql`ARRAY[${patterns(w.folded, true)}]::text[]` : sql`ARRAY[]::text[]`,
  initials: w.initials === null ? null : likePattern(w.initials),
  syllables: w.initials === null ? 0 : codePoints(w.initials),
});

/**
 * docs/api.md §10.5 on one field: today's substring match; the keyword and the other names of its row compared
 * without white space (white space removed, lower-cased: search_fold); on titles and nicknames a 초성 keyword
 * against the initials. A keyword whose white-space-free form is under 2 characters keeps today's match alone
 * (no index could serve one character).
 */
export function fieldMatch(field: SearchField, keyword: string, terms: SearchTerms): Match {
  const m: Match = { index: [], tests: [], foldTests: [], lateTests: [], exact: true };
  const words = matchWords(keyword, terms);
  if (codePoints(terms.compact) < 2) m.index.push(containsKeyword(field.raw, keyword));
  for (const word of words.folded) {
    m.index.push(piecesIn(field.folded, word));
    if (codePoints(word) !== 2) m.exact = false;
  }
  // sufficient tests on the text as stored: the keyword as typed (today's match) and each other name as written
  m.tests.push(sql`${field.raw} ${sql.raw(words.caseless ? 'LIKE' : 'ILIKE')} ANY (ARRAY[${patterns(words.typed, false)}])`);
  if (words.folded.length > 0) m.foldTests.push(sql`${field.folded} LIKE ANY (ARRAY[${patterns(words.folded, true)}])`);
  if (words.initials && field.initials) {
    m.index.push(piecesIn(field.initials, words.initials));
    // k initials need k syllables: a text shorter than the keyword is dropped before its initials are computed
    const syllables = codePoints(words.initials);
    m.lateTests.push(
      sql`(char_length(${field.raw}) >= ${sql.raw(String(syllables))} AND ${field.initials} LIKE ${likePattern(words.initials)})`,
    );
    if (syllables !== 2) m.exact = false;
  }
  return m;
}

/** Today's match alone on a field (the first tier of order=relevance). */
export const exactMatch = (field: SearchField, keyword: string): SQL => likeKeyword(field.raw, keyword);
