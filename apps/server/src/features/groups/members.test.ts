import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basePosts, groupMembers, groups, schedules } from '../../db/schema/index.js';
import type { DomainEvents } from '../events.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const admin = t.suiteUser('관리자님');
const outsider = t.suiteUser('외부인');
const events: Array<{ name: string; payload: unknown; membersLeft?: number }> = [];

beforeAll(async () => {
  for (const name of ['group.memberJoined', 'group.memberRemoved', 'group.deleting'] as const) {
    t.ctx.events.on(name, async ({ tx }, payload: DomainEvents[typeof name]) => {
      // what the chat handlers will see, inside the emitter's transaction
      const left = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, payload.groupId));
      events.push({ name, payload, membersLeft: left.length });
    });
  }
});
beforeEach(() => {
  events.length = 0;
});

const current = async (postId: number) =>
  (await t.db.select({ c: basePosts.currentMembers }).from(basePosts).where(eq(basePosts.id, postId)))[0].c;
const memberIds = async (groupId: number) =>
  (await t.db.select({ id: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((r) => r.id)
    .sort();
const invite = (g: TestGroup, token: string | undefined, nickname: unknown) =>
  t.post(`/api/groups/${g.id}/invite`, { token, body: { nickname } });
const addEntry = (g: TestGroup, u: TestUser, date = '2025-06-10') =>
  t.post('/api/schedules', {
    token: u.token,
    body: { groupId: g.id, content: `${u.nickname}의 일정`, date },
  });

/** Every route but create refuses in the same order: 401, bad id, 404 with the route's text, 403 non-member. */
const routes = (g: { id: number | string }) => [
  {
    call: (token?: string) => t.get(`/api/groups/${g.id}`, { token }),
    notFound: '그룹을 찾을 수 없습니다.',
  },
  {
    call: (token?: string) => t.get(`/api/group/${g.id}/members`, { token }),
    notFound: '그룹을 찾을 수 없습니다.',
  },
  {
    call: (token?: string) => t.get(`/api/groups/${g.id}/members`, { token }),
    notFound: '그룹을 찾을 수 없습니다.',
  },
  {
    call: (token?: string) =>
      t.put(`/api/groups/${g.id}`, {
        token,
        body: { name: '', description: '' },
      }),
    notFound: '그룹을 찾을 수 없습니다.',
  },
  {
    call: (token?: string) => t.delete(`/api/groups/${g.id}`, { token }),
    notFound: '해당 그룹이 존재하지 않습니다.',
  },
  {
    call: (token?: string) => t.delete(`/api/groups/${g.id}/leave`, { token }),
    notFound: '해당 그룹이 존재하지 않습니다.',
  },
  {
    call: (token?: string) => t.post(`/api/groups/${g.id}/invite`, { token, body: { nickname: '' } }),
    notFound: '해당 그룹이 존재하지 않습니다.',
  },
  {
    call: (token?: string) => t.delete(`/api/groups/${g.id}/remove/${admin.id}`, { token }),
    notFound: '해당 그룹이 존재하지 않습니다.',
  },
];

describe('existence and membership come first on every group route (3.6, 8.13)', () => {
  it('answers 401, then 400 for a bad id, 404 with the route text, 403 not_group_member; nothing changes', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    const before = await current(g.postId);
    events.length = 0;
    for (const r of routes(g)) expectError(await r.call(undefined), 401, 'login_required', '로그인이 필요합니다.');
    for (const r of routes({ id: 'abc' }))
      expectError(await r.call(admin.token), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    for (const r of routes({ id: 999999 })) expectError(await r.call(admin.token), 404, 'not_found', r.notFound);
    for (const r of routes(g)) expectError(await r.call(outsider.token), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expect(await memberIds(g.id)).toEqual([admin.id, m.id].sort());
    expect(await current(g.postId)).toBe(before);
    expect(events).toEqual([]);
  });
});

describe('GET /api/groups/{id} and the member lists', () => {
  it('shows the admin first, then join order; new only for members invited in the last 24 h', async () => {
    const [a, b, c] = [await t.user('가멤버'), await t.user('나멤버'), await t.user('다초대')];
    const g = await makeGroup(t, admin, [a, b], {
      totalMembers: 5,
      name: '순서 그룹',
    });
    t.clock.advance(1000);
    expect((await invite(g, admin.token, '다초대')).statusCode).toBe(200);
    const res = await t.get(`/api/groups/${g.id}`, { token: b.token });
    expect(res.statusCode, res.body).toBe(200);
    // docs/api.md §10.2: each member's record counts (creation and invite count as joined)
    const firstGroup = { joined: 1, completed: 0, leftEarly: 0 };
    const { joined, completed, leftEarly } = (await t.get(`/api/users/${admin.id}/record`)).json() as Record<string, number>;
    const adminRecord = { joined, completed, leftEarly };
    const members = [
      {
        userId: admin.id,
        nickname: '관리자님',
        loginId: admin.loginId,
        role: 'ADMIN',
        new: false,
        record: adminRecord,
      },
      {
        userId: a.id,
        nickname: '가멤버',
        loginId: a.loginId,
        role: 'MEMBER',
        new: false,
        record: firstGroup,
      },
      {
        userId: b.id,
        nickname: '나멤버',
        loginId: b.loginId,
        role: 'MEMBER',
        new: false,
        record: firstGroup,
      },
      {
        userId: c.id,
        nickname: '다초대',
        loginId: c.loginId,
        role: 'MEMBER',
        new: true,
        record: firstGroup,
      },
    ];
    expect(res.json()).toEqual({
      id: g.id,
      name: '순서 그룹',
      description: '그룹 설명',
      type: 'PROJECT',
      status: 'ACTIVE',
      completedDateTime: null,
      summary: null,
      resultUrl: null,
      members,
    });
    expect((await t.get(`/api/group/${g.id}/members`, { token: c.token })).json()).toEqual(members);
    expect((await t.get(`/api/groups/${g.id}/members`, { token: admin.token })).json()).toEqual(members);
    const newFlags = async () =>
      ((await t.get(`/api/group/${g.id}/members`, { token: c.token })).json() as Array<{ userId: number; new: boolean }>)
        .filter((m) => m.new)
        .map((m) => m.userId);
    const invitedAgo = (ms: number) =>
      t.db
        .update(groupMembers)
        .set({ joinedAt: new Date(t.clock.now().getTime() - ms) })
        .where(eq(groupMembers.userId, c.id));
    await invitedAgo(24 * 60 * 60 * 1000 - 60_000);
    expect(await newFlags()).toEqual([c.id]);
    await invitedAgo(24 * 60 * 60 * 1000);
    expect(await newFlags()).toEqual([]);
  });

  it('GET /api/groups/my-groups lists the caller’s groups, most recently joined first, with admin', async () => {
    const u = await t.user();
    expectError(await t.get('/api/groups/my-groups'), 401, 'login_required', '로그인이 필요합니다.');
    expect((await t.get('/api/groups/my-groups', { token: u.token })).json()).toEqual([]);
    const first = await makeGroup(t, admin, [u], { name: '첫 그룹' });
    t.clock.advance(60_000);
    const own = await makeGroup(t, u, [], { name: '내 그룹' });
    t.clock.set(NOON_SEOUL);
    expect((await t.get('/api/groups/my-groups', { token: u.token })).json()).toEqual([
      {
        id: own.id,
        name: '내 그룹',
        description: '그룹 설명',
        type: 'PROJECT',
        admin: true,
      },
      {
        id: first.id,
        name: '첫 그룹',
        description: '그룹 설명',
        type: 'PROJECT',
        admin: false,
      },
    ]);
  });
});

describe('PUT /api/groups/{id}', () => {
  it('lets the admin edit (trimmed); a member gets 403 before validation; then the field texts', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    const edit = (token: string, body: unknown) => t.put(`/api/groups/${g.id}`, { token, body });
    expectError(await edit(m.token, { name: '' }), 403, 'forbidden', '그룹을 수정할 권한이 없습니다.');
    expectError(
      await edit(admin.token, { name: ' 가나 ', description: '설명' }),
      400,
      'validation_failed',
      '그룹 이름은 3자 이상 50자 이하로 입력해주세요.',
    );
    expectError(
      await edit(admin.token, { name: '새 이름', description: '  ' }),
      400,
      'validation_failed',
      '그룹 설명을 입력해주세요.',
    );
    expectError(
      await edit(admin.token, {
        name: '새 이름',
        description: '가'.repeat(256),
      }),
      400,
      'validation_failed',
      '그룹 설명은 최대 255자까지 입력 가능합니다.',
    );
    expect((await t.db.select().from(groups).where(eq(groups.id, g.id)))[0].name).toBe('테스트 그룹');
    const res = await edit(admin.token, {
      name: '  새 그룹 이름 ',
      description: ' 새 설명 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      name: '새 그룹 이름',
      description: '새 설명',
      status: 'ACTIVE',
    });
    expect((res.json() as { members: unknown[] }).members).toHaveLength(2);
  });
});

describe('DELETE /api/groups/{groupId}/leave', () => {
  it('removes a member with their schedules, -1, no 쪽지; the admin cannot leave', async () => {
    const [m, stay] = [await t.user('떠날멤버'), await t.user()];
    const g = await makeGroup(t, admin, [m, stay]);
    await addEntry(g, m);
    await addEntry(g, stay);
    const mail = (await inbox(t, m)).length;
    expect(await current(g.postId)).toBe(3);
    events.length = 0;
    expectError(
      await t.delete(`/api/groups/${g.id}/leave`, { token: admin.token }),
      400,
      'group_admin',
      '그룹의 관리자는 탈퇴할 수 없습니다. 그룹 삭제를 이용해주세요.',
    );
    const res = await t.delete(`/api/groups/${g.id}/leave`, { token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('그룹을 성공적으로 탈퇴했습니다.');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(await memberIds(g.id)).toEqual([admin.id, stay.id].sort());
    expect((await t.db.select().from(schedules).where(eq(schedules.groupId, g.id))).map((s) => s.writerId)).toEqual([stay.id]);
    expect(await current(g.postId)).toBe(2);
    expect((await inbox(t, m)).length).toBe(mail);
    expect(events).toEqual([
      expect.objectContaining({
        name: 'group.memberRemoved',
        payload: {
          groupId: g.id,
          groupName: g.name,
          userId: m.id,
          nickname: '떠날멤버',
          reason: 'leave',
        },
        membersLeft: 2,
      }),
    ]);
    expectError(await t.get(`/api/groups/${g.id}`, { token: m.token }), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expectError(
      await t.delete(`/api/groups/${g.id}/leave`, { token: m.token }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
  });

  it('never takes the counter below 1', async () => {
    const m = await t.user();
    const g = await makeGroup(t, admin, [m]);
    await t.db.update(basePosts).set({ currentMembers: 1 }).where(eq(basePosts.id, g.postId));
    expect((await t.delete(`/api/groups/${g.id}/leave`, { token: m.token })).statusCode).toBe(200);
    expect(await current(g.postId)).toBe(1);
  });
});
