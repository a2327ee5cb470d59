import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { applicationProfiles } from '../../db/schema/index.js';
import { expectError, useTestApp } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, createStudy, decide, NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL });
const me = t.suiteUser('프로필러');

const body = (over: Record<string, unknown> = {}) => ({
  contact: '01011112222',
  field: '프론트엔드',
  techStacks: ['React'],
  ...over,
});
const profileCount = async () => (await t.db.select({ n: count() }).from(applicationProfiles))[0].n;

describe('application profile', () => {
  it('answers 404 before a profile exists, for my-info and PUT', async () => {
    expectError(await t.get('/api/user-info/my-info', { token: me.token }), 404, 'not_found', '사용자 정보를 찾을 수 없습니다.');
    // 404 comes before validation on PUT.
    expectError(await t.put('/api/user-info', { token: me.token, body: {} }), 404, 'not_found', '사용자를 찾을 수 없습니다.');
  });

  it('creates a profile (201 Profile) with trimmed, de-duplicated tech stacks; a second one is 409', async () => {
    const res = await t.post('/api/user-info', {
      token: me.token,
      body: body({ contact: ' 비공개 ', field: '  백엔드 ', techStacks: [' Java ', 'java', '', 'Spring'] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      userId: me.id,
      contact: '비공개',
      techStacks: ['Java', 'Spring'],
      field: '백엔드',
    });
    expectError(
      await t.post('/api/user-info', { token: me.token, body: body() }),
      409,
      'duplicate_profile',
      '이미 지원 정보가 등록되어 있습니다.',
    );
  });

  it('reads a missing or non-object body as empty: the contact text answers', async () => {
    const u = await t.user();
    const contactText = '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.';
    expectError(await t.post('/api/user-info', { token: u.token }), 400, 'validation_failed', contactText);
    const res = await t.post('/api/user-info', { token: u.token, body: 'null', headers: { 'content-type': 'application/json' } });
    expectError(res, 400, 'validation_failed', contactText);
  });

  it('refuses a control character in a tech stack with the characters text', async () => {
    const u = await t.user();
    const res = await t.post('/api/user-info', { token: u.token, body: body({ techStacks: ['Re\u0007act'] }) });
    expectError(res, 400, 'validation_failed', '사용할 수 없는 문자가 포함되어 있습니다.');
  });

  it('shows my-info with account nickname and e-mail', async () => {
    const res = await t.get('/api/user-info/my-info', { token: me.token });
    expect(res.json()).toEqual({
      nickname: '프로필러',
      email: `${me.loginId}@example.com`,
      contact: '비공개',
      techStacks: ['Java', 'Spring'],
      field: '백엔드',
    });
  });

  it('updates with PUT (200 Profile); missing techStacks means []', async () => {
    const res = await t.put('/api/user-info', { token: me.token, body: { contact: '0101234567', field: '데이터' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: me.id, contact: '0101234567', techStacks: [], field: '데이터' });
  });

  it.each([
    [{ contact: '010-1111-2222' }, '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.'],
    [{ contact: '123456789' }, '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.'],
    [{ contact: undefined }, '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.'],
    [{ field: ' ' }, '분야를 입력해주세요.'],
    [{ field: '가'.repeat(51) }, '분야는 최대 50자까지 입력 가능합니다.'],
    [{ techStacks: Array.from({ length: 21 }, (_, i) => `s${i}`) }, '기술 스택은 최대 20개까지 등록할 수 있습니다.'],
    [{ techStacks: ['a'.repeat(31)] }, '기술 스택은 항목당 최대 30자까지 입력 가능합니다.'],
    [{ contact: 'x', field: '' }, '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.'],
  ])('refuses %j on POST and PUT and changes nothing', async (over, text) => {
    const fresh = await t.user();
    const before = await profileCount();
    expectError(await t.post('/api/user-info', { token: fresh.token, body: body(over) }), 400, 'validation_failed', text);
    expect(await profileCount()).toBe(before);
    expectError(await t.put('/api/user-info', { token: me.token, body: body(over) }), 400, 'validation_failed', text);
    expect((await t.get('/api/user-info/my-info', { token: me.token })).json().field).toBe('데이터');
  });

  it('answers 401 to anonymous callers', async () => {
    for (const res of [
      await t.get('/api/user-info/my-info'),
      await t.post('/api/user-info', { body: body() }),
      await t.put('/api/user-info', { body: body() }),
      await t.get('/api/applications/my-list'),
    ]) {
      expectError(res, 401, 'login_required', '로그인이 필요합니다.');
    }
  });
});

describe('GET /api/applications/my-list', () => {
  it('lists my applications newest first with post title, status, effective inactivity and type', async () => {
    t.resetLimits();
    const author = await t.user();
    const rec = await createRecruitment(t, author, { title: '프로젝트 공고' });
    const study = await createStudy(t, author, { title: '스터디 공고' });
    const applicant = await t.user();
    await addProfile(t, applicant);
    const first = await applyTo(t, applicant, rec.id);
    t.clock.advance(60_000);
    const second = await applyTo(t, applicant, study.id);
    await decide(t, author, first, 'APPROVED');
    await t.patch(`/api/study-groups/${study.id}/close`, { token: author.token });
    t.clock.set(NOON_SEOUL);

    const res = await t.get('/api/applications/my-list', { token: applicant.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        applicationId: second,
        basePostId: study.id,
        recruitmentTitle: '스터디 공고',
        status: 'PENDING',
        applyDateTime: '2025-06-01T12:01:00+09:00',
        inactive: true,
        postType: 'STUDY_GROUP',
      },
      {
        applicationId: first,
        basePostId: rec.id,
        recruitmentTitle: '프로젝트 공고',
        status: 'APPROVED',
        applyDateTime: '2025-06-01T12:00:00+09:00',
        inactive: false,
        postType: 'RECRUITMENT',
      },
    ]);
    expect((await t.get('/api/applications/my-list', { token: author.token })).json()).toEqual([]);
  });
});
