import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { applicationProfiles, applications, basePosts } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import {
  addProfile,
  applyTo,
  createRecruitment,
  createStudy,
  decide,
  inbox,
  NOON_SEOUL,
  whilePostIsDeleted,
} from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('공고주');

const applicationCount = async () => (await t.db.select({ n: count() }).from(applications))[0].n;
const current = async (postId: number) =>
  (await t.db.select({ c: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0].c;

async function applicantWithProfile(nickname?: string) {
  const u = await t.user(nickname);
  await addProfile(t, u, { contact: '비공개', field: '디자인', techStacks: ['Figma'] });
  return u;
}

describe('POST /api/applications', () => {
  it('applies with the profile (201) and sends the two 쪽지, applicant first', async () => {
    const post = await createRecruitment(t, author, { title: '쪽지 공고' });
    const u = await applicantWithProfile('지원자A');
    const res = await t.post('/api/applications', { token: u.token, body: { recruitmentId: String(post.id) } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      applicationId: expect.any(Number),
      applicantNickname: '지원자A',
      status: 'PENDING',
      techStacks: ['Figma'],
      field: '디자인',
      contact: '비공개',
    });
    expect(await inbox(t, u)).toEqual(['▷쪽지 공고◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.']);
    expect((await inbox(t, author)).at(-1)).toBe("지원자A님이 '쪽지 공고' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.");
  });

  it('accepts a study-group id too', async () => {
    const study = await createStudy(t, author);
    const u = await applicantWithProfile();
    await applyTo(t, u, study.id);
  });

  it('checks every rule in the contract order and stores nothing on failure', async () => {
    const post = await createRecruitment(t, author, { totalMembers: 2 });
    const noProfile = await t.user();
    const apply = (u: TestUser, body: unknown) => t.post('/api/applications', { token: u.token, body });
    const before = await applicationCount();
    expectError(
      await t.post('/api/applications', { body: { recruitmentId: post.id } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
    expectError(await apply(noProfile, {}), 400, 'validation_failed', '공고 정보가 올바르지 않습니다.');
    expectError(await apply(noProfile, { recruitmentId: 'abc' }), 400, 'validation_failed', '공고 정보가 올바르지 않습니다.');
    expectError(await apply(noProfile, { recruitmentId: 999999 }), 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expectError(await apply(author, { recruitmentId: post.id }), 400, 'own_post', '자신이 작성한 공고에는 지원할 수 없습니다.');
    expectError(await apply(noProfile, { recruitmentId: post.id }), 400, 'profile_required', '지원 정보를 먼저 등록해주세요.');
    expect(await applicationCount()).toBe(before);

    const first = await applicantWithProfile();
    const appId = await applyTo(t, first, post.id);
    expectError(await apply(first, { recruitmentId: post.id }), 409, 'already_applied', '이미 이 공고에 지원했습니다.');
    await decide(t, author, appId, 'APPROVED');
    // Full (2 of 2) is checked before the profile.
    expectError(await apply(noProfile, { recruitmentId: post.id }), 400, 'post_full', '모집 인원이 마감되었습니다.');
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    // Inactive is checked before own post and full.
    expectError(await apply(author, { recruitmentId: post.id }), 400, 'post_inactive', '마감된 공고에는 지원이 불가능합니다.');
  });

  it('refuses a rejected applicant forever', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicantWithProfile();
    const id = await applyTo(t, u, post.id);
    await decide(t, author, id, 'REJECTED');
    expectError(await t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } }), 409, 'already_applied');
  });

  it('refuses a post past its due date (Seoul) as inactive', async () => {
    const post = await createRecruitment(t, author, { dueDate: '2025-06-01' });
    const u = await applicantWithProfile();
    t.clock.set('2025-06-01T15:00:01Z');
    try {
      expectError(await t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } }), 400, 'post_inactive');
    } finally {
      t.clock.set(NOON_SEOUL);
    }
  });

  it('creates exactly one application for two concurrent applies by one user', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicantWithProfile();
    const [a, b] = await Promise.all([
      t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } }),
      t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expectError(
      [a, b].find((r) => r.statusCode === 409)!,
      409,
      'already_applied',
      '이미 이 공고에 지원했습니다.',
    );
    const rows = await t.db.select().from(applications).where(eq(applications.postId, post.id));
    expect(rows).toHaveLength(1);
    expect(await inbox(t, u)).toHaveLength(1);
  });

  it('answers the no-id text to a missing or non-object body', async () => {
    const u = await t.user();
    const noId = '공고 정보가 올바르지 않습니다.';
    expectError(await t.post('/api/applications', { token: u.token }), 400, 'validation_failed', noId);
    const json = (payload: string) =>
      t.post('/api/applications', { token: u.token, body: payload, headers: { 'content-type': 'application/json' } });
    expectError(await json('null'), 400, 'validation_failed', noId);
    expectError(await json('[1]'), 400, 'validation_failed', noId);
    expectError(await json('"1"'), 400, 'validation_failed', noId);
  });

  it('answers 404, not a server error, when the post is deleted while the apply is under way', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicantWithProfile();
    const res = await whilePostIsDeleted(t, post.id, () =>
      t.post('/api/applications', { token: u.token, body: { recruitmentId: post.id } }),
    );
    expectError(res, 404, 'not_found', '해당 모집 공고를 찾을 수 없습니다.');
    expect(await inbox(t, u)).toEqual([]);
  });

  it('allows 30 applies per hour per user; a refused apply does not count', async () => {
    const u = await applicantWithProfile();
    for (let i = 0; i < 32; i++) expect((await t.post('/api/applications', { token: u.token, body: {} })).statusCode).toBe(400);
    const posts: number[] = [];
    for (let i = 0; i < 31; i++) {
      if (i % 20 === 0) t.resetLimits(); // the authors' own 20 posts per hour
      posts.push((await createRecruitment(t, author, { title: `지원 한도 ${i}` })).id);
    }
    for (const id of posts.slice(0, 30)) await applyTo(t, u, id);
    expectError(await t.post('/api/applications', { token: u.token, body: { recruitmentId: posts[30] } }), 429, 'rate_limited');
  });
});

describe('GET /api/applications/{basePostId}/list', () => {
  it('pages applicants 16 at a time, newest first, for the author only', async () => {
    const post = await createRecruitment(t, author, { title: '지원자 목록', totalMembers: 100 });
    const users: TestUser[] = [];
    for (let i = 0; i < 17; i++) {
      const u = i === 0 ? await t.user() : await applicantWithProfile();
      users.push(u);
    }
    // The oldest applicant loses the profile after applying: the list shows the empty defaults.
    await addProfile(t, users[0]);
    const ids = [];
    for (const u of users) ids.push(await applyTo(t, u, post.id));
    await t.db.delete(applicationProfiles).where(eq(applicationProfiles.userId, users[0].id));

    const res = await t.get(`/api/applications/${post.id}/list`, { token: author.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: '지원자 목록',
      totalPages: 2,
      number: 0,
      size: 16,
      totalElements: 17,
      first: true,
      last: false,
      empty: false,
    });
    expect(body.applicants).toHaveLength(16);
    expect(body.applicants[0]).toEqual({
      applicationId: ids[16],
      applicantNickname: users[16].nickname,
      status: 'PENDING',
      techStacks: ['Figma'],
      field: '디자인',
      contact: '비공개',
      userId: users[16].id,
      record: { joined: 0, completed: 0, leftEarly: 0 },
    });
    const page2 = (await t.get(`/api/applications/${post.id}/list?page=1`, { token: author.token })).json();
    expect(page2.applicants).toEqual([
      {
        applicationId: ids[0],
        applicantNickname: users[0].nickname,
        status: 'PENDING',
        techStacks: [],
        field: '',
        contact: null,
        userId: users[0].id,
        record: { joined: 0, completed: 0, leftEarly: 0 },
      },
    ]);

    expectError(await t.get(`/api/applications/${post.id}/list`), 401, 'login_required');
    expectError(
      await t.get(`/api/applications/${post.id}/list`, { token: users[1].token }),
      403,
      'forbidden',
      '지원 리스트를 볼 권한이 없습니다.',
    );
    expectError(
      await t.get('/api/applications/999999/list', { token: author.token }),
      404,
      'not_found',
      '모집 공고를 찾을 수 없습니다.',
    );
    expectError(await t.get('/api/applications/x/list', { token: author.token }), 400, 'bad_request');
  });
});

describe('PUT /api/applications/status', () => {
  it('approves (+1, 쪽지) and rejects (쪽지) with the plain-text answer', async () => {
    const post = await createRecruitment(t, author, { title: '결정 공고' });
    const a = await applicantWithProfile();
    const b = await applicantWithProfile();
    const idA = await applyTo(t, a, post.id);
    const idB = await applyTo(t, b, post.id);
    const res = await t.put('/api/applications/status', {
      token: author.token,
      body: { applicationId: String(idA), status: 'APPROVED', basePostId: 999 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('지원 상태가 업데이트 되었습니다.');
    expect(await current(post.id)).toBe(2);
    expect((await decide(t, author, idB, 'REJECTED')).statusCode).toBe(200);
    expect(await current(post.id)).toBe(2);
    expect((await inbox(t, a)).at(-1)).toBe('▷결정 공고◁ 공고에 승인되었습니다! 그룹과 채팅방이 만들어질 때까지 기다려주세요.');
    expect((await inbox(t, b)).at(-1)).toBe('▷결정 공고◁ 공고에 거절되었습니다.');
    const statuses = (await t.get('/api/applications/my-list', { token: a.token })).json()[0].status;
    expect(statuses).toBe('APPROVED');
  });

  it('checks existence, permission, status value, pending, group, capacity in that order', async () => {
    const post = await createRecruitment(t, author, { totalMembers: 2 });
    const a = await applicantWithProfile();
    const b = await applicantWithProfile();
    const idA = await applyTo(t, a, post.id);
    const idB = await applyTo(t, b, post.id);
    const put = (token: string | undefined, body: unknown) => t.put('/api/applications/status', { token, body });
    expectError(await put(undefined, { applicationId: idA, status: 'APPROVED' }), 401, 'login_required');
    expectError(
      await put(author.token, { applicationId: 999999, status: 'APPROVED' }),
      404,
      'not_found',
      '지원 정보를 찾을 수 없습니다.',
    );
    // A stranger learns nothing about the state, even with a bad status value.
    expectError(
      await put(a.token, { applicationId: idB, status: 'NOPE' }),
      403,
      'forbidden',
      '지원 승인/거절할 권한이 없습니다.',
    );
    const invalid = '지원 상태 값이 올바르게 전달되지 않았습니다.';
    for (const status of ['PENDING', 'approved', '', null, undefined]) {
      expectError(await put(author.token, { applicationId: idA, status }), 400, 'invalid_status', invalid);
    }
    expect((await decide(t, author, idA, 'APPROVED')).statusCode).toBe(200);
    const notPending = '검토중 상태의 지원서만 상태 변경이 가능합니다.';
    expectError(await decide(t, author, idA, 'REJECTED'), 400, 'not_pending', notPending);
    expectError(await decide(t, author, idB, 'APPROVED'), 400, 'capacity_exceeded', '모집 인원이 초과되었습니다.');
    expect(await current(post.id)).toBe(2);
    // Closing leaves pending applications decidable (a reject still works).
    await t.patch(`/api/recruitments/${post.id}/close`, { token: author.token });
    await t.post('/api/groups', { token: author.token, body: { basePostId: post.id, name: '완성된 그룹', description: '설명' } });
    expectError(
      await decide(t, author, idB, 'REJECTED'),
      400,
      'post_has_group',
      '그룹이 생성된 공고의 지원 상태는 변경할 수 없습니다.',
    );
  });

  it('lets exactly one of two racing approvals take the last seat', async () => {
    const post = await createRecruitment(t, author, { totalMembers: 2 });
    const a = await applicantWithProfile();
    const b = await applicantWithProfile();
    const idA = await applyTo(t, a, post.id);
    const idB = await applyTo(t, b, post.id);
    const [ra, rb] = await Promise.all([decide(t, author, idA, 'APPROVED'), decide(t, author, idB, 'APPROVED')]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    expectError(
      [ra, rb].find((r) => r.statusCode === 400)!,
      400,
      'capacity_exceeded',
      '모집 인원이 초과되었습니다.',
    );
    expect(await current(post.id)).toBe(2);
    const approved = await t.db.select().from(applications).where(eq(applications.postId, post.id));
    expect(approved.filter((r) => r.status === 'APPROVED')).toHaveLength(1);
    expect(approved.filter((r) => r.status === 'PENDING')).toHaveLength(1);
  });

  it('answers 404 when the post (and with it the application) is deleted while the decision is under way', async () => {
    const post = await createRecruitment(t, author);
    const u = await applicantWithProfile();
    const appId = await applyTo(t, u, post.id);
    const res = await whilePostIsDeleted(t, post.id, () => decide(t, author, appId, 'APPROVED'));
    expectError(res, 404, 'not_found', '지원 정보를 찾을 수 없습니다.');
  });

  it('answers 400 to a malformed application id', async () => {
    expectError(
      await t.put('/api/applications/status', { token: author.token, body: { applicationId: 'x', status: 'APPROVED' } }),
      400,
      'validation_failed',
    );
  });
});
