import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { basePosts, postTags, viewRecords } from '../../db/schema/index.js';
import { createTestApp, expectError, nextIp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { closeOverduePosts, startAutoClose } from './inactivity.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  NOON_SEOUL,
  recruitmentBody,
  resetLimits,
  studyBody,
} from './testing.js';

let t: TestApp;
let author: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ now: NOON_SEOUL });
  author = await t.user('작성자');
  other = await t.user('다른사람');
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t));

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
    const res = await t.post('/api/recruitments', { token: author.token, body: recruitmentBody({ dueDate: '2025-06-01', tags: undefined }) });
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
    expectError(await t.post('/api/recruitments', { token: author.token, body: recruitmentBody(over) }), 400, 'validation_failed', text);
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
    expectError(await t.post('/api/recruitments', { token: author.token, body }), 400, 'validation_failed', '태그는 최대 10개까지 등록할 수 있습니다.');
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
    expectError(await t.post('/api/study-groups', { token: author.token, body: studyBody(over) }), 400, 'validation_failed', text);
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
    expectError(await t.post('/api/study-groups', { token: author.token, body }), 400, 'validation_failed', '스터디 종료 날짜를 입력해주세요.');
    body.endDate = '2025-08-01';
    expectError(await t.post('/api/study-groups', { token: author.token, body }), 400, 'validation_failed', '시작일은 종료일 이전으로 설정되어야 합니다.');
    body.startDate = '2025-07-01';
    expectError(await t.post('/api/study-groups', { token: author.token, body }), 400, 'validation_failed', '공고 마감날짜를 선택해주세요.');
  });
});

describe('lists, search and popular', () => {
  let t2: TestApp;
  let writer: TestUser;
  let 홍길동: TestUser;
  beforeAll(async () => {
    t2 = await createTestApp({ now: NOON_SEOUL });
    resetLimits(t2);
    writer = await t2.user('Writer');
    홍길동 = await t2.user('홍길동');
    for (let i = 0; i < 18; i++) {
      await t2.post('/api/recruitments', { token: writer.token, body: recruitmentBody({ title: `공고 ${i}`, tags: [`tag${i}`] }) });
      t2.clock.advance(1000);
    }
    await t2.post('/api/recruitments', { token: 홍길동.token, body: recruitmentBody({ title: '100% 할인_이벤트 \\ 백슬래시', description: '자바 스프링 프로젝트' }) });
    t2.clock.advance(1000);
    await t2.post('/api/recruitments', { token: writer.token, body: recruitmentBody({ title: 'React Native 앱', description: '모바일' }) });
    resetLimits(t2);
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
    expect(await titles(`/api/recruitments/search?searchType=creator&keyword=${q('길동')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=content&keyword=${q('스프링')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=all&keyword=${q('모바일')}`)).toEqual(['React Native 앱']);
    expect(await titles(`/api/recruitments/search?keyword=${q('홍길동')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=weird&keyword=${q('자바')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/study-groups/search?searchType=title&keyword=${q('스터디 1')}`)).toEqual([
      '스터디 12',
      '스터디 11',
      '스터디 10',
      '스터디 1',
    ]);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('0%')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('인_이')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('%%')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('__')}`)).toEqual([]);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q(' \\ ')}`)).toHaveLength(16);
    expect(await titles(`/api/recruitments/search?searchType=title&keyword=${q('트 \\ 백')}`)).toEqual(['100% 할인_이벤트 \\ 백슬래시']);
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

describe('GET /api/recruitments/{id} and /api/study-groups/{id}', () => {
  it('hides creatorContact from anonymous callers and shows the profile contact, else the phone', async () => {
    const post = await createRecruitment(t, author);
    expect((await t.get(`/api/recruitments/${post.id}`)).json().creatorContact).toBeNull();
    expect((await t.get(`/api/recruitments/${post.id}`, { token: 'not-a-token' })).json().creatorContact).toBeNull();
    expect((await t.get(`/api/recruitments/${post.id}`, { token: other.token })).json().creatorContact).toBe('01012345678');
    await addProfile(t, author, { contact: '비공개' });
    expect((await t.get(`/api/recruitments/${post.id}`, { token: other.token })).json().creatorContact).toBe('비공개');
  });

  it('answers 404 for a missing id or the other kind, 400 for a bad id', async () => {
    const study = await createStudy(t, author);
    const rec = await createRecruitment(t, author);
    expectError(await t.get('/api/recruitments/999999'), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await t.get(`/api/recruitments/${study.id}`), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await t.get(`/api/study-groups/${rec.id}`), 404, 'not_found', '해당 스터디 그룹 공고를 찾을 수 없습니다.');
    expectError(await t.get('/api/recruitments/abc'), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expect((await t.get(`/api/study-groups/${study.id}`)).statusCode).toBe(200);
  });

  it('answers 403 post_inactive for a closed post, to the author too', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    for (const token of [undefined, author.token]) {
      expectError(await t.get(`/api/recruitments/${rec.id}`, { token }), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
      expectError(await t.get(`/api/study-groups/${study.id}`, { token }), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
    }
  });
});

describe('PUT /api/recruitments/{id} and /api/study-groups/{id}', () => {
  it('replaces every field for the author', async () => {
    const post = await createRecruitment(t, author);
    const res = await t.put(`/api/recruitments/${post.id}`, {
      token: author.token,
      body: recruitmentBody({ title: '수정된 제목', tags: ['Vue'], totalMembers: 6, dueDate: '2025-07-01' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: post.id, title: '수정된 제목', tags: ['Vue'], totalMembers: 6, dueDate: '2025-07-01' });
    const study = await createStudy(t, author);
    const res2 = await t.put(`/api/study-groups/${study.id}`, { token: author.token, body: studyBody({ title: '새 스터디', endDate: '2025-09-30' }) });
    expect(res2.statusCode).toBe(200);
    expect(res2.json()).toMatchObject({ title: '새 스터디', endDate: '2025-09-30' });
  });

  it('checks existence, permission, state, validation, capacity, then the date rule', async () => {
    const post = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    const put = (url: string, token: string | undefined, body: unknown) => t.put(url, { token, body });
    expectError(await put(`/api/recruitments/${post.id}`, undefined, recruitmentBody()), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await put('/api/recruitments/999999', author.token, {}), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await put(`/api/recruitments/${study.id}`, author.token, {}), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await put(`/api/study-groups/${post.id}`, author.token, {}), 404, 'not_found', '해당 스터디 그룹 공고를 찾을 수 없습니다.');
    expectError(await put(`/api/recruitments/${post.id}`, other.token, {}), 403, 'forbidden', '모집 공고를 수정할 권한이 없습니다.');
    expectError(await put(`/api/study-groups/${study.id}`, other.token, {}), 403, 'forbidden', '모집글을 수정할 권한이 없습니다.');
    expectError(await put(`/api/recruitments/${post.id}`, author.token, { title: '' }), 400, 'validation_failed', '제목을 입력해주세요.');
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ title: '바뀌면 안 됨', tags: Array(11).fill(0).map((_, i) => `t${i}`) })),
      400,
      'validation_failed',
      '태그는 최대 10개까지 등록할 수 있습니다.',
    );
    expect((await t.get(`/api/recruitments/${post.id}`)).json()).toMatchObject({ title: '사이드 프로젝트 팀원 모집', tags: ['React', 'TypeScript'] });
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ dueDate: '2025-05-31' })),
      400,
      'validation_failed',
      '마감일은 생성일 이후로 설정해야 합니다.',
    );

    // Fill a seat, then refuse a total below the current count before the date rule.
    const member = await t.user();
    await addProfile(t, member);
    const appId = await applyTo(t, member, post.id);
    expect((await decide(t, author, appId, 'APPROVED')).statusCode).toBe(200);
    // 2 seats taken, total 2: allowed, so the date rule answers.
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ totalMembers: 2, dueDate: '2025-05-01' })),
      400,
      'validation_failed',
      '마감일은 생성일 이후로 설정해야 합니다.',
    );
    await t.db.update(basePosts).set({ currentMembers: 3 }).where(eq(basePosts.id, post.id));
    expectError(
      await put(`/api/recruitments/${post.id}`, author.token, recruitmentBody({ totalMembers: 2, dueDate: '2025-05-01' })),
      400,
      'below_current_members',
      '현재 인원보다 적게 설정할 수 없습니다.',
    );

    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    expectError(await put(`/api/recruitments/${post.id}`, author.token, {}), 403, 'post_inactive', '이미 종료된 공고는 수정할 수 없습니다.');
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    expectError(await put(`/api/study-groups/${study.id}`, author.token, {}), 403, 'post_inactive', '이미 종료된 공고는 수정할 수 없습니다.');
  });

  it('allows a due date from the creation day on, after that day has passed', async () => {
    const post = await createRecruitment(t, author);
    t.clock.advance(13 * 60 * 60 * 1000); // 01:00 the next day in Seoul
    try {
      const res = await t.put(`/api/recruitments/${post.id}`, { token: author.token, body: recruitmentBody({ dueDate: '2025-06-01' }) });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });
});

describe('close and delete', () => {
  it('closes idempotently with the kind-specific text', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    for (let i = 0; i < 2; i++) {
      const r = await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).toBe('프로젝트 모집 공고가 마감되었습니다.');
    }
    expect((await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token })).body).toBe('스터디 그룹 공고가 마감되었습니다.');
  });

  it('refuses close with 404 / 403 texts', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    expectError(await t.patch(`/api/recruitments/${rec.id}/close`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.patch('/api/recruitments/999999/close', { token: author.token }), 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expectError(await t.patch(`/api/recruitments/${study.id}/close`, { token: author.token }), 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expectError(await t.patch(`/api/study-groups/${rec.id}/close`, { token: author.token }), 404, 'not_found', '해당 스터디 그룹 공고를 찾을 수 없습니다.');
    expectError(await t.patch(`/api/recruitments/${rec.id}/close`, { token: other.token }), 403, 'forbidden', '모집 공고를 마감할 권한이 없습니다.');
    expectError(await t.patch(`/api/study-groups/${study.id}/close`, { token: other.token }), 403, 'forbidden', '스터디 그룹 공고를 마감할 권한이 없습니다.');
    expect((await t.get(`/api/recruitments/${rec.id}`)).statusCode).toBe(200);
  });

  it('deletes a recruitment with its tags, applications and view records (204)', async () => {
    const rec = await createRecruitment(t, author);
    const applicant = await t.user();
    await addProfile(t, applicant);
    await applyTo(t, applicant, rec.id);
    await t.post(`/api/base-posts/${rec.id}/view`, { token: other.token });
    const res = await t.delete(`/api/recruitments/${rec.id}`, { token: author.token });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(basePosts).where(eq(basePosts.id, rec.id))).toEqual([]);
    expect(await t.db.select().from(postTags).where(eq(postTags.postId, rec.id))).toEqual([]);
    expect(await t.db.select().from(viewRecords).where(eq(viewRecords.targetId, rec.id))).toEqual([]);
    expect((await t.get('/api/applications/my-list', { token: applicant.token })).json()).toEqual([]);
  });

  it('refuses delete with each kind-specific 404 / 403 and post_has_group', async () => {
    const rec = await createRecruitment(t, author);
    const study = await createStudy(t, author);
    expectError(await t.delete(`/api/recruitments/${rec.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete(`/api/recruitments/${study.id}`, { token: author.token }), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expectError(await t.delete(`/api/study-groups/${rec.id}`, { token: author.token }), 404, 'not_found', '스터디 그룹 모집글을 찾을 수 없습니다.');
    expectError(await t.delete(`/api/recruitments/${rec.id}`, { token: other.token }), 403, 'forbidden', '공고 삭제 권한이 없습니다.');
    expectError(await t.delete(`/api/study-groups/${study.id}`, { token: other.token }), 403, 'forbidden', '모집글을 삭제할 권한이 없습니다.');
    expectError(await t.delete(`/api/base-posts/${study.id}`, { token: other.token }), 403, 'forbidden', '공고 삭제 권한이 없습니다.');
    expectError(await t.delete('/api/base-posts/999999', { token: author.token }), 404, 'not_found', '공고를 찾을 수 없습니다.');
    expectError(await t.delete(`/api/base-posts/${study.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete('/api/base-posts/0', { token: author.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');

    await t.patch(`/api/recruitments/${rec.id}/close`, { token: author.token });
    const g = await t.post('/api/groups', { token: author.token, body: { basePostId: rec.id, name: '그룹 이름', description: '설명' } });
    expect(g.statusCode).toBe(201);
    const hasGroup = '그룹이 생성된 공고는 삭제할 수 없습니다. 그룹을 먼저 삭제해주세요.';
    expectError(await t.delete(`/api/recruitments/${rec.id}`, { token: author.token }), 400, 'post_has_group', hasGroup);
    expectError(await t.delete(`/api/base-posts/${rec.id}`, { token: author.token }), 400, 'post_has_group', hasGroup);

    const del = await t.delete(`/api/base-posts/${study.id}`, { token: author.token });
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
  });
});

describe('POST /api/base-posts/{id}/view', () => {
  it('counts one view per user per 24 h, anonymous viewers by address and agent, inactive posts too', async () => {
    const post = await createStudy(t, author);
    const views = async () => (await t.db.select({ v: basePosts.views }).from(basePosts).where(eq(basePosts.id, post.id)))[0].v;
    const view = (opts: { token?: string; ip?: string; ua?: string } = {}) =>
      t.post(`/api/base-posts/${post.id}/view`, { token: opts.token, ip: opts.ip, headers: { 'user-agent': opts.ua ?? 'ua-1' } });
    const r = await view({ token: other.token });
    expect(r.statusCode).toBe(204);
    await Promise.all([view({ token: other.token }), view({ token: other.token })]);
    expect(await views()).toBe(1);
    await view({ ip: '10.9.0.1' });
    await view({ ip: '10.9.0.1' });
    expect(await views()).toBe(2);
    await view({ ip: '10.9.0.1', ua: 'ua-2' });
    await view({ ip: '10.9.0.2' });
    expect(await views()).toBe(4);
    t.clock.advance(24 * 60 * 60 * 1000 - 1000);
    try {
      await view({ ip: '10.9.0.1' });
      expect(await views()).toBe(4);
      t.clock.advance(2000);
      await t.db.update(basePosts).set({ inactive: true }).where(eq(basePosts.id, post.id));
      await view({ ip: '10.9.0.1' });
      expect(await views()).toBe(5);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });

  it('answers 404 for a missing post and 429 over 60 per minute per address', async () => {
    expectError(await t.post('/api/base-posts/999999/view'), 404, 'not_found', '공고를 찾을 수 없습니다.');
    const post = await createStudy(t, author);
    const ip = nextIp();
    for (let i = 0; i < 60; i++) await t.post(`/api/base-posts/${post.id}/view`, { ip });
    const res = await t.post(`/api/base-posts/${post.id}/view`, { ip });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/base-posts/my-posts', () => {
  it("lists the caller's posts without a group, newest first, with every applicant counted", async () => {
    const me = await t.user();
    expect((await t.get('/api/base-posts/my-posts', { token: me.token })).json()).toEqual([]);
    const rec = await createRecruitment(t, me, { title: '내 공고' });
    t.clock.advance(1000);
    const study = await createStudy(t, me, { title: '내 스터디' });
    const grouped = await createRecruitment(t, me, { title: '그룹된 공고' });
    t.clock.set(NOON_SEOUL);
    const a1 = await t.user();
    const a2 = await t.user();
    await addProfile(t, a1);
    await addProfile(t, a2);
    await applyTo(t, a1, rec.id);
    const rejected = await applyTo(t, a2, rec.id);
    await decide(t, me, rejected, 'REJECTED');
    await t.patch(`/api/recruitments/${grouped.id}/close`, { token: me.token });
    await t.post('/api/groups', { token: me.token, body: { basePostId: grouped.id, name: '우리 그룹', description: '설명' } });

    const res = await t.get('/api/base-posts/my-posts', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        basePostId: study.id,
        title: '내 스터디',
        inactive: false,
        postType: 'STUDY_GROUP',
        createdAt: '2025-06-01T12:00:01+09:00',
        dueDate: '2025-06-05',
        currentMembers: 1,
        totalMembers: 3,
        topic: '알고리즘',
        applicantCount: 0,
        hasGroup: false,
      },
      expect.objectContaining({ basePostId: rec.id, postType: 'RECRUITMENT', applicantCount: 2, inactive: false }),
    ]);
    expectError(await t.get('/api/base-posts/my-posts'), 401, 'login_required', '로그인이 필요합니다.');
  });
});

describe('inactivity by date (Asia/Seoul)', () => {
  it('makes a post due yesterday inactive right after Seoul midnight, and the catch-up stores it', async () => {
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    t.clock.set('2025-06-01T14:59:59Z'); // 23:59:59 in Seoul: still open through its due date
    try {
      expect((await t.get(`/api/recruitments/${post.id}`)).statusCode).toBe(200);
      t.clock.set('2025-06-01T15:00:00Z'); // 00:00 in Seoul
      expectError(await t.get(`/api/recruitments/${post.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
      const listed = (await t.get('/api/recruitments')).json().content.find((c: { id: number }) => c.id === post.id);
      expect(listed.inactive).toBe(true);

      const stored = async () => (await t.db.select({ i: basePosts.inactive }).from(basePosts).where(eq(basePosts.id, post.id)))[0].i;
      expect(await stored()).toBe(false);
      expect(await closeOverduePosts(t.db, '2025-06-02')).toBeGreaterThan(0);
      expect(await stored()).toBe(true);
      expect(await closeOverduePosts(t.db, '2025-06-02')).toBe(0);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
    // Stored inactive: nothing reopens it, whatever the date.
    expectError(await t.get(`/api/recruitments/${post.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
  });

  it('closes overdue posts at start-up (catch-up) after a restart', async () => {
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    // What a (re)started server runs first: the catch-up, on the Feature's start hook.
    t.clock.set('2025-06-03T00:00:00Z');
    try {
      const stop = startAutoClose(t.ctx);
      await new Promise((r) => setTimeout(r, 200));
      stop();
      const [row] = await t.db.select({ i: basePosts.inactive }).from(basePosts).where(eq(basePosts.id, post.id));
      expect(row.i).toBe(true);
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });
});

describe('rate limit', () => {
  it('allows 20 creates per hour per user', async () => {
    const busy = await t.user();
    for (let i = 0; i < 20; i++) {
      const r = await t.post('/api/recruitments', { token: busy.token, body: recruitmentBody() });
      expect(r.statusCode).toBe(201);
    }
    expectError(await t.post('/api/study-groups', { token: busy.token, body: studyBody() }), 429, 'rate_limited');
  });
});
