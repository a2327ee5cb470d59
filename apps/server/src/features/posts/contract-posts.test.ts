/**
 * QA: docs/api.md §3.2-3.5, POST /api/groups (3.6), 2.2-2.4, 4.1 and 7, read literally, for what the feature
 * tests do not cover: exact key sets, effective inactivity in every view, study-group rules, base-post
 * routes, ids as numeric strings, system 쪽지 details and withdrawal side effects.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basePosts } from '../../db/schema/index.js';
import { expectError, nextIp, useTestApp, type TestUser } from '../../../test/helpers.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  NOON_SEOUL,
  recruitmentBody,
  studyBody,
} from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('QA작성자');
const viewer = t.suiteUser('QA구경꾼');
beforeEach(async () => {
  t.clock.set(NOON_SEOUL);
  await Promise.all([author, viewer].map(t.relogin));
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const keys = (o: unknown) => Object.keys(o as object).sort();
const sorted = (a: string[]) => [...a].sort();
const RECRUITMENT_ITEM = sorted([
  'id',
  'title',
  'dueDate',
  'createdAt',
  'currentMembers',
  'totalMembers',
  'tags',
  'creatorNickname',
  'inactive',
  'views',
  'topic',
]);
const RECRUITMENT = sorted([
  'id',
  'title',
  'description',
  'createdDateTime',
  'dueDate',
  'currentMembers',
  'totalMembers',
  'tags',
  'creatorNickname',
  'creatorContact',
  'topic',
  'views',
]);
const STUDY_ITEM = sorted([
  'id',
  'creatorNickname',
  'title',
  'currentMembers',
  'totalMembers',
  'topic',
  'inactive',
  'dueDate',
  'createdAt',
  'views',
  'startDate',
  'endDate',
]);
const STUDY = sorted([
  'id',
  'creatorNickname',
  'title',
  'description',
  'currentMembers',
  'totalMembers',
  'topic',
  'startDate',
  'endDate',
  'dueDate',
  'createdDateTime',
  'creatorContact',
  'views',
]);
const PAGE_KEYS = sorted(['content', 'number', 'size', 'totalElements', 'totalPages', 'first', 'last', 'empty']);

async function member(nickname?: string) {
  const u = await t.user(nickname);
  await addProfile(t, u, { contact: '01099998888', field: '프론트엔드', techStacks: ['React'] });
  return u;
}
const close = (u: TestUser, id: number, kind = 'recruitments') => t.patch(`/api/${kind}/${id}/close`, { token: u.token });
const groupBody = (basePostId: number | string, over: Record<string, unknown> = {}) => ({
  basePostId,
  name: 'QA 그룹',
  description: '그룹 설명',
  ...over,
});

describe('shapes (3.3, 3.4, 1.1)', () => {
  it('recruitment list, search, popular and detail have exactly the contract keys', async () => {
    const post = await createRecruitment(t, author, { title: 'QA모양 공고' });
    await t.post(`/api/base-posts/${post.id}/view`, { token: viewer.token });
    const list = (await t.get('/api/recruitments')).json();
    expect(keys(list)).toEqual(PAGE_KEYS);
    expect(list.size).toBe(16);
    const item = list.content.find((r: { id: number }) => r.id === post.id);
    expect(keys(item)).toEqual(RECRUITMENT_ITEM);
    expect(item.createdAt).toMatch(DATE_TIME);
    const search = (await t.get(`/api/recruitments/search?keyword=${encodeURIComponent('QA모양')}`)).json();
    expect(keys(search)).toEqual(PAGE_KEYS);
    expect(keys(search.content[0])).toEqual(RECRUITMENT_ITEM);
    const popular = (await t.get('/api/recruitments/popular')).json();
    expect(keys(popular.find((r: { id: number }) => r.id === post.id))).toEqual(RECRUITMENT_ITEM);
    const detail = (await t.get(`/api/recruitments/${post.id}`)).json();
    expect(keys(detail)).toEqual(RECRUITMENT);
    expect(detail.createdDateTime).toMatch(DATE_TIME);
    expect(detail.creatorContact).toBeNull();
  });

  it('study list, search, popular, detail and create/edit answers have exactly the contract keys', async () => {
    const created = await t.post('/api/study-groups', { token: author.token, body: studyBody({ title: 'QA모양 스터디' }) });
    expect(created.statusCode).toBe(201);
    expect(keys(created.json())).toEqual(STUDY);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      currentMembers: 1,
      views: 0,
      startDate: '2025-06-07',
      endDate: '2025-08-30',
      dueDate: '2025-06-05',
    });
    await t.post(`/api/base-posts/${id}/view`, { token: viewer.token });
    const list = (await t.get('/api/study-groups')).json();
    expect(list.size).toBe(12);
    expect(keys(list.content.find((r: { id: number }) => r.id === id))).toEqual(STUDY_ITEM);
    const search = (await t.get(`/api/study-groups/search?searchType=title&keyword=${encodeURIComponent('QA모양')}`)).json();
    expect(search.content.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(keys(search.content[0])).toEqual(STUDY_ITEM);
    const popular = (await t.get('/api/study-groups/popular')).json();
    expect(keys(popular.find((r: { id: number }) => r.id === id))).toEqual(STUDY_ITEM);
    const detail = (await t.get(`/api/study-groups/${id}`, { token: viewer.token })).json();
    expect(keys(detail)).toEqual(STUDY);
    expect(detail.creatorContact).toBe('01012345678');
    const edit = await t.put(`/api/study-groups/${id}`, { token: author.token, body: studyBody({ title: '  QA 고친 스터디 ' }) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(keys(edit.json())).toEqual(STUDY);
    expect(edit.json().title).toBe('QA 고친 스터디');
  });

  it('creatorContact is the profile contact, 비공개 included, for a logged-in viewer', async () => {
    const u = await t.user();
    await addProfile(t, u, { contact: '비공개' });
    const s = await createStudy(t, u);
    expect((await t.get(`/api/study-groups/${s.id}`, { token: viewer.token })).json().creatorContact).toBe('비공개');
    expect((await t.get(`/api/study-groups/${s.id}`)).json().creatorContact).toBeNull();
  });

  it('an invalid token on a public detail is ignored: 200 with creatorContact null', async () => {
    const post = await createRecruitment(t, author);
    for (const token of ['not-a-jwt', `${viewer.token}x`]) {
      const res = await t.get(`/api/recruitments/${post.id}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().creatorContact).toBeNull();
    }
  });
});

describe('effective inactivity (2.2)', () => {
  it('a post past its due date shows inactive: true in lists and searches and leaves popular', async () => {
    const post = await createRecruitment(t, author, { title: 'QA기한지남 공고', dueDate: '2025-06-01' });
    const study = await createStudy(t, author, { title: 'QA기한지남 스터디', dueDate: '2025-06-01' });
    await t.post(`/api/base-posts/${post.id}/view`, { token: viewer.token });
    await t.post(`/api/base-posts/${study.id}/view`, { token: viewer.token });
    expect((await t.get('/api/recruitments/popular')).json().some((r: { id: number }) => r.id === post.id)).toBe(true);
    t.clock.set('2025-06-01T15:00:01Z'); // 00:00:01 on 2025-06-02 in Seoul; no job ran
    const list = (await t.get('/api/recruitments')).json();
    expect(list.content.find((r: { id: number }) => r.id === post.id).inactive).toBe(true);
    const slist = (await t.get(`/api/study-groups/search?keyword=${encodeURIComponent('QA기한지남')}`)).json();
    expect(slist.content.find((r: { id: number }) => r.id === study.id).inactive).toBe(true);
    expect((await t.get('/api/recruitments/popular')).json().some((r: { id: number }) => r.id === post.id)).toBe(false);
    expect((await t.get('/api/study-groups/popular')).json().some((r: { id: number }) => r.id === study.id)).toBe(false);
    expectError(await t.get(`/api/study-groups/${study.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
    expectError(
      await t.put(`/api/study-groups/${study.id}`, { token: author.token, body: studyBody() }),
      403,
      'post_inactive',
      '이미 종료된 공고는 수정할 수 없습니다.',
    );
    // still accepts view counting and close (idempotent)
    expect((await t.post(`/api/base-posts/${study.id}/view`, { ip: nextIp() })).statusCode).toBe(204);
    const closed = await close(author, study.id, 'study-groups');
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toBe('스터디 그룹 공고가 마감되었습니다.');
  });

  it('my-posts and my-list show the effective inactivity', async () => {
    const u = await member();
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    await applyTo(t, u, post.id);
    t.clock.set('2025-06-01T15:00:01Z');
    const mine = (await t.get('/api/base-posts/my-posts', { token: author.token })).json();
    expect(mine.find((p: { basePostId: number }) => p.basePostId === post.id).inactive).toBe(true);
    const apps = (await t.get('/api/applications/my-list', { token: u.token })).json();
    expect(apps.find((a: { basePostId: number }) => a.basePostId === post.id).inactive).toBe(true);
  });
});

describe('unknown and actor fields are ignored (1.5, 2.2)', () => {
  it('create and edit ignore id, creatorId, currentMembers, views, inactive and kind fields in the body', async () => {
    const extra = {
      id: 1,
      creatorId: viewer.id,
      creatorNickname: 'x',
      currentMembers: 3,
      views: 99,
      inactive: true,
      kind: 'STUDY_GROUP',
      createdDateTime: '2020-01-01T00:00:00+09:00',
    };
    const res = await t.post('/api/recruitments', { token: author.token, body: recruitmentBody(extra) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      currentMembers: 1,
      views: 0,
      creatorNickname: 'QA작성자',
      createdDateTime: '2025-06-01T12:00:00+09:00',
    });
    const id = res.json().id;
    const row = (await t.db.select().from(basePosts).where(eq(basePosts.id, id)))[0];
    expect(row).toMatchObject({ creatorId: author.id, kind: 'RECRUITMENT', inactive: false, currentMembers: 1, views: 0 });
    const edit = await t.put(`/api/recruitments/${id}`, {
      token: author.token,
      body: recruitmentBody({ ...extra, title: '고친 제목' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ id, title: '고친 제목', currentMembers: 1, views: 0 });
    expect((await t.get(`/api/recruitments/${id}`)).statusCode).toBe(200);
    const s = await t.post('/api/study-groups', { token: author.token, body: studyBody({ ...extra, kind: 'RECRUITMENT' }) });
    expect(s.statusCode).toBe(201);
    expect((await t.get(`/api/study-groups/${s.json().id}`)).statusCode).toBe(200);
  });
});

describe('list totals (1.4)', () => {
  it('totalElements of the unfiltered lists follow creates, deletes of either route, and withdrawal', async () => {
    const dbCount = async (kind: 'RECRUITMENT' | 'STUDY_GROUP') =>
      (await t.db.select().from(basePosts).where(eq(basePosts.kind, kind))).length;
    const check = async () => {
      const r = (await t.get('/api/recruitments')).json();
      const s = (await t.get('/api/study-groups')).json();
      expect(r.totalElements).toBe(await dbCount('RECRUITMENT'));
      expect(s.totalElements).toBe(await dbCount('STUDY_GROUP'));
      expect(r.totalPages).toBe(Math.ceil(r.totalElements / 16));
      expect(s.totalPages).toBe(Math.ceil(s.totalElements / 12));
    };
    await check();
    const leaver = await t.user();
    const r1 = await createRecruitment(t, leaver);
    await createRecruitment(t, leaver);
    const s1 = await createStudy(t, leaver);
    await createStudy(t, leaver);
    await check();
    expect((await t.delete(`/api/recruitments/${r1.id}`, { token: leaver.token })).statusCode).toBe(204);
    expect((await t.delete(`/api/base-posts/${s1.id}`, { token: leaver.token })).statusCode).toBe(200);
    await check();
    expect((await t.delete(`/api/users/${leaver.id}`, { token: leaver.token })).statusCode).toBe(200);
    await check();
  });
});

describe('study-group rules (1.6, 3.4)', () => {
  it.each([
    [{ title: '가' }, '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.'],
    [{ title: '가'.repeat(51) }, '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.'],
    [{ title: '  ' }, '스터디 제목은 필수 입력 값입니다.'],
    [{ description: '가'.repeat(501) }, '스터디 설명은 최대 500자까지 입력 가능합니다.'],
    [{ description: ' ' }, '스터디 설명을 입력해주세요.'],
    [{ totalMembers: 1 }, '스터디 인원은 최소 2명 이상이어야 합니다.'],
    [{ totalMembers: 101 }, '스터디 인원은 최대 100명까지 가능합니다.'],
    [{ topic: '' }, '스터디 주제를 입력해주세요.'],
    [{ topic: '가'.repeat(51) }, '스터디 주제는 최대 50자까지 입력 가능합니다.'],
    [{ startDate: undefined }, '스터디 시작 날짜를 입력해주세요.'],
    [{ endDate: '' }, '스터디 종료 날짜를 입력해주세요.'],
    [{ endDate: '2025-06-01' }, '스터디 종료 날짜는 현재 날짜 이후여야 합니다.'],
    [{ startDate: '2025-07-01', endDate: '2025-06-30' }, '시작일은 종료일 이전으로 설정되어야 합니다.'],
    [{ dueDate: undefined }, '공고 마감날짜를 선택해주세요.'],
    [{ dueDate: '2025-05-31' }, '마감일은 생성일 이후로 설정해야 합니다.'],
  ])('refuses %j with its text', async (over, text) => {
    expectError(
      await t.post('/api/study-groups', { token: author.token, body: studyBody(over) }),
      400,
      'validation_failed',
      text,
    );
  });

  it('accepts 2 and 50 characters, 2 and 100 members, start = end, an end date of tomorrow', async () => {
    await createStudy(t, author, { title: '가나', totalMembers: 2, startDate: '2025-06-02', endDate: '2025-06-02' });
    await createStudy(t, author, { title: '가'.repeat(50), totalMembers: 100 });
  });

  it('edit: below current members, then the due-date rule against the creation day', async () => {
    const s = await createStudy(t, author, { totalMembers: 2 });
    const u = await member();
    await decide(t, author, await applyTo(t, u, s.id), 'APPROVED');
    t.clock.set('2025-06-03T03:00:00Z');
    await t.relogin(author);
    expectError(
      await t.put(`/api/study-groups/${s.id}`, { token: author.token, body: studyBody({ totalMembers: 1 }) }),
      400,
      'validation_failed',
      '스터디 인원은 최소 2명 이상이어야 합니다.',
    );
    expectError(
      await t.put(`/api/study-groups/${s.id}`, { token: author.token, body: studyBody({ dueDate: '2025-05-31' }) }),
      400,
      'validation_failed',
      '마감일은 생성일 이후로 설정해야 합니다.',
    );
    // the creation day itself is allowed on edit, even though it is now in the past (the post then reads as inactive)
    const ok = await t.put(`/api/study-groups/${s.id}`, { token: author.token, body: studyBody({ dueDate: '2025-06-01' }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().currentMembers).toBe(2);
    expectError(await t.get(`/api/study-groups/${s.id}`), 403, 'post_inactive', '이미 종료된 공고는 조회할 수 없습니다.');
  });

  it('edit texts for missing, not-author; the other kind is 404', async () => {
    const s = await createStudy(t, author);
    const r = await createRecruitment(t, author);
    expectError(
      await t.put(`/api/study-groups/${r.id}`, { token: author.token, body: studyBody() }),
      404,
      'not_found',
      '해당 스터디 그룹 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.put(`/api/recruitments/${s.id}`, { token: author.token, body: recruitmentBody() }),
      404,
      'not_found',
      '해당 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.put(`/api/study-groups/${s.id}`, { token: viewer.token, body: {} }),
      403,
      'forbidden',
      '모집글을 수정할 권한이 없습니다.',
    );
    expectError(
      await t.patch(`/api/study-groups/${r.id}/close`, { token: author.token }),
      404,
      'not_found',
      '해당 스터디 그룹 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.patch(`/api/recruitments/${s.id}/close`, { token: author.token }),
      404,
      'not_found',
      '해당 모집 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.delete(`/api/study-groups/${r.id}`, { token: author.token }),
      404,
      'not_found',
      '스터디 그룹 모집글을 찾을 수 없습니다.',
    );
  });
});

describe('search (3.3, 3.4, 8.24)', () => {
  it('by creator nickname, case-insensitively, for both kinds; an unknown type means all', async () => {
    const u = await t.user('QaCreatorXyz');
    const r = await createRecruitment(t, u, { title: '아무 제목' });
    const s = await createStudy(t, u, { title: '아무 스터디' });
    const rs = (await t.get('/api/recruitments/search?searchType=creator&keyword=qacreatorx')).json();
    expect(rs.content.map((x: { id: number }) => x.id)).toEqual([r.id]);
    const ss = (await t.get('/api/study-groups/search?searchType=creator&keyword=QACREATORX')).json();
    expect(ss.content.map((x: { id: number }) => x.id)).toEqual([s.id]);
    const unknown = (await t.get('/api/study-groups/search?searchType=nickname&keyword=creatorxyz')).json();
    expect(unknown.content.map((x: { id: number }) => x.id)).toEqual([s.id]);
    // the title filter does not look at the creator
    expect((await t.get('/api/recruitments/search?searchType=title&keyword=creatorxyz')).json().totalElements).toBe(0);
  });

  it('a keyword of exactly 50 characters is fine; 51 after trimming is 400 for study groups too', async () => {
    expect((await t.get(`/api/study-groups/search?keyword=${'a'.repeat(50)}`)).statusCode).toBe(200);
    expectError(
      await t.get(`/api/study-groups/search?keyword=${'가'.repeat(51)}`),
      400,
      'validation_failed',
      '검색어는 최대 50자까지 입력 가능합니다.',
    );
    expect((await t.get(`/api/recruitments/search?keyword=${encodeURIComponent(`  ${'a'.repeat(50)}  `)}`)).statusCode).toBe(200);
  });

  it('% and _ in a study keyword match literally; the search does not mix kinds', async () => {
    const s = await createStudy(t, author, { title: 'QA100%_달성' });
    await createRecruitment(t, author, { title: 'QA100%_달성' });
    const hit = (await t.get(`/api/study-groups/search?keyword=${encodeURIComponent('100%_')}`)).json();
    expect(hit.content.map((x: { id: number }) => x.id)).toEqual([s.id]);
    const miss = (await t.get(`/api/study-groups/search?keyword=${encodeURIComponent('QA1%달')}`)).json();
    expect(miss.totalElements).toBe(0);
  });
});

describe('base posts (3.5)', () => {
  it('DELETE /api/base-posts/{id}: 200 with an empty body, either kind; errors in order', async () => {
    const s = await createStudy(t, author);
    expectError(await t.delete('/api/base-posts/999999', { token: author.token }), 404, 'not_found', '공고를 찾을 수 없습니다.');
    expectError(
      await t.delete(`/api/base-posts/${s.id}`, { token: viewer.token }),
      403,
      'forbidden',
      '공고 삭제 권한이 없습니다.',
    );
    const res = await t.delete(`/api/base-posts/${s.id}`, { token: author.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await t.db.select().from(basePosts).where(eq(basePosts.id, s.id))).toEqual([]);
    const r = await createRecruitment(t, author);
    await close(author, r.id);
    expect((await t.post('/api/groups', { token: author.token, body: groupBody(r.id) })).statusCode).toBe(201);
    expectError(
      await t.delete(`/api/base-posts/${r.id}`, { token: author.token }),
      400,
      'post_has_group',
      '그룹이 생성된 공고는 삭제할 수 없습니다. 그룹을 먼저 삭제해주세요.',
    );
    expectError(
      await t.delete(`/api/base-posts/${r.id}`, { token: viewer.token }),
      403,
      'forbidden',
      '공고 삭제 권한이 없습니다.',
    );
  });

  it('my-posts: exact keys, applicantCount of every status, hasGroup false; a grouped post leaves', async () => {
    const u = await t.user();
    const post = await createRecruitment(t, u, { totalMembers: 5 });
    const study = await createStudy(t, u);
    const [a, b, c] = [await member(), await member(), await member()];
    await decide(t, u, await applyTo(t, a, post.id), 'APPROVED');
    await decide(t, u, await applyTo(t, b, post.id), 'REJECTED');
    await applyTo(t, c, post.id);
    const mine = (await t.get('/api/base-posts/my-posts', { token: u.token })).json();
    expect(mine.map((p: { basePostId: number }) => p.basePostId)).toEqual([study.id, post.id]);
    expect(keys(mine[1])).toEqual(
      sorted([
        'basePostId',
        'title',
        'inactive',
        'postType',
        'createdAt',
        'dueDate',
        'currentMembers',
        'totalMembers',
        'topic',
        'applicantCount',
        'hasGroup',
      ]),
    );
    expect(mine[1]).toMatchObject({
      postType: 'RECRUITMENT',
      applicantCount: 3,
      currentMembers: 2,
      totalMembers: 5,
      hasGroup: false,
      inactive: false,
    });
    expect(mine[0]).toMatchObject({ postType: 'STUDY_GROUP', applicantCount: 0 });
    expect(mine[1].createdAt).toMatch(DATE_TIME);
    await close(u, post.id);
    expect((await t.post('/api/groups', { token: u.token, body: groupBody(post.id) })).statusCode).toBe(201);
    const after = (await t.get('/api/base-posts/my-posts', { token: u.token })).json();
    expect(after.map((p: { basePostId: number }) => p.basePostId)).toEqual([study.id]);
  });

  it('view: 204 for a study id, 404 for a missing one; views show on the item', async () => {
    const s = await createStudy(t, author, { title: 'QA조회수 스터디' });
    const res = await t.post(`/api/base-posts/${s.id}/view`, { ip: nextIp(), headers: { 'user-agent': 'qa' } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await t.post('/api/base-posts/999999/view', { ip: nextIp() }), 404, 'not_found', '공고를 찾을 수 없습니다.');
    expect((await t.get(`/api/study-groups/${s.id}`)).json().views).toBe(1);
  });

  it('close is idempotent and works with an empty JSON body; a post with a group can still be closed', async () => {
    const r = await createRecruitment(t, author);
    const res = await t.patch(`/api/recruitments/${r.id}/close`, {
      token: author.token,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.body).toBe('프로젝트 모집 공고가 마감되었습니다.');
    expect((await t.post('/api/groups', { token: author.token, body: groupBody(r.id) })).statusCode).toBe(201);
    expect((await close(author, r.id)).statusCode).toBe(200);
    expectError(await close(viewer, r.id), 403, 'forbidden', '모집 공고를 마감할 권한이 없습니다.');
  });
});

describe('views and unknown routes (8.23, 1.1)', () => {
  it('concurrent views by one viewer count once', async () => {
    const r = await createRecruitment(t, author);
    await Promise.all(Array.from({ length: 8 }, () => t.post(`/api/base-posts/${r.id}/view`, { token: viewer.token })));
    expect((await t.db.select().from(basePosts).where(eq(basePosts.id, r.id)))[0].views).toBe(1);
  });

  it('wrong method and unknown sub-route answer the Korean 404', async () => {
    expectError(
      await t.post('/api/recruitments/1/close', { token: author.token }),
      404,
      'not_found',
      '요청한 리소스를 찾을 수 없습니다.',
    );
    expectError(await t.get('/api/recruitments/1/foo'), 404, 'not_found', '요청한 리소스를 찾을 수 없습니다.');
  });
});
