import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { containsKeyword } from '../../db/text-search.js';
import { useTestApp } from '../../../test/helpers.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL });
beforeAll(async () => {
  const author = await t.user('고랭개발자');
  await createRecruitment(t, author, { title: 'GOLANG 백엔드', description: '자바스크립트 없이 갑니다' });
  await createRecruitment(t, author, { title: '웹 프론트', description: '리액트와 타입스크립트' });
  await createRecruitment(t, author, { title: '달성률 50%', description: 'snake_case 규칙' });
});

const titles = async (url: string) =>
  ((await t.get(url)).json() as { content: Array<{ title: string }> }).content.map((p) => p.title);

/** Rolls the test's DDL back. */
class PlanFound extends Error {
  constructor(readonly plan: string) {
    super('rolled back');
  }
}

/**
 * The plan of a query when an index can serve it. The test tables are tiny, where a scan or the btree on
 * `kind` is cheaper: both are taken away inside a transaction that is rolled back.
 */
async function planOf(query: SQL): Promise<string> {
  try {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(
        sql`DROP INDEX base_posts_list_idx, base_posts_views_idx, base_posts_open_list_idx, base_posts_open_views_idx, base_posts_popular_idx`,
      );
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
      throw new PlanFound(rows.map((r) => r['QUERY PLAN']).join('\n'));
    });
  } catch (err) {
    if (err instanceof PlanFound) return err.plan;
    throw err;
  }
  throw new Error('unreachable');
}

describe('2-character keywords', () => {
  it('match inside words and case-insensitively, in every column', async () => {
    const q = encodeURIComponent;
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('Go')}`)).toEqual(['GOLANG 백엔드']);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('바스')}`)).toEqual(['GOLANG 백엔드']);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('립트')}`)).toEqual([
      '웹 프론트',
      'GOLANG 백엔드',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=creator&keyword=${q('랭개')}`)).toHaveLength(3);
    expect(await titles(`/api/recruitments/search?keyword=${q('엔드')}`)).toEqual(['GOLANG 백엔드']);
  });

  it('match %, _ and \\ literally', async () => {
    const q = encodeURIComponent;
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('0%')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('%')}${q('%')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('E_')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?keyword=${q('_c')}`)).toEqual(['달성률 50%']);
    expect(await titles(`/api/recruitments/search?keyword=${q('\\s')}`)).toEqual([]);
  });

  it('are served by the bigram indexes (per kind for posts), not by a scan; 3+ characters by the trigram ones', async () => {
    const recruitments = sql`kind = 'RECRUITMENT' AND `;
    const studyGroups = sql`kind = 'STUDY_GROUP' AND `;
    const cases: Array<[string, string, string, string, SQL?]> = [
      ['base_posts', 'title', '자바', 'base_posts_recruitment_title_bigram_idx', recruitments],
      ['base_posts', 'description', '자바', 'base_posts_study_description_bigram_idx', studyGroups],
      ['base_posts', 'title', '자바스', 'base_posts_study_title_trgm_idx', studyGroups],
      ['base_posts', 'description', '자바스', 'base_posts_recruitment_description_trgm_idx', recruitments],
      ['users', 'nickname', '자바', 'users_nickname_bigram_idx'],
      ['boards', 'title', '자바', 'boards_title_bigram_idx'],
      ['boards', 'content', '자바', 'boards_content_bigram_idx'],
    ];
    for (const [table, column, keyword, index, kind] of cases) {
      const plan = await planOf(
        sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${kind ?? sql``}${containsKeyword(sql`${sql.identifier(column)}`, keyword)}`,
      );
      expect(plan).toContain(index);
    }
  });
});

describe('search_bigrams (migration 0025)', () => {
  it("gives the set of 2-character pieces the regular-expression form gave, the indexes' keys", async () => {
    const texts = [
      '',
      'a',
      'ab',
      'aaaa',
      'a\nb',
      '🔥🔥🔥',
      'ㅈㅂ ㅅ',
      'e\u0301x',
      '스프링 부트 Spring Boot',
      '50%_\\ 달성',
      'x'.repeat(300),
    ];
    const rows = await queryRows<{ now: string[]; before: string[] }>(
      t.db,
      sql`SELECT coalesce((SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(search_bigrams(s)) x), '{}') AS now,
            coalesce((SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) FROM (
              SELECT regexp_matches(s, '..', 'g') AS m UNION ALL SELECT regexp_matches(substr(s, 2), '..', 'g')) r), '{}') AS before
          FROM unnest(ARRAY[${sql.join(
            texts.map((text) => sql`${text}::text`),
            sql`, `,
          )}]) s`,
    );
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) expect(row.now).toEqual(row.before);
    expect(rows[2]!.now).toEqual(['ab']);
  });
});
