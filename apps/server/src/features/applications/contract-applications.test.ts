/**
 * QA: docs/api.md §3.2-3.5, POST /api/groups (3.6), 2.2-2.4, 4.1 and 7, read literally, for what the feature
 * tests do not cover: exact key sets, effective inactivity in every view, study-group rules, base-post
 * routes, ids as numeric strings, system 쪽지 details and withdrawal side effects.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  applicationProfiles,
  applications,
  basePosts,
  groupMembers,
  messages,
  users,
  viewRecords,
} from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, createStudy, decide, inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const author = t.suiteUser('QA작성자');
const viewer = t.suiteUser('QA구경꾼');
beforeEach(async () => {
  t.clock.set(NOON_SEOUL);
  await Promise.all([author, viewer].map(t.relogin));
});

const keys = (o: unknown) => Object.keys(o as object).sort();
const sorted = (a: string[]) => [...a].sort();

async function member(nickname?: string) {
  const u = await t.user(nickname);
  await addProfile(t, u, { contact: '01099998888', field: '프론트엔드', techStacks: ['React'] });
  return u;
}
const current = async (postId: number) =>
  (await t.db.select({ c: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0].c;
const close = (u: TestUser, id: number, kind = 'recruitments') => t.patch(`/api/${kind}/${id}/close`, { token: u.token });
const groupBody = (basePostId: number | string, over: Record<string, unknown> = {}) => ({
  basePostId,
  name: 'QA 그룹',
  description: '그룹 설명',
  ...over,
});

describe('applications (3.2, 3.5, 2.3, 2.4)', () => {
  it('apply answers exactly the contract keys; my-list items too; recruitmentId as a numeric string', async () => {
    const s = await createStudy(t, author, { title: 'QA 스터디 지원' });
    const u = await member('QA지원자1');
    const res = await t.post('/api/applications', { token: u.token, body: { recruitmentId: String(s.id) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      applicationId: expect.any(Number),
      applicantNickname: 'QA지원자1',
      status: 'PENDING',
      techStacks: ['React'],
      field: '프론트엔드',
      contact: '01099998888',
    });
    const list = (await t.get('/api/applications/my-list', { token: u.token })).json();
    expect(list).toEqual([
      {
        applicationId: res.json().applicationId,
        basePostId: s.id,
        recruitmentTitle: 'QA 스터디 지원',
        status: 'PENDING',
        applyDateTime: '2025-06-01T12:00:00+09:00',
        inactive: false,
        postType: 'STUDY_GROUP',
      },
    ]);
  });

  it('the applicant list: exact keys, paging keys, status after decisions', async () => {
    const post = await createRecruitment(t, author, { title: 'QA 지원자 목록', totalMembers: 10 });
    const u = await member('QA지원자2');
    const appId = await applyTo(t, u, post.id);
    const res = await t.get(`/api/applications/${post.id}/list`, { token: author.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(keys(body)).toEqual(
      sorted(['title', 'applicants', 'totalPages', 'number', 'size', 'totalElements', 'first', 'last', 'empty']),
    );
    expect(body).toMatchObject({
      title: 'QA 지원자 목록',
      totalPages: 1,
      number: 0,
      size: 16,
      totalElements: 1,
      first: true,
      last: true,
      empty: false,
    });
    expect(body.applicants).toEqual([
      {
        applicationId: appId,
        applicantNickname: 'QA지원자2',
        status: 'PENDING',
        techStacks: ['React'],
        field: '프론트엔드',
        contact: '01099998888',
        userId: u.id,
        record: { joined: 0, completed: 0, leftEarly: 0 },
      },
    ]);
    await decide(t, author, appId, 'REJECTED');
    expect((await t.get(`/api/applications/${post.id}/list`, { token: author.token })).json().applicants[0].status).toBe(
      'REJECTED',
    );
    const empty = (
      await t.get(`/api/applications/${(await createStudy(t, author)).id}/list?page=2`, { token: author.token })
    ).json();
    expect(empty).toMatchObject({
      applicants: [],
      totalPages: 0,
      number: 2,
      size: 16,
      totalElements: 0,
      last: true,
      empty: true,
    });
    expectError(
      await t.get(`/api/applications/999999/list`, { token: author.token }),
      404,
      'not_found',
      '모집 공고를 찾을 수 없습니다.',
    );
    expectError(
      await t.get(`/api/applications/${post.id}/list`, { token: viewer.token }),
      403,
      'forbidden',
      '지원 리스트를 볼 권한이 없습니다.',
    );
  });

  it('an applicant without a profile is listed with field "", techStacks [] and contact null', async () => {
    const post = await createRecruitment(t, author);
    const u = await member('QA프로필없음');
    const appId = await applyTo(t, u, post.id);
    await t.db.delete(applicationProfiles).where(eq(applicationProfiles.userId, u.id));
    const res = await t.get(`/api/applications/${post.id}/list`, { token: author.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().applicants).toEqual([
      {
        applicationId: appId,
        applicantNickname: 'QA프로필없음',
        status: 'PENDING',
        techStacks: [],
        field: '',
        contact: null,
        userId: u.id,
        record: { joined: 0, completed: 0, leftEarly: 0 },
      },
    ]);
  });

  it('status update: ids as numeric strings; basePostId is ignored; PENDING is invalid_status', async () => {
    const post = await createRecruitment(t, author);
    const other = await createRecruitment(t, author);
    const u = await member();
    const appId = await applyTo(t, u, post.id);
    expectError(
      await t.put('/api/applications/status', { token: author.token, body: { applicationId: String(appId), status: 'PENDING' } }),
      400,
      'invalid_status',
      '지원 상태 값이 올바르게 전달되지 않았습니다.',
    );
    expectError(
      await t.put('/api/applications/status', { token: author.token, body: { applicationId: appId, status: 'approved' } }),
      400,
      'invalid_status',
      '지원 상태 값이 올바르게 전달되지 않았습니다.',
    );
    const res = await t.put('/api/applications/status', {
      token: author.token,
      body: { applicationId: String(appId), status: 'APPROVED', basePostId: other.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.body).toBe('지원 상태가 업데이트 되었습니다.');
    expect(await current(post.id)).toBe(2);
    expect(await current(other.id)).toBe(1);
    expectError(
      await t.put('/api/applications/status', { token: author.token, body: { applicationId: 999999, status: 'APPROVED' } }),
      404,
      'not_found',
      '지원 정보를 찾을 수 없습니다.',
    );
  });

  it('a closed post keeps its pending applications, which can still be decided until it has a group', async () => {
    const post = await createRecruitment(t, author);
    const [a, b] = [await member(), await member()];
    const appA = await applyTo(t, a, post.id);
    const appB = await applyTo(t, b, post.id);
    await close(author, post.id);
    expect((await decide(t, author, appA, 'APPROVED')).statusCode).toBe(200);
    const g = await t.post('/api/groups', { token: author.token, body: groupBody(post.id) });
    expect(g.statusCode).toBe(201);
    expectError(
      await decide(t, author, appB, 'APPROVED'),
      400,
      'post_has_group',
      '그룹이 생성된 공고의 지원 상태는 변경할 수 없습니다.',
    );
    const rows = await t.db.select().from(applications).where(eq(applications.id, appB));
    expect(rows[0].status).toBe('PENDING');
  });

  it('profile: my-info exact keys; POST/PUT answer the Profile shape', async () => {
    const u = await t.user('QA프로필');
    const created = await t.post('/api/user-info', {
      token: u.token,
      body: { contact: ' 0101234567 ', field: ' 백엔드 ', techStacks: [' Go ', 'go', 'Rust'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      userId: u.id,
      contact: '0101234567',
      techStacks: ['Go', 'Rust'],
      field: '백엔드',
    });
    const info = (await t.get('/api/user-info/my-info', { token: u.token })).json();
    expect(info).toEqual({
      nickname: 'QA프로필',
      email: `${u.loginId}@example.com`,
      contact: '0101234567',
      techStacks: ['Go', 'Rust'],
      field: '백엔드',
    });
    const put = await t.put('/api/user-info', { token: u.token, body: { contact: '비공개', field: '풀스택', techStacks: null } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: created.json().id, userId: u.id, contact: '비공개', techStacks: [], field: '풀스택' });
    for (const contact of ['010-1234-5678', '123456789', '123456789012', '비 공개', 12345678901]) {
      expectError(
        await t.put('/api/user-info', { token: u.token, body: { contact, field: 'x', techStacks: [] } }),
        400,
        'validation_failed',
        '연락처는 숫자 10~11자리 또는 비공개로 입력해주세요.',
      );
    }
    expectError(
      await t.put('/api/user-info', {
        token: u.token,
        body: { contact: '비공개', field: 'x', techStacks: Array.from({ length: 21 }, (_, i) => `s${i}`) },
      }),
      400,
      'validation_failed',
      '기술 스택은 최대 20개까지 등록할 수 있습니다.',
    );
    // 21 items with duplicates that collapse to 20 are fine
    const dupes = [...Array.from({ length: 20 }, (_, i) => `s${i}`), 'S0'];
    expect(
      (await t.put('/api/user-info', { token: u.token, body: { contact: '비공개', field: 'x', techStacks: dupes } })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/groups (3.6)', () => {
  it('answers the Group shape; type from the post (body type ignored); trimmed; members with exact keys; no count change', async () => {
    const s = await createStudy(t, author, { totalMembers: 5, title: 'QA 그룹용 스터디' });
    const [a, b, c] = [await member('QA승인'), await member('QA거절'), await member('QA대기')];
    await decide(t, author, await applyTo(t, a, s.id), 'APPROVED');
    await decide(t, author, await applyTo(t, b, s.id), 'REJECTED');
    await applyTo(t, c, s.id);
    await close(author, s.id, 'study-groups');
    const before = await current(s.id);
    const inboxB = (await inbox(t, b)).length;
    const res = await t.post('/api/groups', {
      token: author.token,
      body: { basePostId: String(s.id), name: '  QA 스터디 그룹  ', description: '  설명  ', type: 'PROJECT' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json();
    expect(keys(g)).toEqual(
      sorted(['id', 'name', 'description', 'type', 'status', 'completedDateTime', 'summary', 'resultUrl', 'members']),
    );
    expect(g).toMatchObject({
      name: 'QA 스터디 그룹',
      description: '설명',
      type: 'STUDY_GROUP',
      status: 'ACTIVE',
      completedDateTime: null,
      summary: null,
      resultUrl: null,
    });
    const counts = async (id: number) => {
      const { joined, completed, leftEarly } = (await t.get(`/api/users/${id}/record`)).json();
      return { joined, completed, leftEarly };
    };
    expect(await counts(a.id)).toEqual({ joined: 1, completed: 0, leftEarly: 0 });
    expect(g.members).toEqual([
      {
        userId: author.id,
        nickname: 'QA작성자',
        loginId: author.loginId,
        role: 'ADMIN',
        new: false,
        record: await counts(author.id),
      },
      { userId: a.id, nickname: 'QA승인', loginId: a.loginId, role: 'MEMBER', new: false, record: await counts(a.id) },
    ]);
    expect(await current(s.id)).toBe(before);
    const text = "'QA 스터디 그룹' 그룹이 생성되었습니다. 그룹원과 함께 활동하세요.";
    expect((await inbox(t, author)).at(-1)).toBe(text);
    expect((await inbox(t, a)).at(-1)).toBe(text);
    expect((await inbox(t, b)).length).toBe(inboxB);
    expect((await inbox(t, c)).includes(text)).toBe(false);
  });

  it('checks permission before state: a stranger on an open post gets 403', async () => {
    const r = await createRecruitment(t, author);
    expectError(
      await t.post('/api/groups', { token: viewer.token, body: groupBody(r.id) }),
      403,
      'forbidden',
      '그룹을 생성할 권한이 없습니다.',
    );
  });

  it('a basePostId that is not an id is 400 validation_failed', async () => {
    for (const basePostId of ['abc', -1, 0, 1.5, true]) {
      const res = await t.post('/api/groups', { token: author.token, body: groupBody(basePostId as number) });
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-error-code']).toBe('validation_failed');
    }
  });
});

describe('system 쪽지 (4.1)', () => {
  it('apply sends two unread 쪽지 from [시스템], applicant first, with exact texts; approve and reject texts', async () => {
    const post = await createRecruitment(t, author, { title: '  QA 쪽지 공고 ' });
    const u = await member('QA쪽지지원');
    const appId = await applyTo(t, u, post.id);
    const [system] = await t.db.select().from(users).where(eq(users.system, true));
    const rows = await t.db.select().from(messages).where(eq(messages.senderId, system.id)).orderBy(asc(messages.id));
    const lastTwo = rows.slice(-2);
    expect(lastTwo.map((m) => [m.receiverId, m.content, m.read])).toEqual([
      [u.id, '▷QA 쪽지 공고◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.', false],
      [author.id, "QA쪽지지원님이 'QA 쪽지 공고' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.", false],
    ]);
    await decide(t, author, appId, 'APPROVED');
    expect((await inbox(t, u)).at(-1)).toBe(
      '▷QA 쪽지 공고◁ 공고에 승인되었습니다! 그룹과 채팅방이 만들어질 때까지 기다려주세요.',
    );
    const v = await member();
    await decide(t, author, await applyTo(t, v, post.id), 'REJECTED');
    expect((await inbox(t, v)).at(-1)).toBe('▷QA 쪽지 공고◁ 공고에 거절되었습니다.');
    const unread = (await t.get('/api/messages/unread-count', { token: v.token })).json();
    expect(unread).toBe(2);
  });

  it('no 쪽지 for close, post delete or withdrawal', async () => {
    const u = await member();
    const post = await createRecruitment(t, author);
    await applyTo(t, u, post.id);
    const before = [(await inbox(t, u)).length, (await inbox(t, author)).length];
    await close(author, post.id);
    expect((await t.delete(`/api/recruitments/${post.id}`, { token: author.token })).statusCode).toBe(204);
    expect([(await inbox(t, u)).length, (await inbox(t, author)).length]).toEqual(before);
  });
});

describe('withdrawal (7)', () => {
  const withdraw = (u: TestUser) => t.delete(`/api/users/${u.id}`, { token: u.token });

  it('received 쪽지 go, sent ones stay under 탈퇴한 사용자; the applicant list loses the application', async () => {
    const leaver = await member('QA떠남');
    const post = await createRecruitment(t, author, { totalMembers: 5 });
    const appId = await applyTo(t, leaver, post.id);
    await decide(t, author, appId, 'APPROVED');
    const sent = await t.post('/api/messages', {
      token: leaver.token,
      body: { receiverName: 'QA작성자', content: '안녕하세요' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await current(post.id)).toBe(2);
    const res = await withdraw(leaver);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('회원이 성공적으로 삭제되었습니다.');
    expect(await t.db.select().from(messages).where(eq(messages.receiverId, leaver.id))).toEqual([]);
    const msg = (await t.get(`/api/messages/${sent.json().messageId}`, { token: author.token })).json();
    expect(msg.senderName).toBe('탈퇴한 사용자');
    const list = (await t.get(`/api/applications/${post.id}/list`, { token: author.token })).json();
    expect(list.applicants).toEqual([]);
    expect(list.totalElements).toBe(0);
    expect(await current(post.id)).toBe(1);
    const mine = (await t.get('/api/base-posts/my-posts', { token: author.token })).json();
    expect(mine.find((p: { basePostId: number }) => p.basePostId === post.id)).toMatchObject({
      applicantCount: 0,
      currentMembers: 1,
    });
  });

  it('view records of the user go, the counted views stay; a 쪽지 to the withdrawn name is refused', async () => {
    const leaver = await t.user('QA조회후탈퇴');
    const post = await createRecruitment(t, author);
    expect((await t.post(`/api/base-posts/${post.id}/view`, { token: leaver.token })).statusCode).toBe(204);
    expect(
      (
        await t.db
          .select()
          .from(viewRecords)
          .where(eq(viewRecords.viewerKey, `u:${leaver.id}`))
      ).length,
    ).toBe(1);
    expect((await withdraw(leaver)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(viewRecords)
        .where(eq(viewRecords.viewerKey, `u:${leaver.id}`)),
    ).toEqual([]);
    expect((await t.db.select().from(basePosts).where(eq(basePosts.id, post.id)))[0].views).toBe(1);
    for (const receiverName of ['QA조회후탈퇴', '탈퇴한 사용자', '[시스템]']) {
      expectError(
        await t.post('/api/messages', { token: author.token, body: { receiverName, content: '안녕' } }),
        400,
        'user_not_found',
        '수신자를 찾을 수 없습니다.',
      );
    }
  });

  it('an approved member of a grouped post: exactly −1 in total (the leave), never double', async () => {
    const post = await createRecruitment(t, author, { totalMembers: 5 });
    const [a, b] = [await member(), await member()];
    await decide(t, author, await applyTo(t, a, post.id), 'APPROVED');
    await decide(t, author, await applyTo(t, b, post.id), 'APPROVED');
    await close(author, post.id);
    expect((await t.post('/api/groups', { token: author.token, body: groupBody(post.id) })).statusCode).toBe(201);
    expect(await current(post.id)).toBe(3);
    expect((await withdraw(a)).statusCode).toBe(200);
    expect(await current(post.id)).toBe(2);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, a.id));
    expect(members).toEqual([]);
  });

  it('a withdrawn user’s posts vanish from lists and searches, and from the applicant’s my-list', async () => {
    const leaver = await t.user('QA글쓴이탈퇴');
    const post = await createRecruitment(t, leaver, { title: 'QA사라질공고' });
    const u = await member();
    await applyTo(t, u, post.id);
    expect((await withdraw(leaver)).statusCode).toBe(200);
    expect((await t.get(`/api/recruitments/search?keyword=${encodeURIComponent('QA사라질공고')}`)).json().totalElements).toBe(0);
    expectError(await t.get(`/api/recruitments/${post.id}`), 404, 'not_found', '해당 공고를 찾을 수 없습니다.');
    expect((await t.get('/api/applications/my-list', { token: u.token })).json()).toEqual([]);
    // the applicant got no 쪽지 about it
    expect((await inbox(t, u)).at(-1)).toBe(`▷QA사라질공고◁ 공고에 지원하셨습니다. 승인될 때까지 기다려주세요.`);
  });
});
