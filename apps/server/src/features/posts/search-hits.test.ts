import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { useTestApp } from '../../../test/helpers.js';
import { allSearchPages, createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { KEEP_FROM, KEPT_PER_KIND, keepMatches } from './search-hits-queries.js';

/**
 * A frequent keyword's matches are kept by the database (search-hits.ts, migration 0023): once listed, every post
 * write and nickname change keeps the list right, so its searches answer exactly what finding the matches anew
 * answers: the same total and the same pages, for every search type.
 */
const t = useTestApp({ now: NOON_SEOUL, env: { READ_CACHE: 'off' } });
const TYPES = ['all', 'title', 'content', 'creator'] as const;
const KEYWORDS = ['자바', 'ㅈㅂ', 'React', '스프링 부트'];

const allPages = (keyword: string, type: string) =>
  allSearchPages(t, `searchType=${type}&keyword=${encodeURIComponent(keyword)}`);

const answers = async () => {
  const out: Record<string, { ids: number[]; total: number }> = {};
  for (const keyword of KEYWORDS) for (const type of TYPES) out[`${keyword}/${type}`] = await allPages(keyword, type);
  return out;
};

const keptLists = async () =>
  (
    await queryRows<{ keyword: string; n: string | number }>(
      t.db,
      sql`SELECT e.keyword, count(h.post_id) AS n FROM search_keywords e LEFT JOIN search_hits h ON h.keyword_id = e.id
          GROUP BY e.keyword ORDER BY e.keyword`,
    )
  ).map((r) => ({ keyword: r.keyword, n: Number(r.n) }));

/** Each entry's kept totals (its pending moves added) and its list counted, per search type. */
const keptTotals = async () =>
  queryRows<{ keyword: string; kept: number[] | null; counted: number[] }>(
    t.db,
    sql`SELECT e.keyword,
          ARRAY[e.n_all + coalesce(p.n_all, 0), e.n_title + coalesce(p.n_title, 0),
                e.n_content + coalesce(p.n_content, 0), e.n_creator + coalesce(p.n_creator, 0)]::int[] AS kept,
          ARRAY[(SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id),
                (SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id AND (h.fields & 1) <> 0),
                (SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id AND (h.fields & 2) <> 0),
                (SELECT count(*) FROM search_hits h WHERE h.keyword_id = e.id AND (h.fields & 4) <> 0)]::int[] AS counted
        FROM search_keywords e LEFT JOIN (
          SELECT keyword_id, sum(n_all) AS n_all, sum(n_title) AS n_title, sum(n_content) AS n_content,
                 sum(n_creator) AS n_creator
          FROM search_totals_pending GROUP BY keyword_id) p ON p.keyword_id = e.id
        ORDER BY e.keyword`,
  );

const forget = async () => {
  await t.db.execute(sql`DELETE FROM search_hits`);
  await t.db.execute(sql`DELETE FROM search_keywords`);
};

describe('kept matches', () => {
  it('answer as finding the matches anew does, after creates, edits, hides, deletes and nickname changes', async () => {
    const javaFan = await t.user('자바왕');
    const plain = await t.user('평범');
    await t.db.execute(sql`
      INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                              inactive, views, created_at, updated_at, hidden_at)
      SELECT 'RECRUITMENT', CASE WHEN g % 5 = 0 THEN ${javaFan.id} ELSE ${plain.id} END::int,
             (ARRAY['자바 스터디 ', 'Java 백엔드 ', '리액트 프로젝트 ', '스프링부트 실전 '])[1 + g % 4] || g,
             (ARRAY['React 와 Spring Boot', '자 바 공부', '설명'])[1 + g % 3],
             '주제', 5, 1, DATE '2025-07-01', false, 0,
             TIMESTAMPTZ '2025-05-01T00:00:00Z' + g * interval '1 minute', now(),
             CASE WHEN g % 11 = 0 THEN now() END
      FROM generate_series(1, 80) g`);
    const before = await answers();
    for (const keyword of KEYWORDS) await keepMatches(t.db, 'RECRUITMENT', keyword);
    expect((await keptLists()).map((r) => r.keyword).sort()).toEqual([...KEYWORDS].sort());
    expect(await answers()).toEqual(before);

    // writes after the lists were made
    const created = await createRecruitment(t, plain, { title: '새 자바 글', description: 'React Native 앱' });
    const ids = (await queryRows<{ id: number; title: string }>(t.db, sql`SELECT id, title FROM base_posts ORDER BY id`)).map(
      (r) => r.id,
    );
    await t.db.execute(sql`UPDATE base_posts SET title = '파이썬 스터디' WHERE id = ${ids[3]!}`);
    await t.db.execute(sql`UPDATE base_posts SET description = '스프링 부트 입문' WHERE id = ${ids[1]!}`);
    await t.db.execute(sql`UPDATE base_posts SET hidden_at = now() WHERE id = ${ids[4]!}`);
    await t.db.execute(sql`UPDATE base_posts SET hidden_at = NULL WHERE id = ${ids[10]!}`);
    await t.db.execute(sql`UPDATE base_posts SET views = views + 1 WHERE id = ${ids[0]!}`);
    const gone = await t.delete(`/api/recruitments/${created.id}`, { token: plain.token });
    expect(gone.statusCode, gone.body).toBe(204);
    await createRecruitment(t, javaFan, { title: '리액트 모집', description: '설명' });
    await t.db.execute(sql`DELETE FROM base_posts WHERE id = ${ids[7]!}`);
    await t.db.execute(sql`UPDATE users SET nickname = '리액트덕후' WHERE id = ${plain.id}`);
    await t.db.execute(sql`UPDATE users SET nickname = '코딩왕' WHERE id = ${javaFan.id}`);

    const kept = await answers();
    expect((await keptLists()).map((r) => r.keyword).sort()).toEqual([...KEYWORDS].sort());
    const totals = await keptTotals();
    for (const row of totals) expect(row.kept, row.keyword).toEqual(row.counted);
    expect(totals.find((r) => r.keyword === 'React')!.kept).toEqual([
      kept['React/all']!.total,
      kept['React/title']!.total,
      kept['React/content']!.total,
      kept['React/creator']!.total,
    ]);
    const lists = new Map((await keptLists()).map((r) => [r.keyword, r.n]));
    for (const keyword of KEYWORDS) expect(kept[`${keyword}/all`]!.total).toBe(lists.get(keyword));
    await forget();
    const anew = await answers();
    expect(kept).toEqual(anew);
    // the writes did move the answers
    expect(anew['React/creator']!.total).toBeGreaterThan(before['React/creator']!.total);
    expect(anew['ㅈㅂ/creator']!.total).toBe(0);
  });

  it("a keyword's next search reads its list alone, and finds its matches anew once the list is gone", async () => {
    await keepMatches(t.db, 'RECRUITMENT', '자바');
    const url = `/api/recruitments/search?searchType=title&keyword=${encodeURIComponent('자바')}`;
    const alone = (statements: string[]) => statements.filter((s) => s.startsWith('WITH k AS MATERIALIZED')).length;
    const first = await t.countQueries(() => t.get(url));
    expect(alone(first.statements)).toBe(0);
    const second = await t.countQueries(() => t.get(url));
    expect(alone(second.statements)).toBe(1);
    expect(second.statements).toHaveLength(first.statements.length);
    expect(second.result.json()).toEqual(first.result.json());
    const page2 = `${url}&page=1`;
    expect((await t.get(page2)).json().content).toEqual(
      (await allPages('자바', 'title')).ids.slice(16, 32).map((id) => expect.objectContaining({ id })),
    );

    await forget();
    const anew = await t.countQueries(() => t.get(url));
    expect(anew.result.json()).toEqual(first.result.json());
    expect(alone(anew.statements)).toBe(1);
    const after = await t.countQueries(() => t.get(url));
    expect(alone(after.statements)).toBe(0);
  });

  it('an entry whose totals are not known (listed by an older build) answers by counting its list', async () => {
    for (const keyword of KEYWORDS) await keepMatches(t.db, 'RECRUITMENT', keyword);
    const listed = await answers();
    await t.db.execute(sql`UPDATE search_keywords SET n_all = NULL, n_title = NULL, n_content = NULL, n_creator = NULL`);
    await createRecruitment(t, await t.user('자바초보'), { title: '자바 모집', description: '리액트' });
    expect((await keptTotals()).every((r) => r.kept === null || r.kept.every((n) => n === null))).toBe(true);
    const counted = await answers();
    expect(counted['자바/all']!.total).toBe(listed['자바/all']!.total + 1);
    expect(counted['자바/creator']!.total).toBe(listed['자바/creator']!.total + 1);
    await forget();
    expect(await answers()).toEqual(counted);
  });

  it('are made in the background by a search that found many matches, and only by an unfiltered one', async () => {
    await forget();
    const author = await t.user('도커작성자');
    await t.db.execute(sql`
      INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                              inactive, views, created_at, updated_at)
      SELECT 'STUDY_GROUP', ${author.id}, '쿠버네티스 모임 ' || g, '설명', '주제', 5, 1, DATE '2025-07-01', false, 0,
             TIMESTAMPTZ '2025-05-02T00:00:00Z' + g * interval '1 minute', now()
      FROM generate_series(1, ${KEEP_FROM}) g`);
    const filtered = await t.get(`/api/study-groups/search?keyword=${encodeURIComponent('쿠버네티스')}&open=true`);
    expect(filtered.statusCode, filtered.body).toBe(200);
    const few = await t.get(`/api/study-groups/search?keyword=${encodeURIComponent('모임 1')}`);
    expect(few.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await keptLists()).toEqual([]);

    const res = await t.get(`/api/study-groups/search?searchType=title&keyword=${encodeURIComponent('쿠버네티스')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalElements).toBe(KEEP_FROM);
    await expect.poll(keptLists, { timeout: 5000 }).toEqual([{ keyword: '쿠버네티스', n: KEEP_FROM }]);
    const again = await t.get(`/api/study-groups/search?searchType=title&keyword=${encodeURIComponent('쿠버네티스')}`);
    expect(again.json()).toEqual(res.json());
  });

  it('are spaced when a search asks: the next list waits after the last one, whichever keyword', async () => {
    await forget();
    expect(await keepMatches(t.db, 'STUDY_GROUP', '쿠버네티스', true)).toBe(true);
    expect(await keepMatches(t.db, 'RECRUITMENT', '자바', true)).toBe(false);
    expect(await keepMatches(t.db, 'STUDY_GROUP', '쿠버네티스', true)).toBe(false);
    expect((await keptLists()).map((r) => r.keyword)).toEqual(['쿠버네티스']);
    await t.db.execute(sql`UPDATE search_keywords SET listed_at = listed_at - interval '2 seconds'`);
    expect(await keepMatches(t.db, 'RECRUITMENT', '자바', true)).toBe(true);
  });

  it('keep the newest keywords of a kind, each list gone with its keyword', async () => {
    await forget();
    for (let i = 0; i <= KEPT_PER_KIND; i++) await keepMatches(t.db, 'STUDY_GROUP', `쿠버네티스 모임 ${i + 1}`);
    const lists = await queryRows<{ keyword: string }>(t.db, sql`SELECT keyword FROM search_keywords ORDER BY id`);
    expect(lists).toHaveLength(KEPT_PER_KIND);
    expect(lists[0]!.keyword).toBe('쿠버네티스 모임 2');
    const orphans = await queryRows<{ n: string | number }>(
      t.db,
      sql`SELECT count(*) AS n FROM search_hits WHERE keyword_id NOT IN (SELECT id FROM search_keywords)`,
    );
    expect(Number(orphans[0]!.n)).toBe(0);
  });
});
