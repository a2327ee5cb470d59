import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { allSearchPages, createRecruitment, NOON_SEOUL, recruitmentBody } from '../../../test/fixtures/posts.js';

/**
 * A search's page is found by walking the posts in order when the matches are dense, by sorting the matches
 * when they are sparse, and by sorting after a walk that came up short (search-queries.ts). Whichever way,
 * a person sees the same pages: every match once, in the page's order, with the exact total.
 * 400 recruitments, one a minute (id order = age order): every third has "자바스크립트" in its title, the oldest
 * 120 have "코틀린" in theirs, the oldest 115 and the newest 5 "스칼라", and views repeat 0-6.
 */
const t = useTestApp({ now: NOON_SEOUL });
const POSTS = 400;
interface Seeded {
  id: number;
  title: string;
  views: number;
}
let posts: Seeded[] = [];

beforeAll(async () => {
  const author = await t.user('검색작성자');
  await t.db.execute(sql`
    INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                            inactive, views, created_at, updated_at)
    SELECT 'RECRUITMENT', ${author.id},
           CASE WHEN g % 3 = 0 THEN '자바스크립트 ' ELSE '' END || CASE WHEN g <= 120 THEN '코틀린 ' ELSE '' END ||
           CASE WHEN g <= 115 OR g > 395 THEN '스칼라 ' ELSE '' END || '모집 ' || g,
           '설명', '주제', 5, 1, DATE '2025-07-01', false, g % 7,
           TIMESTAMPTZ '2025-05-01T00:00:00Z' + g * interval '1 minute', now()
    FROM generate_series(1, ${POSTS}) g`);
  const rows = await t.db.execute(sql`SELECT id, title, views FROM base_posts ORDER BY created_at`);
  posts = (rows as unknown as { rows: Seeded[] }).rows;
});

const newestFirst = (list: Seeded[]) => [...list].reverse();
const mostViewed = (list: Seeded[]) => [...list].sort((a, b) => b.views - a.views || b.id - a.id);

const allPages = (query: string) => allSearchPages(t, query);

describe('search pages', () => {
  it('are the same whether walked (dense early pages) or sorted (later pages)', async () => {
    const expected = newestFirst(posts.filter((p) => p.title.includes('스크립')));
    expect(expected).toHaveLength(133);
    const { ids, total } = await allPages(`searchType=title&keyword=${encodeURIComponent('스크립')}`);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.map((p) => p.id));
  });

  it('ordered by views are the same too', async () => {
    const expected = mostViewed(posts.filter((p) => p.title.includes('자바')));
    const { ids, total } = await allPages(`searchType=all&keyword=${encodeURIComponent('자바')}&order=views`);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.map((p) => p.id));
  });

  it.each([
    ['코틀린', 'still show matches bunched in the oldest posts when the walk finds none'],
    ['스칼라', 'are not doubled when the walk finds some matches but too few (the newest 5, then the oldest 115)'],
  ])('%s: %s', async (keyword) => {
    const expected = newestFirst(posts.filter((p) => p.title.includes(keyword)));
    expect(expected).toHaveLength(120);
    const { ids, total } = await allPages(`searchType=title&keyword=${encodeURIComponent(keyword)}`);
    expect(total).toBe(120);
    expect(ids).toEqual(expected.map((p) => p.id));
  });

  it('past the last page are empty with the exact total; no match is an empty page 0', async () => {
    const res = await t.get(`/api/recruitments/search?searchType=title&keyword=${encodeURIComponent('코틀린')}&page=50`);
    expect(res.json()).toMatchObject({ content: [], totalElements: 120, empty: true });
    const none = await t.get(`/api/recruitments/search?searchType=all&keyword=${encodeURIComponent('없는말')}`);
    expect(none.json()).toMatchObject({ content: [], totalElements: 0, empty: true, totalPages: 0 });
  });
});

describe('a search after an edit or a delete', () => {
  const found = async (keyword: string) =>
    (
      (await t.get(`/api/recruitments/search?searchType=all&keyword=${encodeURIComponent(keyword)}`)).json() as {
        content: Array<{ id: number }>;
      }
    ).content.map((p) => p.id);

  it('finds a post by its new text only, keeps it through a view and a close, and not after a delete', async () => {
    const author = await t.user('편집작성자');
    const { id } = await createRecruitment(t, author, { title: '하스켈 스터디', description: '모나드 공부' });
    expect(await found('하스켈')).toEqual([id]);
    const edit = await t.put(`/api/recruitments/${id}`, {
      token: author.token,
      body: recruitmentBody({ title: '엘릭서 스터디', description: '액터 공부' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('하스켈')).toEqual([]);
    expect(await found('모나드')).toEqual([]);
    expect(await found('엘릭서')).toEqual([id]);
    expect(await found('액터 공부')).toEqual([id]);
    expect((await t.post(`/api/base-posts/${id}/view`, {})).statusCode).toBe(204);
    expect((await t.patch(`/api/recruitments/${id}/close`, { token: author.token })).statusCode).toBe(200);
    expect(await found('엘릭서')).toEqual([id]);
    expect((await t.delete(`/api/recruitments/${id}`, { token: author.token })).statusCode).toBe(204);
    expect(await found('엘릭서')).toEqual([]);
  });
});
