import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basePosts, groupMembers, groups, schedules } from '../../db/schema/index.js';
import type { DomainEvents } from '../events.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const admin = t.suiteUser('방장님');
const events: Array<{ name: string; payload: unknown; membersLeft: number }> = [];

beforeAll(async () => {
  for (const name of ['group.memberJoined', 'group.memberRemoved', 'group.deleting'] as const) {
    t.ctx.events.on(name, async ({ tx }, payload: DomainEvents[typeof name]) => {
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
const invite = (g: TestGroup, token: string, body: unknown) => t.post(`/api/groups/${g.id}/invite`, { token, body });
const kick = (g: TestGroup, token: string, userId: number | string) =>
  t.delete(`/api/groups/${g.id}/remove/${userId}`, { token });
const addEntry = (g: TestGroup, u: TestUser, date = '2025-06-10') =>
  t.post('/api/schedules', {
    token: u.token,
    body: { groupId: g.id, content: '일정', date },
  });

describe('POST /api/groups/{groupId}/invite', () => {
  it('adds the invitee at once (case-insensitive, trimmed): +1, the invite 쪽지, memberJoined after the insert', async () => {
    const [m, guest] = [await t.user(), await t.user('Guest_초대')];
    const g = await makeGroup(t, admin, [m], {
      totalMembers: 3,
      name: '초대 그룹',
    });
    events.length = 0;
    const res = await invite(g, admin.token, { nickname: '  gUEST_초대 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('초대가 완료되었습니다.');
    expect(await memberIds(g.id)).toEqual([admin.id, m.id, guest.id].sort());
    expect(await current(g.postId)).toBe(3);
    expect((await inbox(t, guest)).at(-1)).toBe("'초대 그룹' 그룹에 초대되었습니다.");
    expect(events).toEqual([
      {
        name: 'group.memberJoined',
        payload: {
          groupId: g.id,
          groupName: '초대 그룹',
          userId: guest.id,
          nickname: 'Guest_초대',
          joinedBy: 'INVITE',
        },
        membersLeft: 3,
      },
    ]);
    expect((await t.get(`/api/groups/${g.id}`, { token: guest.token })).statusCode).toBe(200);
  });

  it('refuses in the contract order and changes nothing', async () => {
    const [m, free, gone] = [await t.user('그냥멤버'), await t.user('자유인'), await t.user('떠난이')];
    const g = await makeGroup(t, admin, [m], { totalMembers: 2 });
    expect((await t.delete(`/api/users/${gone.id}`, { token: gone.token })).statusCode).toBe(200);
    const mail = (await inbox(t, free)).length;
    events.length = 0;
    expectError(await invite(g, m.token, { nickname: '' }), 403, 'forbidden', '그룹의 관리자만이 초대할 수 있습니다.');
    for (const body of [{ nickname: '   ' }, {}, { nickname: 7 }, undefined]) {
      expectError(await invite(g, admin.token, body), 400, 'validation_failed', '닉네임을 입력하세요.');
    }
    for (const nickname of ['없는사람', '[시스템]', '떠난이', '탈퇴한 사용자']) {
      expectError(await invite(g, admin.token, { nickname }), 400, 'user_not_found', '해당 닉네임의 사용자가 존재하지 않습니다.');
    }
    for (const nickname of ['그냥멤버', '방장님']) {
      expectError(await invite(g, admin.token, { nickname }), 400, 'already_member', '이미 그룹에 존재하는 사용자입니다.');
    }
    expectError(await invite(g, admin.token, { nickname: '자유인' }), 400, 'capacity_exceeded', '모집 인원이 초과되었습니다.');
    expect(await memberIds(g.id)).toEqual([admin.id, m.id].sort());
    expect(await current(g.postId)).toBe(2);
    expect((await inbox(t, free)).length).toBe(mail);
    expect(events).toEqual([]);
  });

  it('gives the last seat to exactly one of two racing invites', async () => {
    const [x, y] = [await t.user('경쟁1'), await t.user('경쟁2')];
    const g = await makeGroup(t, admin, [], { totalMembers: 2 });
    const results = await Promise.all([
      invite(g, admin.token, { nickname: '경쟁1' }),
      invite(g, admin.token, { nickname: '경쟁2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expectError(
      results.find((r) => r.statusCode === 400)!,
      400,
      'capacity_exceeded',
      '모집 인원이 초과되었습니다.',
    );
    expect(await memberIds(g.id)).toHaveLength(2);
    expect(await current(g.postId)).toBe(2);
    const joined = (await memberIds(g.id)).filter((id) => id !== admin.id)[0];
    expect([x.id, y.id]).toContain(joined);
    const loser = joined === x.id ? y : x;
    expect(await inbox(t, loser)).not.toContain(`'${g.name}' 그룹에 초대되었습니다.`);
  });

  it('adds one membership for two racing invites of the same user', async () => {
    await t.user('중복초대');
    const g = await makeGroup(t, admin, [], { totalMembers: 4 });
    const results = await Promise.all([
      invite(g, admin.token, { nickname: '중복초대' }),
      invite(g, admin.token, { nickname: '중복초대' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await memberIds(g.id)).toHaveLength(2);
    expect(await current(g.postId)).toBe(2);
  });
});

describe('DELETE /api/groups/{groupId}/remove/{userId}', () => {
  it('kicks a member: schedules gone, -1, the kick 쪽지; the kicked user then gets 403', async () => {
    const [m, stay] = [await t.user('추방대상'), await t.user()];
    const g = await makeGroup(t, admin, [m, stay], { name: '추방 그룹' });
    await addEntry(g, m);
    events.length = 0;
    expectError(await kick(g, stay.token, m.id), 403, 'forbidden', '그룹의 관리자만이 추방할 수 있습니다.');
    expectError(await kick(g, admin.token, 999999), 400, 'member_not_found', '해당 그룹에 존재하지 않는 멤버입니다.');
    expectError(
      await kick(g, admin.token, (await t.user()).id),
      400,
      'member_not_found',
      '해당 그룹에 존재하지 않는 멤버입니다.',
    );
    expectError(await kick(g, admin.token, admin.id), 400, 'group_admin', '관리자는 추방할 수 없습니다.');
    expect(await current(g.postId)).toBe(3);
    const res = await kick(g, admin.token, m.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('사용자가 그룹에서 추방되었습니다.');
    expect(await memberIds(g.id)).toEqual([admin.id, stay.id].sort());
    expect(await t.db.select().from(schedules).where(eq(schedules.writerId, m.id))).toEqual([]);
    expect(await current(g.postId)).toBe(2);
    expect((await inbox(t, m)).at(-1)).toBe("'추방 그룹' 그룹에서 추방되었습니다.");
    expect(events).toEqual([
      {
        name: 'group.memberRemoved',
        payload: {
          groupId: g.id,
          groupName: '추방 그룹',
          userId: m.id,
          nickname: '추방대상',
          reason: 'kick',
        },
        membersLeft: 2,
      },
    ]);
    expectError(await t.get(`/api/groups/${g.id}`, { token: m.token }), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expectError(await kick(g, admin.token, m.id), 400, 'member_not_found', '해당 그룹에 존재하지 않는 멤버입니다.');
  });
});

describe('DELETE /api/groups/{id}', () => {
  it('deletes members and schedules; the post is back in my-posts, recounted; a new group can be made from it', async () => {
    const [a, b, c] = [await t.user('승인A'), await t.user('승인B'), await t.user('초대C')];
    const g = await makeGroup(t, admin, [a, b], {
      totalMembers: 5,
      name: '지울 그룹',
    });
    await invite(g, admin.token, { nickname: '초대C' });
    await t.delete(`/api/groups/${g.id}/leave`, { token: b.token });
    await addEntry(g, a);
    await addEntry(g, admin);
    expect(await current(g.postId)).toBe(3);
    expectError(await t.delete(`/api/groups/${g.id}`, { token: a.token }), 403, 'forbidden', '그룹을 삭제할 권한이 없습니다.');
    events.length = 0;

    const res = await t.delete(`/api/groups/${g.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(events).toEqual([
      {
        name: 'group.deleting',
        payload: {
          groupId: g.id,
          groupName: '지울 그룹',
          adminId: admin.id,
          memberIds: expect.arrayContaining([admin.id, a.id, c.id]),
        },
        membersLeft: 3,
      },
    ]);
    expect(await t.db.select().from(groups).where(eq(groups.id, g.id))).toEqual([]);
    expect(await memberIds(g.id)).toEqual([]);
    expect(await t.db.select().from(schedules).where(eq(schedules.groupId, g.id))).toEqual([]);
    // 1 + the two APPROVED applications (b left, but stays approved); the invitee had none
    expect(await current(g.postId)).toBe(3);
    const mine = (await t.get('/api/base-posts/my-posts', { token: admin.token })).json() as Array<{
      basePostId: number;
      currentMembers: number;
    }>;
    expect(mine.find((p) => p.basePostId === g.postId)).toMatchObject({
      currentMembers: 3,
      hasGroup: false,
    });
    expectError(await t.get(`/api/groups/${g.id}`, { token: admin.token }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(
      await t.delete(`/api/groups/${g.id}`, { token: admin.token }),
      404,
      'not_found',
      '해당 그룹이 존재하지 않습니다.',
    );

    const again = await t.post('/api/groups', {
      token: admin.token,
      body: {
        basePostId: g.postId,
        name: '다시 만든 그룹',
        description: '재결성',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as { members: Array<{ userId: number }> }).members.map((m) => m.userId)).toEqual([admin.id, a.id, b.id]);
  });

  it('races leave, kick and invite against the delete without a server error', async () => {
    const [a, b, c] = [await t.user(), await t.user(), await t.user('경합초대')];
    const g = await makeGroup(t, admin, [a, b], { totalMembers: 5 });
    const [del, leave, kicked, invited] = await Promise.all([
      t.delete(`/api/groups/${g.id}`, { token: admin.token }),
      t.delete(`/api/groups/${g.id}/leave`, { token: a.token }),
      kick(g, admin.token, b.id),
      invite(g, admin.token, { nickname: c.nickname }),
    ]);
    expect(del.statusCode, del.body).toBe(204);
    for (const res of [leave, kicked, invited]) expect([200, 400, 403, 404], res.body).toContain(res.statusCode);
    expect(await memberIds(g.id)).toEqual([]);
    expect(await current(g.postId)).toBe(3);
  });

  it('caps the recount at totalMembers', async () => {
    const [a, b] = [await t.user(), await t.user()];
    const g = await makeGroup(t, admin, [a, b], { totalMembers: 3 });
    // two APPROVED applications over a total lowered to 2 (as an edit could not, but the recount must not trust it)
    await t.db.update(basePosts).set({ totalMembers: 2, currentMembers: 2 }).where(eq(basePosts.id, g.postId));
    expect((await t.delete(`/api/groups/${g.id}`, { token: admin.token })).statusCode).toBe(204);
    expect(await current(g.postId)).toBe(2);
  });
});

describe('withdrawal of a member (docs/api.md §7)', () => {
  it('ends each membership as a leave: -1, schedules removed, memberRemoved with the old nickname', async () => {
    const [m, other] = [await t.user('탈퇴예정'), await t.user()];
    const g1 = await makeGroup(t, admin, [m, other]);
    const g2 = await makeGroup(t, other, [m]);
    await addEntry(g1, m);
    await addEntry(g2, m, '2025-06-11');
    expect((await t.delete(`/api/users/${m.id}`, { token: m.token })).statusCode).toBe(200);
    expect(await memberIds(g1.id)).toEqual([admin.id, other.id].sort());
    expect(await memberIds(g2.id)).toEqual([other.id]);
    expect(await current(g1.postId)).toBe(2);
    expect(await current(g2.postId)).toBe(1);
    expect(await t.db.select().from(schedules).where(eq(schedules.writerId, m.id))).toEqual([]);
    const removed = events.filter((e) => e.name === 'group.memberRemoved').map((e) => e.payload);
    expect(removed).toEqual([
      {
        groupId: g1.id,
        groupName: g1.name,
        userId: m.id,
        nickname: '탈퇴예정',
        reason: 'withdrawal',
      },
      {
        groupId: g2.id,
        groupName: g2.name,
        userId: m.id,
        nickname: '탈퇴예정',
        reason: 'withdrawal',
      },
    ]);
  });
});
