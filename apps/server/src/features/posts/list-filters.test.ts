import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../../test/helpers.js';
import { createRecruitment, createStudy, NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** Optional filters on the list and search routes, and the popular tech stacks. */
const t = useTestApp({ now: NOON_SEOUL });
const author = t.suiteUser('작성자');
const ids: Record<string, number> = {};
const titles = (res: { json(): unknown }) => (res.json() as { content: Array<{ title: string }> }).content.map((i) => i.title);

beforeAll(async () => {
  const make = async (title: string, tags: string[], dueDate = '2025-06-20') => {
    t.clock.advance(1000);
    ids[title] = (await createRecruitment(t, author, { title, tags, dueDate })).id;
  };
  await make('리액트 프로젝트', ['React', 'TypeScript']);
  await make('뷰 프로젝트', ['vue']);
  await make('스프링 프로젝트', ['Spring', 'Java']);
  await make('마감된 리액트', ['react']);
  await make('태그 없는 프로젝트', []);
  await make('오늘 마감 리액트', ['REACT'], '2025-06-01');
  expect((await t.patch(`/api/recruitments/${ids['마감된 리액트']}/close`, { token: author.token })).statusCode).toBe(200);
  // views: 뷰 3, 스프링 1
  for (const [title, n] of [
    ['뷰 프로젝트', 3],
    ['스프링 프로젝트', 1],
  ] as const) {
    for (let i = 0; i < n; i++) await t.post(`/api/base-posts/${ids[title]}/view`, { ip: `10.9.0.${i + 1}` });
  }
});

describe('GET /api/recruitments with filters', () => {
  it('without filters answers as the contract says (same body as with the defaults spelled out)', async () => {
    const plain = await t.get('/api/recruitments?page=0');
    const defaults = await t.get('/api/recruitments?page=0&open=false&order=latest&stack=');
    expect(plain.statusCode).toBe(200);
    expect(defaults.body).toBe(plain.body);
    expect(titles(plain)).toEqual([
      '오늘 마감 리액트',
      '태그 없는 프로젝트',
      '마감된 리액트',
      '스프링 프로젝트',
      '뷰 프로젝트',
      '리액트 프로젝트',
    ]);
  });

  it('matches any of several stacks, case-insensitively, newest first, with the right totals', async () => {
    const res = await t.get('/api/recruitments?stack=react&stack=Vue');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['오늘 마감 리액트', '마감된 리액트', '뷰 프로젝트', '리액트 프로젝트']);
    expect(res.json()).toMatchObject({
      totalElements: 4,
      totalPages: 1,
      number: 0,
      size: 16,
      first: true,
      last: true,
      empty: false,
    });
  });

  it('open=true keeps only posts still recruiting (a post due today is still open)', async () => {
    const res = await t.get('/api/recruitments?open=true');
    expect(titles(res)).toEqual(['오늘 마감 리액트', '태그 없는 프로젝트', '스프링 프로젝트', '뷰 프로젝트', '리액트 프로젝트']);
    expect(res.json().totalElements).toBe(5);
    t.clock.advance(24 * 3600_000); // the next day: the post due yesterday is effectively closed
    t.ctx.readCache.invalidate();
    expect(titles(await t.get('/api/recruitments?open=true&stack=REACT'))).toEqual(['리액트 프로젝트']);
    t.clock.advance(-24 * 3600_000);
    t.ctx.readCache.invalidate();
  });

  it('order=views sorts by views, then newest', async () => {
    const res = await t.get('/api/recruitments?order=views&open=true');
    expect(titles(res).slice(0, 3)).toEqual(['뷰 프로젝트', '스프링 프로젝트', '오늘 마감 리액트']);
  });

  it('combines with the search and its rules', async () => {
    const q = encodeURIComponent('프로젝트');
    const res = await t.get(`/api/recruitments/search?searchType=title&keyword=${q}&stack=react&stack=spring&order=views`);
    expect(titles(res)).toEqual(['스프링 프로젝트', '리액트 프로젝트']);
    expect(res.json().totalElements).toBe(2);
    const none = await t.get(`/api/recruitments/search?searchType=title&keyword=${q}&stack=Kotlin&page=3`);
    expect(none.json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0, number: 3, empty: true });
  });

  it('pages past the end keep the totals', async () => {
    const res = await t.get('/api/recruitments?stack=react&page=5');
    expect(res.json()).toMatchObject({ content: [], totalElements: 3, totalPages: 1, number: 5, empty: true });
  });

  it("is cached per filter: a different filter never gets another filter's page", async () => {
    const a = await t.get('/api/recruitments?stack=Java');
    const b = await t.get('/api/recruitments?stack=Vue');
    expect(titles(a)).toEqual(['스프링 프로젝트']);
    expect(titles(b)).toEqual(['뷰 프로젝트']);
    // the same filter spelled differently shares one answer
    expect((await t.get('/api/recruitments?stack=java')).body).toBe(a.body);
  });

  it.each([
    ['stack=' + Array.from({ length: 11 }, (_, i) => `s${i}`).join('&stack='), '기술 스택은 최대 10개까지 선택할 수 있습니다.'],
    [`stack=${'가'.repeat(21)}`, '기술 스택은 항목당 최대 20자까지 입력할 수 있습니다.'],
    ['open=yes', '모집 중 여부는 true 또는 false로 입력해주세요.'],
    ['order=oldest', '정렬 기준은 latest 또는 views로 입력해주세요.'],
  ])('refuses %s with 400 and a Korean text', async (query, text) => {
    expectError(await t.get(`/api/recruitments?${query}`), 400, 'validation_failed', text);
    expectError(await t.get(`/api/recruitments/search?keyword=abc&${query}`), 400, 'validation_failed', text);
  });

  it('counts 10 distinct stacks after dropping duplicates (duplicates do not count twice)', async () => {
    const res = await t.get(`/api/recruitments?${Array.from({ length: 12 }, () => 'stack=React').join('&')}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/study-groups with filters', () => {
  it('takes open and order (and ignores stack: study groups have no tags)', async () => {
    t.resetLimits();
    const open = await createStudy(t, author, { title: '열린 스터디' });
    t.clock.advance(1000);
    const closed = await createStudy(t, author, { title: '닫힌 스터디' });
    await t.patch(`/api/study-groups/${closed.id}/close`, { token: author.token });
    await t.post(`/api/base-posts/${open.id}/view`, { ip: '10.9.1.1' });
    expect(titles(await t.get('/api/study-groups?open=true'))).toEqual(['열린 스터디']);
    expect(titles(await t.get('/api/study-groups?order=views'))).toEqual(['열린 스터디', '닫힌 스터디']);
    expect(titles(await t.get('/api/study-groups?stack=React'))).toEqual(['닫힌 스터디', '열린 스터디']);
    expectError(
      await t.get('/api/study-groups?order=x'),
      400,
      'validation_failed',
      '정렬 기준은 latest 또는 views로 입력해주세요.',
    );
  });
});

describe('GET /api/recruitments/popular-tags', () => {
  it('lists the stacks by use, merging spellings, and follows edits and deletions', async () => {
    const tags = async () => (await t.get('/api/recruitments/popular-tags')).json() as Array<{ name: string; count: number }>;
    expect((await tags()).slice(0, 2)).toEqual([
      { name: 'React', count: 3 },
      { name: 'Java', count: 1 },
    ]);
    const res = await t.put(`/api/recruitments/${ids['뷰 프로젝트']}`, {
      token: author.token,
      body: {
        title: '뷰 프로젝트',
        description: '설명',
        topic: '웹',
        totalMembers: 3,
        dueDate: '2025-06-20',
        tags: ['Svelte', 'react'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tags()).toContainEqual({ name: 'React', count: 4 });
    expect((await tags()).map((x) => x.name)).not.toContain('vue');
    expect((await t.delete(`/api/recruitments/${ids['리액트 프로젝트']}`, { token: author.token })).statusCode).toBe(204);
    const after = await tags();
    expect(after[0]).toEqual({ name: 'React', count: 3 });
    expect(after).not.toContainEqual(expect.objectContaining({ name: 'TypeScript' }));
  });

  it('is public and at most 20 long', async () => {
    t.resetLimits();
    await createRecruitment(t, author, { tags: Array.from({ length: 10 }, (_, i) => `a${i}`) });
    await createRecruitment(t, author, { tags: Array.from({ length: 10 }, (_, i) => `b${i}`) });
    await createRecruitment(t, author, { tags: Array.from({ length: 10 }, (_, i) => `c${i}`) });
    const res = await t.get('/api/recruitments/popular-tags');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(20);
  });
});

describe('/docs', () => {
  it('documents the filters and the new routes', async () => {
    const doc = (await t.get('/docs/json')).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const params = (path: string) => (doc.paths[path]?.get.parameters ?? []).map((p) => p.name);
    expect(params('/api/recruitments')).toEqual(expect.arrayContaining(['page', 'open', 'order', 'stack']));
    expect(params('/api/recruitments/search')).toEqual(expect.arrayContaining(['keyword', 'open', 'order', 'stack']));
    expect(params('/api/study-groups')).toEqual(expect.arrayContaining(['open', 'order']));
    expect(params('/api/study-groups')).not.toContain('stack');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/recruitments/popular-tags',
        '/api/bookmarks',
        '/api/bookmarks/ids',
        '/api/bookmarks/{postId}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/bookmarks/{postId}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
