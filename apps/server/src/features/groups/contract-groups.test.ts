import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groupMembers, groups, users } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { createRecruitment, createStudy, inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { makeGroup } from '../../../test/fixtures/groups.js';

/** Black-box checks of docs/api.md §3.6 edge cases the area tests do not cover. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const admin = t.suiteUser('계약방장');

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
/** A fresh token for the user at the current test time (tokens live 24 h, docs/api.md §1.2). */
const refresh = async (u: TestUser) => {
  const [row] = await t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, u.id));
  return { ...u, token: await t.ctx.tokens.sign({ sub: u.loginId, uid: u.id, tv: row.tv }, t.clock.now()) };
};
const memberCount = async (groupId: number) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId))).length;

/** The record counts of docs/api.md §10.2, as the public record route answers them. */
async function counts(u: { id: number }) {
  const { joined, completed, leftEarly } = (await t.get(`/api/users/${u.id}/record`)).json() as Record<string, number>;
  return { joined, completed, leftEarly };
}

describe('POST /api/groups (3.6, 1.5)', () => {
  it('accepts basePostId as a numeric string, ignores the body type, and answers the full Group shape', async () => {
    const m = await t.user('문자열멤버');
    const g = await makeGroup(t, admin, [m]);
    const res = await t.get(`/api/groups/${g.id}`, { token: m.token });
    expect(res.json()).toEqual({
      id: g.id,
      name: '테스트 그룹',
      description: '그룹 설명',
      type: 'PROJECT',
      status: 'ACTIVE',
      completedDateTime: null,
      summary: null,
      resultUrl: null,
      members: [
        {
          userId: admin.id,
          nickname: admin.nickname,
          loginId: admin.loginId,
          role: 'ADMIN',
          new: false,
          record: await counts(admin),
        },
        {
          userId: m.id,
          nickname: m.nickname,
          loginId: m.loginId,
          role: 'MEMBER',
          new: false,
          record: { joined: 1, completed: 0, leftEarly: 0 },
        },
      ],
    });

    const post = await createStudy(t, admin);
    await t.patch(`/api/study-groups/${post.id}/close`, { token: admin.token });
    const created = await t.post('/api/groups', {
      token: admin.token,
      body: { basePostId: String(post.id), name: '  스터디 그룹  ', description: '  설명  ', type: 'PROJECT' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: '스터디 그룹', description: '설명', type: 'STUDY_GROUP', status: 'ACTIVE' });
  });

  it('counts code points: a 3-emoji name and a 255-emoji description pass; a non-numeric basePostId is validation_failed', async () => {
    const post = await createRecruitment(t, admin);
    await t.patch(`/api/recruitments/${post.id}/close`, { token: admin.token });
    const bad = await t.post('/api/groups', {
      token: admin.token,
      body: { basePostId: 'abc', name: '그룹명', description: '설명' },
    });
    expectError(bad, 400, 'validation_failed');
    const res = await t.post('/api/groups', {
      token: admin.token,
      body: { basePostId: post.id, name: '😀😀😀', description: '😀'.repeat(255) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tooLong = await t.post('/api/groups', {
      token: admin.token,
      body: { basePostId: post.id, name: '😀'.repeat(51), description: '설명' },
    });
    expectError(tooLong, 400, 'validation_failed', '그룹 이름은 3자 이상 50자 이하로 입력해주세요.');
  });
});

describe('members (3.6)', () => {
  it('new is true for an invitee for less than 24 h, false from 24 h on; approved members are never new', async () => {
    const [m, guest] = [await t.user(), await t.user('초대손님')];
    const g = await makeGroup(t, admin, [m], { totalMembers: 4 });
    t.clock.advance(60_000);
    expect(
      (await t.post(`/api/groups/${g.id}/invite`, { token: admin.token, body: { nickname: guest.nickname } })).statusCode,
    ).toBe(200);
    const flags = async () =>
      (
        (await t.get(`/api/group/${g.id}/members`, { token: (await refresh(guest)).token })).json() as Array<{
          userId: number;
          new: boolean;
        }>
      ).map((x) => [x.userId, x.new]);
    expect(await flags()).toEqual([
      [admin.id, false],
      [m.id, false],
      [guest.id, true],
    ]);
    t.clock.advance(24 * 3600_000 - 1000);
    expect((await flags())[2]).toEqual([guest.id, true]);
    t.clock.advance(1000);
    expect((await flags())[2]).toEqual([guest.id, false]);
    await t.relogin(admin);
  });

  it('my-groups: a bare array of {id, name, description, type, admin}, newest join first; [] without groups', async () => {
    const me = await t.user('내그룹주인');
    expect((await t.get('/api/groups/my-groups', { token: me.token })).json()).toEqual([]);
    expectError(await t.get('/api/groups/my-groups'), 401, 'login_required', '로그인이 필요합니다.');
    const joined = await makeGroup(t, admin, [me], { name: '먼저 그룹' });
    t.clock.advance(1000);
    const own = await makeGroup(t, me, [], { name: '내가 만든 그룹' });
    expect((await t.get('/api/groups/my-groups', { token: me.token })).json()).toEqual([
      { id: own.id, name: '내가 만든 그룹', description: '그룹 설명', type: 'PROJECT', admin: true },
      { id: joined.id, name: '먼저 그룹', description: '그룹 설명', type: 'PROJECT', admin: false },
    ]);
  });
});

describe('admin routes (3.6)', () => {
  it('PUT: a plain member gets 403 before validation; the admin gets the field texts, then the trimmed Group', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    expectError(
      await t.put(`/api/groups/${g.id}`, { token: m.token, body: {} }),
      403,
      'forbidden',
      '그룹을 수정할 권한이 없습니다.',
    );
    expectError(
      await t.put(`/api/groups/${g.id}`, { token: admin.token }),
      400,
      'validation_failed',
      '그룹 이름은 3자 이상 50자 이하로 입력해주세요.',
    );
    const res = await t.put(`/api/groups/${g.id}`, { token: admin.token, body: { name: ' 새 이름 ', description: ' 새 설명 ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, name: '새 이름', description: '새 설명', status: 'ACTIVE' });
    expect((res.json() as { members: unknown[] }).members).toHaveLength(2);
  });

  it('DELETE: a member gets 403; the admin gets 204 with no body, even with a JSON content type; no 쪽지', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    const mail = (await inbox(t, m)).length;
    expectError(await t.delete(`/api/groups/${g.id}`, { token: m.token }), 403, 'forbidden', '그룹을 삭제할 권한이 없습니다.');
    const res = await t.delete(`/api/groups/${g.id}`, { token: admin.token, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.select().from(groups).where(eq(groups.id, g.id))).toEqual([]);
    expect((await inbox(t, m)).length).toBe(mail);
    expectError(await t.get(`/api/groups/${g.id}`, { token: admin.token }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
  });

  it('leave: the admin gets group_admin; a member gets the text (no body needed)', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    expectError(
      await t.delete(`/api/groups/${g.id}/leave`, { token: admin.token }),
      400,
      'group_admin',
      '그룹의 관리자는 탈퇴할 수 없습니다. 그룹 삭제를 이용해주세요.',
    );
    const res = await t.delete(`/api/groups/${g.id}/leave`, { token: m.token, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.body).toBe('그룹을 성공적으로 탈퇴했습니다.');
    expect(await memberCount(g.id)).toBe(1);
  });

  it('kick: 403 for a member, then member_not_found (outsider, unknown id), group_admin for the admin, bad userId 400', async () => {
    const [m, n, outsider] = [await t.user(), await t.user(), await t.user()];
    const g = await makeGroup(t, admin, [m, n]);
    const kick = (token: string, userId: number | string) => t.delete(`/api/groups/${g.id}/remove/${userId}`, { token });
    expectError(await kick(m.token, n.id), 403, 'forbidden', '그룹의 관리자만이 추방할 수 있습니다.');
    expectError(await kick(m.token, admin.id), 403, 'forbidden', '그룹의 관리자만이 추방할 수 있습니다.');
    // permission before the target checks: a member learns nothing about who is in the group
    expectError(await kick(m.token, outsider.id), 403, 'forbidden', '그룹의 관리자만이 추방할 수 있습니다.');
    expectError(await kick(outsider.token, n.id), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    for (const id of [outsider.id, 987654]) {
      expectError(await kick(admin.token, id), 400, 'member_not_found', '해당 그룹에 존재하지 않는 멤버입니다.');
    }
    expectError(await kick(admin.token, admin.id), 400, 'group_admin', '관리자는 추방할 수 없습니다.');
    for (const id of ['abc', '0', '-1', '1.5'])
      expectError(await kick(admin.token, id), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expect(await memberCount(g.id)).toBe(3);
    const res = await kick(admin.token, n.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('사용자가 그룹에서 추방되었습니다.');
    expect((await inbox(t, n)).at(-1)).toBe(`'${g.name}' 그룹에서 추방되었습니다.`);
  });

  it('bad group ids are 400 bad_request after 401; a huge id is 404, never a server error', async () => {
    for (const id of ['0', '-3', '1e2', '12abc']) {
      expectError(await t.get(`/api/groups/${id}`), 401, 'login_required', '로그인이 필요합니다.');
      expectError(await t.get(`/api/groups/${id}`, { token: admin.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    }
    expectError(await t.get('/api/groups/99999999999999', { token: admin.token }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(
      await t.get('/api/group/99999999999999/members', { token: admin.token }),
      404,
      'not_found',
      '그룹을 찾을 수 없습니다.',
    );
  });
});

describe('group created 쪽지 and timestamps', () => {
  it('every member, admin included, gets the group-created 쪽지 as unread; a DateTime field elsewhere keeps +09:00', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m], { name: '알림 그룹' });
    const text = `'알림 그룹' 그룹이 생성되었습니다. 그룹원과 함께 활동하세요.`;
    for (const u of [admin, m]) expect((await inbox(t, u)).at(-1)).toBe(text);
    const recent = (await t.get('/api/messages/recent', { token: m.token })).json() as Array<{
      senderName: string;
      read: boolean;
      sentAt: string;
    }>;
    expect(recent[0]).toMatchObject({ senderName: '[시스템]', read: false });
    expect(recent[0].sentAt).toMatch(DATE_TIME);
    expect(g.id).toBeGreaterThan(0);
  });
});
