import { sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@app/contract';
import { queryRowsPlannedOnce, type Db } from '../../db/client.js';
import type { PostKind } from '../../db/schema/index.js';
import { limitOffset, pageCount } from '../../db/paging-sql.js';
import type { PageRequest } from '../../lib/paging.js';
import { searchTerms } from '@app/contract/search-names';
import { exactMatch, fieldMatch, indexed, rowTest, searchField, type SearchField } from '../../db/text-search.js';
import {
  kindIs,
  listColumns,
  notHidden,
  openCondition,
  orderBy,
  pageBesideTotal,
  pageRowsOf,
  stackCondition,
  type PostListRow,
  type RowsBesideTotal,
} from './queries.js';
import { keepable, keptHits, keptKeyword, keptTotal } from './search-hits-queries.js';
import { DESCRIPTION, keywordCondition, NICKNAME, TITLE, type Search } from './search-match-queries.js';

export type { Search } from './search-match-queries.js';

/**
 * order=relevance (docs/api.md §10.5): the first field that matches (title, creator, description), within it
 * today's substring match before the spacing, 초성 and other-name matches; then newest. Read per match on `p`
 * (the post) and `u` (its creator). A field whose index parts are its whole match (2-character pieces: a two-letter
 * 초성 keyword) is read as membership in its set of matches, found once through the index (a hashed subplan):
 * testing every match would compute each one's initials. Other fields are tested per match, which reads fewer rows
 * than finding and testing their candidates again.
 */
function relevanceRank(kind: PostKind, { type, keyword }: Search): SQL {
  const terms = searchTerms(keyword);
  const tiers: Array<{ exact: SQL; extended: SQL }> = [];
  const tier = (onMatch: SearchField, indexedField: SearchField, members: (condition: SQL) => SQL) => {
    const match = fieldMatch(indexedField, keyword, terms);
    return {
      exact: exactMatch(onMatch, keyword),
      extended: match.exact ? members(indexed(match)) : rowTest(fieldMatch(onMatch, keyword, terms)),
    };
  };
  const posts = (condition: SQL) => sql`p.id IN (SELECT id FROM base_posts WHERE ${kindIs(kind)} AND ${condition})`;
  if (type === 'all' || type === 'title') tiers.push(tier(searchField('p.title', true), TITLE, posts));
  if (type === 'all' || type === 'creator')
    tiers.push(
      tier(
        searchField('u.nickname', true),
        NICKNAME,
        (condition) => sql`p.creator_id IN (SELECT id FROM users WHERE ${condition})`,
      ),
    );
  if (type === 'all' || type === 'content') tiers.push(tier(searchField('p.description', false), DESCRIPTION, posts));
  const cases: SQL[] = [];
  tiers.forEach((t, i) => {
    cases.push(sql`WHEN ${t.exact} THEN ${sql.raw(String(i * 2))}`);
    cases.push(sql`WHEN ${t.extended} THEN ${sql.raw(String(i * 2 + 1))}`);
  });
  return sql`CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(tiers.length * 2))} END`;
}

/** The matches of a search: through a bitmap of the title, description and nickname GIN indexes. */
function matching(kind: PostKind, today: string, search: Search, filter: ListFilter): SQL {
  const conditions = [kindIs(kind), notHidden('base_posts.id'), keywordCondition(search, 'indexed')];
  if (filter.stacks.length > 0) conditions.push(stackCondition(filter.stacks, sql`base_posts.id`));
  if (filter.open) conditions.push(openCondition(today));
  return sql`SELECT id, created_at, views FROM base_posts WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * The exact total, and how to find the page. A keyword whose matches are kept (search-hits-queries.ts; `kept` is its id or
 * NULL) reads its kept total and pages its list. Else the matches (`m`) are counted, and when they are dense enough that walking the
 * kind's posts in the page's order reads fewer rows than there are matches (expected rows x 2 <= matches), the
 * page is walked, reading at most 4 x the expected rows (at most as many as there are matches).
 */
const plan = (kind: PostKind, page: PageRequest, search: Search, kept: SQL) => sql`
  counted AS MATERIALIZED (
    SELECT k.id AS kept_id,
      CASE WHEN k.id IS NOT NULL THEN ${keptTotal(sql`k.id`, search)}
           ELSE (SELECT count(*) FROM m) END AS n,
      (SELECT n FROM post_kind_counts WHERE ${kindIs(kind)}) AS posts
    FROM (SELECT ${kept}::int AS id) k),
  plan AS MATERIALIZED (
    SELECT n, wanted, kept_id, (kept_id IS NULL AND wanted > 0 AND walk_rows * 2 <= n) AS walk,
      ceil(least(walk_rows * 4, n))::int AS walk_limit
    FROM (SELECT n, wanted, kept_id,
            (${pageCount(page, page.offset)} + wanted)::float8 * posts / greatest(n, 1) AS walk_rows
          FROM (SELECT n, least(${pageCount(page, page.size)}, n - ${pageCount(page, page.offset)}) AS wanted, posts, kept_id
                FROM counted) c) w)`;

/**
 * The page by walking the kind's posts in the page's order (the list indexes) and testing each row read:
 * a frequent keyword fills a page after a few dozen rows, where the set of matches would be read and sorted
 * whole. Runs only when the plan says so.
 */
function walked(kind: PostKind, today: string, search: Search, filter: ListFilter, page: PageRequest) {
  const where = [kindIs(kind, 'p.kind'), sql`(SELECT walk FROM plan)`, notHidden()];
  if (filter.open) where.push(openCondition(today));
  const hits = [sql`w.hit`];
  if (filter.stacks.length > 0) hits.push(stackCondition(filter.stacks, sql`w.id`));
  return sql`
  walked AS MATERIALIZED (
    SELECT w.id FROM (
      SELECT p.id, p.created_at, p.views, ${keywordCondition(search, 'row')} AS hit FROM base_posts p
      WHERE ${sql.join(where, sql` AND `)} ORDER BY ${orderBy(filter.order, 'p.')} LIMIT (SELECT walk_limit FROM plan)
    ) w WHERE ${sql.join(hits, sql` AND `)} ORDER BY ${orderBy(filter.order, 'w.')} ${limitOffset(page)})`;
}

/** A page of a search, its exact total, and whether it was read from kept matches (else they were found anew). */
export interface SearchPage {
  rows: PostListRow[];
  total: number;
  kept: boolean;
}

/**
 * A page of a search and its exact total, in one statement. A kept keyword's total and page come from its list.
 * Else the set of matches is found once (a bitmap of the text indexes, no sort; MATERIALIZED keeps the planner on
 * them) and counted, and the page is walked (see \`plan\`) or sorted from that set; a walk that comes up short
 * (matches bunched in older posts) is dropped whole and the sort runs instead. The parts not needed never run: each
 * is gated on the plan, the kept list's part too: a plan made while the lists were empty may read them whole (a
 * scan, on a server where nothing analyzes them since), and a gated part is never started. Every page row carries
 * the total; with no page rows, one row of the total alone.
 */
export async function searchPosts(
  db: Db,
  kind: PostKind,
  today: string,
  page: PageRequest,
  search: Search,
  filter: ListFilter,
  likelyKept = false,
): Promise<SearchPage> {
  if (likelyKept && keepable(filter)) {
    const found = await keptPage(db, kind, today, page, search);
    if (found) return found;
  }
  const matched = matching(kind, today, search, filter);
  if (filter.order === 'relevance') return { ...(await relevancePage(db, kind, today, page, search, matched)), kept: false };
  const kept = keepable(filter) ? keptKeyword(kind, search) : sql`NULL`;
  const rows = await queryRowsPlannedOnce<PostListRow & { total: number | string; kept: boolean }>(
    db,
    sql`WITH m AS MATERIALIZED (${matched}), ${plan(kind, page, search, kept)},
      ${walked(kind, today, search, filter, page)},
      page AS (
        (SELECT h.post_id AS id FROM ${keptHits(sql`(SELECT kept_id FROM plan)`, search)} AND (SELECT kept_id FROM plan) IS NOT NULL
         ORDER BY h.created_at DESC, h.post_id DESC ${limitOffset(page)})
        UNION ALL
        SELECT id FROM walked WHERE (SELECT count(*) FROM walked) >= (SELECT wanted FROM plan)
        UNION ALL
        (SELECT id FROM m WHERE (SELECT kept_id IS NULL AND wanted > (SELECT count(*) FROM walked) FROM plan)
         ORDER BY ${orderBy(filter.order)} ${limitOffset(page)}))
      SELECT plan.n AS total, plan.kept_id IS NOT NULL AS kept, r.* FROM plan LEFT JOIN LATERAL (
        SELECT ${listColumns(today)} FROM page JOIN base_posts p ON p.id = page.id JOIN users u ON u.id = p.creator_id
      ) r ON true
      ORDER BY ${orderBy(filter.order, 'r.')}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((r) => r.id !== null), total, kept: rows[0]?.kept === true };
}

/**
 * The page and total of a kept keyword's search from its list alone, as the kept branch of `searchPosts`' statement
 * answers them; null when the keyword is not kept. A statement of a few parts: PostgreSQL starts the whole one's
 * plan (its every part, run or not) in twice the time it takes to answer from a list (measured 610 against 270 us).
 */
async function keptPage(db: Db, kind: PostKind, today: string, page: PageRequest, search: Search): Promise<SearchPage | null> {
  const keywordId = sql`(SELECT id FROM k)`;
  const pageIds = sql`SELECT h.post_id AS id FROM ${keptHits(keywordId, search)}
    ORDER BY h.created_at DESC, h.post_id DESC ${limitOffset(page)}`;
  // NULL when the keyword is not kept: a kept total is never NULL (it is counted when not known)
  const total = sql`SELECT CASE WHEN ${keywordId} IS NOT NULL THEN ${keptTotal(keywordId, search)} END`;
  const rows = await queryRowsPlannedOnce<RowsBesideTotal[number]>(
    db,
    sql`WITH k AS MATERIALIZED (SELECT ${keptKeyword(kind, search)}::int AS id)
      ${pageBesideTotal(today, pageIds, total, 'latest')}`,
  );
  if (rows[0]?.total === null || rows[0]?.total === undefined) return null;
  return { rows: pageRowsOf(rows), total: Number(rows[0].total), kept: true };
}

/**
 * A page in order=relevance: the matches counted and ranked as a set (the rank needs every match's fields, so
 * there is no walk), then the page's rows.
 */
async function relevancePage(
  db: Db,
  kind: PostKind,
  today: string,
  page: PageRequest,
  search: Search,
  matched: SQL,
): Promise<{ rows: PostListRow[]; total: number }> {
  const rows = await queryRowsPlannedOnce<PostListRow & { total: number | string; search_rank: number }>(
    db,
    sql`WITH m AS MATERIALIZED (${matched}),
      page AS MATERIALIZED (
        SELECT p.id, ${relevanceRank(kind, search)} AS search_rank FROM m JOIN base_posts p ON p.id = m.id
          JOIN users u ON u.id = p.creator_id
        ORDER BY search_rank, p.created_at DESC, p.id DESC ${limitOffset(page)})
      SELECT (SELECT count(*) FROM m) AS total, r.* FROM (SELECT 1) one LEFT JOIN LATERAL (
        SELECT ${listColumns(today)}, page.search_rank FROM page JOIN base_posts p ON p.id = page.id
          JOIN users u ON u.id = p.creator_id
      ) r ON true
      ORDER BY r.search_rank, r.created_at DESC, r.id DESC`,
  );
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((r) => r.id !== null), total };
}
