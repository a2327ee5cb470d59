import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TECH_NAME_ROWS, foldName, searchTerms } from '@app/contract/search-names';
import { queryRows } from '../../db/client.js';
import { fieldMatch, indexed, searchField } from '../../db/text-search.js';
import { useTestApp } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

/**
 * docs/api.md §10.5 on both post kinds and the board: spacing both ways, 초성 on titles and nicknames only,
 * every name of the technology table both ways, whole keywords only, order=relevance, exact totals, and the
 * bad keywords of a search box. Posts and boards are written straight into the tables (no cache to evict:
 * nothing is read before they exist), one a minute, so id order is age order.
 */
const t = useTestApp({ now: NOON_SEOUL });
const q = encodeURIComponent;

const KINDS = [
  { kind: 'RECRUITMENT', path: '/api/recruitments/search', size: 16 },
  { kind: 'STUDY_GROUP', path: '/api/study-groups/search', size: 12 },
] as const;

/** The rule posts, oldest first: [title, description, creator]. */
const RULE_POSTS: Array<[string, string, 'kim' | 'spring']> = [
  ['스프링 부트 스터디', '같이 공부해요', 'kim'],
  ['스프링부트 프로젝트', '백엔드 모집', 'kim'],
  ['리액트 사이드', '프론트 구합니다', 'kim'],
  ['React 포트폴리오', '함께 만들어요', 'kim'],
  ['백엔드 모집', '스프링 부트 경험자 우대', 'kim'],
  ['코딩 모임', '설명', 'spring'],
  ['JSON 파서 만들기', 'json 공부', 'kim'],
  ['JavaScript 기초', '처음부터', 'kim'],
  ['ㅋㅋ 웃긴 모임', '잡담', 'kim'],
  ['달성률 50%_\\ 기록', '특수문자', 'kim'],
  ['🔥 열정 스터디', '이모지', 'kim'],
  ['깃 마스터', '버전 관리', 'kim'],
];

/** One post per name of the table, in titles: `「name」 모임`. */
const NAME_POSTS = TECH_NAME_ROWS.flat().map((name) => `「${name}」 모임`);

let kim: { id: number };
let springUser: { id: number };

async function insertPosts(kind: string, titles: Array<[string, string, number]>, from: number) {
  for (const [i, [title, description, creator]] of titles.entries()) {
    await t.db.execute(sql`
      INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                              inactive, views, created_at, updated_at)
      VALUES (${kind}, ${creator}, ${title}, ${description}, '주제', 5, 1, DATE '2025-07-01', false, 0,
              TIMESTAMPTZ '2025-05-01T00:00:00Z' + ${from + i} * interval '1 minute', now())`);
  }
}

async function insertBoards(rows: Array<[string, string, number]>, from: number) {
  for (const [i, [title, content, author]] of rows.entries()) {
    await t.db.execute(sql`
      INSERT INTO boards (author_id, category_id, title, content, created_at, updated_at)
      VALUES (${author}, 1, ${title}, ${content}, TIMESTAMPTZ '2025-05-01T00:00:00Z' + ${from + i} * interval '1 minute', now())`);
  }
}

beforeAll(async () => {
  kim = await t.user('김민수');
  springUser = await t.user('스프링장인');
  const rules = RULE_POSTS.map(([a, b, who]): [string, string, number] => [a, b, who === 'kim' ? kim.id : springUser.id]);
  const names = NAME_POSTS.map((title): [string, string, number] => [title, '이름표', kim.id]);
  for (const { kind } of KINDS) {
    await insertPosts(kind, rules, 0);
    await insertPosts(kind, names, 100);
  }
  await insertBoards(rules, 0);
  await insertBoards(names, 100);
});

interface Found {
  titles: string[];
  total: number;
}

/** Every page of a search: the titles in order and the total the first page gave. */
async function search(path: string, query: string): Promise<Found> {
  const titles: string[] = [];
  let total = -1;
  for (let page = 0; page < 20; page++) {
    const res = await t.get(`${path}?${query}&page=${page}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const body = res.json() as { content: Array<{ title: string }>; totalElements: number; last: boolean };
    if (page === 0) total = body.totalElements;
    titles.push(...body.content.map((p) => p.title));
    if (body.last) break;
  }
  return { titles, total };
}

const PATHS = [...KINDS.map((k) => k.path), '/api/boards/search'];
const creatorType = (path: string) => (path.startsWith('/api/boards') ? 'author' : 'creator');
const ruleTitles = (found: Found) => found.titles.filter((x) => !x.startsWith('「')).sort();

describe.each(PATHS)('%s', (path) => {
  it('spacing both ways: 스프링부트 finds 스프링 부트, and 스프링 부트 finds 스프링부트', async () => {
    for (const keyword of ['스프링부트', '스프링 부트', ' 스프링  부트 ']) {
      const found = await search(path, `searchType=title&keyword=${q(keyword)}`);
      expect(ruleTitles(found), keyword).toEqual(['스프링 부트 스터디', '스프링부트 프로젝트']);
    }
    const content = await search(path, `searchType=content&keyword=${q('스프링부트')}`);
    expect(ruleTitles(content)).toEqual(['백엔드 모집']);
  });

  it('초성 on titles and nicknames, never on content; ㄱ is not ㄲ', async () => {
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㅅㅍㄹㅂㅌ')}`))).toEqual([
      '스프링 부트 스터디',
      '스프링부트 프로젝트',
    ]);
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㄹㅇㅌ')}`))).toEqual(['리액트 사이드']);
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㅅㅍ ㄹ')}`))).toEqual([
      '스프링 부트 스터디',
      '스프링부트 프로젝트',
    ]);
    const byNickname = await search(path, `searchType=${creatorType(path)}&keyword=${q('ㅅㅍㄹㅈㅇ')}`);
    expect(ruleTitles(byNickname)).toEqual(['코딩 모임']);
    // '스프링 부트 경험자 우대' is a description: ㄱㅎㅈ (경험자) finds nothing there, nor through all
    expect((await search(path, `searchType=content&keyword=${q('ㄱㅎㅈ')}`)).total).toBe(0);
    expect((await search(path, `keyword=${q('ㄱㅎㅈ')}`)).total).toBe(0);
    // 깃 마스터 starts with ㄱ and ㅁ: ㄱㅁ finds it, ㄲㅁ does not
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㄱㅁ')}`))).toContain('깃 마스터');
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㄲㅁ')}`))).toEqual([]);
    // a title that holds the jamo themselves is found as today
    expect(ruleTitles(await search(path, `searchType=title&keyword=${q('ㅋㅋ')}`))).toEqual(['ㅋㅋ 웃긴 모임']);
  });

  it('every name of the table finds every other name of its row (titles)', async () => {
    for (const row of TECH_NAME_ROWS) {
      for (const keyword of row) {
        const found = await search(path, `searchType=title&keyword=${q(keyword)}`);
        for (const other of row) expect(found.titles, `${keyword} -> ${other}`).toContain(`「${other}」 모임`);
        expect(found.total).toBe(found.titles.length);
      }
    }
  });

  it('only the whole keyword expands: JS does, JSON and 리액트 스터디 do not', async () => {
    const js = await search(path, `searchType=title&keyword=JS`);
    expect(js.titles).toContain('JavaScript 기초');
    expect(js.titles).toContain('「자바스크립트」 모임');
    const json = await search(path, `searchType=title&keyword=JSON`);
    expect(json.titles).toEqual(['JSON 파서 만들기']);
    const phrase = await search(path, `searchType=title&keyword=${q('리액트 스터디')}`);
    expect(phrase.total).toBe(0);
    const inside = await search(path, `searchType=title&keyword=${q('리액트사이드')}`);
    expect(inside.titles).toEqual(['리액트 사이드']);
  });

  it('order=relevance: title before creator before content; today’s match before the others; then newest', async () => {
    const found = await search(path, `keyword=${q('스프링부트')}&order=relevance`);
    expect(found.titles).toEqual(
      [
        '스프링부트 프로젝트', // title, as typed
        '「스프링부트」 모임', // title, as typed (newer than the rule posts, same tier)
        '「Spring Boot」 모임', // title, another name
        '스프링 부트 스터디', // title, spacing
        '백엔드 모집', // description, spacing
      ].sort((a, b) => order(a) - order(b)),
    );
    const latest = await search(path, `keyword=${q('스프링부트')}`);
    expect(latest.total).toBe(found.total);
    expect([...latest.titles].sort()).toEqual([...found.titles].sort());
  });

  it('order=relevance with a two-letter 초성 keyword: title matches newest first, then the creator match', async () => {
    // ㅅㅍ: the initials of 스프링… titles, and of the creator 스프링장인 of 코딩 모임 (whose title does not match)
    const found = await search(path, `keyword=${q('ㅅㅍ')}&order=relevance`);
    const latest = await search(path, `keyword=${q('ㅅㅍ')}`);
    expect(found.titles).toContain('코딩 모임');
    expect(found.titles).toContain('스프링부트 프로젝트');
    expect(found.total).toBe(latest.total);
    expect(found.titles).toEqual([...latest.titles.filter((x) => x !== '코딩 모임'), '코딩 모임']);
  });

  it('bad keywords give defined answers, never a 500', async () => {
    const all = await search(path, 'keyword=');
    expect((await search(path, `keyword=${q('ㄱ'.repeat(50))}`)).total).toBe(0);
    expect((await t.get(`${path}?keyword=${q('ㄱ'.repeat(51))}`)).statusCode).toBe(400);
    expect((await search(path, `keyword=${q('ㅅ프링')}`)).total).toBe(0);
    expect((await search(path, `searchType=title&keyword=${q('스프링ㅂㅌ')}`)).total).toBe(0);
    expect((await search(path, `keyword=${q('🔥 열정')}`)).titles).toEqual(['🔥 열정 스터디']);
    expect((await search(path, `keyword=${q('🔥🔥')}`)).total).toBe(0);
    expect((await search(path, `keyword=${q('%_\\')}`)).titles).toEqual(['달성률 50%_\\ 기록']);
    expect((await search(path, `keyword=${q('%%')}`)).total).toBe(0);
    expect((await search(path, `keyword=${q('   ')}`)).total).toBe(all.total);
    expect((await search(path, `keyword=${q('\u3000\u00a0')}`)).total).toBe(all.total);
  });
});

/** The rank the relevance test expects (title as typed 0, title other 1, description 4), then newest first. */
function order(title: string): number {
  const rank: Record<string, number> = {
    '스프링부트 프로젝트': 0,
    '「스프링부트」 모임': 0,
    '「Spring Boot」 모임': 1,
    '스프링 부트 스터디': 1,
    '백엔드 모집': 4,
  };
  const age = [...RULE_POSTS.map((p) => p[0]), ...NAME_POSTS].indexOf(title);
  return rank[title]! * 1000 - age;
}

describe('name table', () => {
  it('is read whole keywords only, case- and space-insensitively', () => {
    expect(searchTerms('js').written).toEqual(['JavaScript', '자바스크립트']);
    expect(searchTerms('Spring boot').written).toEqual(['스프링부트']);
    expect(searchTerms('JSON').names).toEqual([]);
    expect(searchTerms('리액트 스터디').names).toEqual([]);
    expect(new Set(TECH_NAME_ROWS.flat().map(foldName)).size).toBe(TECH_NAME_ROWS.flat().length);
  });
});

/** Rolls the test's DDL back. */
class PlanFound extends Error {
  constructor(readonly plan: string) {
    super('rolled back');
  }
}

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

describe('the extended matches', () => {
  it('are served by the folded and initials indexes (per kind for posts), not by a scan', async () => {
    const cases: Array<[string, string, boolean, string, string[]]> = [
      [
        'base_posts',
        'title',
        true,
        'ㅅㅍㄹ',
        ['base_posts_recruitment_title_initials_idx', 'base_posts_recruitment_title_folded_idx'],
      ],
      ['base_posts', 'title', true, '리액트', ['base_posts_recruitment_title_folded_idx']],
      ['base_posts', 'description', false, '스프링 부트', ['base_posts_recruitment_description_folded_idx']],
      ['users', 'nickname', true, 'ㄱㅁ', ['users_nickname_initials_idx', 'users_nickname_folded_idx']],
      ['boards', 'title', true, 'ㅅㅍ', ['boards_title_initials_idx', 'boards_title_folded_idx']],
      ['boards', 'content', false, 'JS', ['boards_content_folded_idx']],
    ];
    for (const [table, column, initials, keyword, indexes] of cases) {
      const kind = table === 'base_posts' ? sql`kind = 'RECRUITMENT' AND ` : sql``;
      const condition = indexed(fieldMatch(searchField(column, initials), keyword, searchTerms(keyword)));
      const plan = await planOf(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${kind}${condition}`);
      for (const index of indexes) expect(plan, `${table}.${column} ${keyword}`).toContain(index);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
