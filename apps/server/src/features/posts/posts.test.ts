import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { basePosts } from '../../db/schema/index.js';
import { createTestApp, expectError, useTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, createStudy, NOON_SEOUL, recruitmentBody, studyBody } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('작성자');

const postCount = async () => (await t.db.select({ n: count() }).from(basePosts))[0].n;

describe('POST /api/recruitments', () => {
  it('creates a recruitment and answers 201 Recruitment with trimmed, de-duplicated values', async () => {
    const res = await t.post('/api/recruitments', { token: author.token, body: recruitmentBody({ totalMembers: '5' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: '사이드 프로젝트 팀원 모집',
      description: '함께 웹 서비스를 만들 분을 찾습니다.\n주 2회 회의',
      createdDateTime: '2025-06-01T12:00:00+09:00',
      dueDate: '2025-06-10',
      currentMembers: 1,
      totalMembers: 5,
      tags: ['React', 'TypeScript'],
      creatorNickname: '작성자',
      creatorContact: '01012345678',
      topic: '웹 개발',
      views: 0,
    });
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await postCount();
    expectError(await t.post('/api/recruitments', { body: recruitmentBody() }), 401, 'login_required', '로그인이 필요합니다.');
    expect(await postCount()).toBe(before);
  });

  it('accepts a due date of today and missing tags', async () => {
    const res = await t.post('/api/recruitments', {
      token: author.token,
      body: recruitmentBody({ dueDate: '2025-06-01', tags: undefined }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().tags).toEqual([]);
  });

  it.each([
    [{ title: '   ' }, '제목을 입력해주세요.'],
    [{ title: undefined }, '제목을 입력해주세요.'],
    [{ title: '가'.repeat(101) }, '제목은 최대 100자까지 입력 가능합니다.'],
    [{ description: '' }, '설명을 입력해주세요.'],
    [{ description: 'a'.repeat(5001) }, '설명은 최대 5000자까지 입력 가능합니다.'],
    [{ topic: ' ' }, '주제를 입력해주세요.'],
    [{ topic: '주'.repeat(51) }, '주제는 최대 50자까지 입력 가능합니다.'],
    [{ totalMembers: 1 }, '모집 인원은 최소 2명 이상이어야 합니다.'],
    [{ totalMembers: 'abc' }, '모집 인원은 최소 2명 이상이어야 합니다.'],
    [{ totalMembers: 2.5 }, '모집 인원은 최소 2명 이상이어야 합니다.'],
    [{ totalMembers: 101 }, '모집 인원은 최대 100명까지 가능합니다.'],
    [{ totalMembers: '9999999999' }, '모집 인원은 최대 100명까지 가능합니다.'],
    [{ dueDate: '' }, '공고 마감날짜를 선택해주세요.'],
    [{ dueDate: undefined }, '공고 마감날짜를 선택해주세요.'],
    [{ dueDate: '2025-02-30' }, '공고 마감날짜를 선택해주세요.'],
    [{ dueDate: '2025-05-31' }, '마감일은 생성일 이후로 설정해야 합니다.'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '태그는 최대 10개까지 등록할 수 있습니다.'],
    [{ tags: ['가'.repeat(21)] }, '태그는 항목당 최대 20자까지 입력 가능합니다.'],
    [{ tags: ['Re\u0007act'] }, '사용할 수 없는 문자가 포함되어 있습니다.'],
  ])('refuses %j with its text and stores nothing', async (over, text) => {
    const before = await postCount();
    expectError(
      await t.post('/api/recruitments', { token: author.token, body: recruitmentBody(over) }),
      400,
      'validation_failed',
      text,
    );
    expect(await postCount()).toBe(before);
  });

  it('checks in the order title, description, topic, totalMembers, dueDate, tags', async () => {
    const bad = { title: '', description: '', topic: '', totalMembers: 0, dueDate: '2020-01-01', tags: Array(11).fill('x') };
    const steps: Array<[string, string]> = [
      ['title', '제목을 입력해주세요.'],
      ['description', '설명을 입력해주세요.'],
      ['topic', '주제를 입력해주세요.'],
      ['totalMembers', '모집 인원은 최소 2명 이상이어야 합니다.'],
      ['dueDate', '마감일은 생성일 이후로 설정해야 합니다.'],
    ];
    const body: Record<string, unknown> = { ...bad, tags: bad.tags.map((x, i) => x + i) };
    for (const [field, text] of steps) {
      expectError(await t.post('/api/recruitments', { token: author.token, body }), 400, 'validation_failed', text);
      body[field] = recruitmentBody()[field as keyof ReturnType<typeof recruitmentBody>];
    }
    expectError(
      await t.post('/api/recruitments', { token: author.token, body }),
      400,
      'validation_failed',
      '태그는 최대 10개까지 등록할 수 있습니다.',
    );
  });

  it('answers 400 bad_request to malformed JSON', async () => {
    const res = await t.post('/api/recruitments', {
      token: author.token,
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });
});

describe('POST /api/study-groups', () => {
  it('creates a study group and answers 201 StudyGroup', async () => {
    const res = await t.post('/api/study-groups', { token: author.token, body: studyBody() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      creatorNickname: '작성자',
      title: '알고리즘 스터디',
      description: '매주 토요일 문제 풀이',
      currentMembers: 1,
      totalMembers: 3,
      topic: '알고리즘',
      startDate: '2025-06-07',
      endDate: '2025-08-30',
      dueDate: '2025-06-05',
      createdDateTime: '2025-06-01T12:00:00+09:00',
      creatorContact: '01012345678',
      views: 0,
    });
  });

  it.each([
    [{ title: '' }, '스터디 제목은 필수 입력 값입니다.'],
    [{ title: null }, '스터디 제목은 필수 입력 값입니다.'],
    [{ title: '가' }, '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.'],
    [{ title: '가'.repeat(51) }, '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.'],
    [{ description: ' ' }, '스터디 설명을 입력해주세요.'],
    [{ description: '가'.repeat(501) }, '스터디 설명은 최대 500자까지 입력 가능합니다.'],
    [{ totalMembers: 1 }, '스터디 인원은 최소 2명 이상이어야 합니다.'],
    [{ totalMembers: 101 }, '스터디 인원은 최대 100명까지 가능합니다.'],
    [{ topic: '' }, '스터디 주제를 입력해주세요.'],
    [{ topic: '가'.repeat(51) }, '스터디 주제는 최대 50자까지 입력 가능합니다.'],
    [{ startDate: '' }, '스터디 시작 날짜를 입력해주세요.'],
    [{ startDate: '2025/06/07' }, '스터디 시작 날짜를 입력해주세요.'],
    [{ endDate: undefined }, '스터디 종료 날짜를 입력해주세요.'],
    [{ endDate: '2025-06-01' }, '스터디 종료 날짜는 현재 날짜 이후여야 합니다.'],
    [{ startDate: '2025-07-01', endDate: '2025-06-30' }, '시작일은 종료일 이전으로 설정되어야 합니다.'],
    [{ dueDate: '' }, '공고 마감날짜를 선택해주세요.'],
    [{ dueDate: '2025-05-31' }, '마감일은 생성일 이후로 설정해야 합니다.'],
  ])('refuses %j with its text and stores nothing', async (over, text) => {
    const before = await postCount();
    expectError(
      await t.post('/api/study-groups', { token: author.token, body: studyBody(over) }),
      400,
      'validation_failed',
      text,
    );
    expect(await postCount()).toBe(before);
  });

  it('checks in the order title, description, totalMembers, topic, startDate, endDate, start<=end, dueDate', async () => {
    const body: Record<string, unknown> = {
      title: 'x',
      description: '',
      totalMembers: 1,
      topic: '',
      startDate: '',
      endDate: '',
      dueDate: '',
    };
    const fix = studyBody();
    const steps: Array<[string, string]> = [
      ['title', '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.'],
      ['description', '스터디 설명을 입력해주세요.'],
      ['totalMembers', '스터디 인원은 최소 2명 이상이어야 합니다.'],
      ['topic', '스터디 주제를 입력해주세요.'],
      ['startDate', '스터디 시작 날짜를 입력해주세요.'],
    ];
    for (const [field, text] of steps) {
      expectError(await t.post('/api/study-groups', { token: author.token, body }), 400, 'validation_failed', text);
      body[field] = fix[field as keyof typeof fix];
    }
    body.startDate = '2025-09-01';
    expectError(
      await t.post('/api/study-groups', { token: author.token, body }),
      400,
      'validation_failed',
      '스터디 종료 날짜를 입력해주세요.',
    );
    body.endDate = '2025-08-01';
    expectError(
      await t.post('/api/study-groups', { token: author.token, body }),
      400,
      'validation_failed',
      '시작일은 종료일 이전으로 설정되어야 합니다.',
    );
    body.startDate = '2025-07-01';
    expectError(
      await t.post('/api/study-groups', { token: author.token, body }),
      400,
      'validation_failed',
      '공고 마감날짜를 선택해주세요.',
    );
  });
});

describe('lists, search and popular', () => {
  let t2: TestApp;
  let writer: TestUser;
  let 홍길동: TestUser;
  beforeAll(async () => {
    t2 = await createTestApp({ now: NOON_SEOUL });
    t2.resetLimits();
    writer = await t2.user('Writer');
    홍길동 = await t2.user('홍길동');
    for (let i = 0; i < 18; i++) {
      await t2.post('/api/recruitments', {
        token: writer.token,
        body: recruitmentBody({ title: `공고 ${i}`, tags: [`tag${i}`] }),
      });
      t2.clock.advance(1000);
    }
    await t2.post('/api/recruitments', {
      token: 홍길동.token,
      body: recruitmentBody({ title: '100% 할인_이벤트 \\ 백슬래시', description: '자바 스프링 프로젝트' }),
    });
    t2.clock.advance(1000);
    await t2.post('/api/recruitments', {
      token: writer.token,
      body: recruitmentBody({ title: 'React Native 앱', description: '모바일' }),
    });
    t2.resetLimits();
    for (let i = 0; i < 13; i++) {
      await t2.post('/api/study-groups', { token: writer.token, body: studyBody({ title: `스터디 ${i}` }) });
      t2.clock.advance(1000);
    }
  });
  afterAll(() => t2.close());

  it('pages recruitments 16 at a time, newest first, with the Page shape', async () => {
    const res = await t2.get('/api/recruitments?page=0');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ number: 0, size: 16, totalElements: 20, totalPages: 2, first: true, last: false, empty: false });
    expect(page.content).toHaveLength(16);
    expect(page.content[0]).toEqual({
      id: expect.any(Number),
      title: 'React Native 앱',
      dueDate: '2025-06-10',
      createdAt: expect.stringMatching(/^2025-06-01T12:00:\d\d\+09:00$/),
      currentMembers: 1,
      totalMembers: 4,
      tags: ['React', 'TypeScript'],
      creatorNickname: 'Writer',
      inactive: false,
      views: 0,
      topic: '웹 개발',
    });
    const second = (await t2.get('/api/recruitments?page=1')).json();
    expect(second.content).toHaveLength(4);
    expect(second.last).toBe(true);
    expect(second.content.at(-1).title).toBe('공고 0');
  });

  it('treats a malformed page as 0 and answers an empty page past the end', async () => {
    expect((await t2.get('/api/recruitments?page=undefined')).json().number).toBe(0);
    expect((await t2.get('/api/recruitments?page=-1')).json().number).toBe(0);
    const past = (await t2.get('/api/recruitments?page=9')).json();
    expect(past).toMatchObject({ content: [], totalElements: 20, totalPages: 2, empty: true });
  });

  it('pages study groups 12 at a time with the StudyGroupItem shape', async () => {
    const page = (await t2.get('/api/study-groups')).json();
    expect(page).toMatchObject({ size: 12, totalElements: 13, totalPages: 2 });
    expect(page.content[0]).toEqual({
      id: expect.any(Number),
      creatorNickname: 'Writer',
      title: '스터디 12',
      currentMembers: 1,
      totalMembers: 3,
      topic: '알고리즘',
      inactive: false,
      dueDate: '2025-06-05',
      createdAt: expect.any(String),
      views: 0,
      startDate: '2025-06-07',
      endDate: '2025-08-30',
    });
  });

  const titles = async (url: string) => ((await t2.get(url)).json().content as Array<{ title: string }>).map((c) => c.title);
  const q = encodeURIComponent;

  it('searches by title, creator, content and all, case-insensitively and for Korean substrings', async () => {
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('react n')}`)).toEqual(['React Native 앱']);
    expect(await titles(`/api/recruitments/search?searchType=creator&keyword=${q('길동')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('스프링')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=all&keyword=${q('모바일')}`)).toEqual(['React Native 앱']);
    expect(await titles(`/api/recruitments/search?keyword=${q('홍길동')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=weird&keyword=${q('자바')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
    expect(await titles(`/api/study-groups/search?searchType=title&keyword=${q('스터디 1')}`)).toEqual([
      '스터디 12',
      '스터디 11',
      '스터디 10',
      '스터디 1',
    ]);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('0%')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('인_이')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('%%')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('__')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q(' \\ ')}`)).toHaveLength(16);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('트 \\ 백')}`)).toEqual([
      '100% 할인_이벤트 \\ 백슬래시',
    ]);
  });

  it('does not filter for keywords under 2 characters after trimming, and pages the search', async () => {
    const res = (await t2.get(`/api/recruitments/search?keyword=${q('  공 ')}`)).json();
    expect(res.totalElements).toBe(20);
    const all = (await t2.get('/api/recruitments/search')).json();
    expect(all.totalElements).toBe(20);
    const paged = (await t2.get(`/api/recruitments/search?searchType=title&keyword=${q('공고')}&page=1`)).json();
    expect(paged).toMatchObject({ number: 1, totalElements: 18, totalPages: 2 });
    expect(paged.content).toHaveLength(2);
    const past = (await t2.get(`/api/recruitments/search?searchType=title&keyword=${q('공고')}&page=5`)).json();
    expect(past).toMatchObject({ content: [], number: 5, totalElements: 18, totalPages: 2, empty: true });
    const none = (await t2.get(`/api/recruitments/search?keyword=${q('없는말')}`)).json();
    expect(none).toMatchObject({ content: [], totalElements: 0, totalPages: 0, first: true, last: true, empty: true });
  });

  it('refuses keywords over 50 characters', async () => {
    expectError(
      await t2.get(`/api/recruitments/search?keyword=${q('가'.repeat(51))}`),
      400,
      'validation_failed',
      '검색어는 최대 50자까지 입력 가능합니다.',
    );
    expectError(
      await t2.get(`/api/study-groups/search?keyword=${q('가'.repeat(51))}`),
      400,
      'validation_failed',
      '검색어는 최대 50자까지 입력 가능합니다.',
    );
    expect((await t2.get(`/api/recruitments/search?keyword=${q(` ${'가'.repeat(50)} `)}`)).statusCode).toBe(200);
  });

  it('lists at most 4 popular active posts with views, most viewed first', async () => {
    expect((await t2.get('/api/recruitments/popular')).json()).toEqual([]);
    const items = (await t2.get('/api/recruitments')).json().content as Array<{ id: number }>;
    const [a, b, c, d, e, f] = items;
    const viewers = await Promise.all([1, 2, 3].map(() => t2.user()));
    const view = (id: number, u: TestUser) => t2.post(`/api/base-posts/${id}/view`, { token: u.token });
    for (const u of viewers) await view(a.id, u);
    for (const u of viewers.slice(0, 2)) await view(b.id, u);
    for (const p of [c, d, e, f]) await view(p.id, viewers[0]);
    expect((await t2.patch(`/api/recruitments/${b.id}/close`, { token: 홍길동.token })).statusCode).toBe(200);
    const popular = (await t2.get('/api/recruitments/popular')).json() as Array<{ id: number; views: number }>;
    expect(popular.map((p) => p.id)).toEqual([a.id, c.id, d.id, e.id]);
    expect(popular[0].views).toBe(3);
    expect((await t2.get('/api/study-groups/popular')).json()).toEqual([]);
  });
});

describe('list totals', () => {
  it('follow creates and deletes of each kind exactly', async () => {
    const t3 = await createTestApp({ now: NOON_SEOUL });
    try {
      const w = await t3.user();
      const total = async (path: string) => (await t3.get(path)).json().totalElements as number;
      const a = await createRecruitment(t3, w);
      await createRecruitment(t3, w);
      await createStudy(t3, w);
      expect([await total('/api/recruitments'), await total('/api/study-groups')]).toEqual([2, 1]);
      await t3.delete(`/api/base-posts/${a.id}`, { token: w.token });
      expect([await total('/api/recruitments'), await total('/api/study-groups')]).toEqual([1, 1]);
      expect((await t3.delete(`/api/users/${w.id}`, { token: w.token })).statusCode).toBe(200);
      expect([await total('/api/recruitments'), await total('/api/study-groups')]).toEqual([0, 0]);
    } finally {
      await t3.close();
    }
  });
});
