import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changePassword, grantFor, person } from '../../../test/fixtures/recovery.js';
import { createGroup, createRoom, expectClosed, listen, sleep, StompTestClient } from '../../../test/fixtures/chat.js';

/** The chat side of the groups, withdrawal and password-reset routes (docs/api.md §3.6, §4.2, §5.5, §6.4, §7), with open sockets. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let host: string;
beforeAll(async () => {
  host = await listen(t);
});

const lines = async (roomId: number, token: string) =>
  ((await t.get(`/api/chat/rooms/${roomId}/messages`, { token })).json() as Array<{ message: string; senderName: string }>).map(
    (m) => m.message,
  );

async function watcher(user: Parameters<typeof StompTestClient.connect>[1], roomId: number, via: 'raw' | 'sockjs' = 'raw') {
  const c = await StompTestClient.connect(host, user, via);
  await c.subscribe(`/topic/chat/${roomId}`);
  await c.subscribe('/user/queue/kick');
  return c;
}

describe('through the groups routes', () => {
  it('invite: the invitee’s read log comes before the invite line, which is broadcast and is their one unread message', async () => {
    const g = await createGroup(t, 1, '초대 그룹');
    const roomId = await createRoom(t, g);
    const admin = await watcher(g.admin, roomId);
    const guest = await t.user('새손님');
    const res = await t.post(`/api/groups/${g.id}/invite`, { token: g.admin.token, body: { nickname: '새손님' } });
    expect(res.statusCode, res.body).toBe(200);
    const line = await admin.next((f) => f.command === 'MESSAGE');
    expect(JSON.parse(line.body)).toMatchObject({ senderName: '[시스템]', message: '새손님님이 그룹에 초대되었습니다.' });
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: guest.token })).json()).toBe(1);
    admin.close();
  });

  it('kick: subscriptions dropped, the kick push, the line to the others only; the kicked user is out of the room', async () => {
    const g = await createGroup(t, 2, '추방 그룹');
    const roomId = await createRoom(t, g);
    const [victim, stays] = g.members;
    const topic = `/topic/chat/${roomId}`;
    const sockets = [await watcher(victim, roomId), await watcher(victim, roomId, 'sockjs')];
    const other = await watcher(stays, roomId);
    const res = await t.delete(`/api/groups/${g.id}/remove/${victim.id}`, { token: g.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of sockets) {
      const push = await s.next((f) => f.headers.destination === '/user/queue/kick');
      expect(push.headers['content-type']).toBe('text/plain;charset=utf-8');
      expect(push.body).toBe('그룹에서 추방된 사용자이므로 채팅방에 참여를 할 수 없습니다.');
    }
    expect(JSON.parse((await other.next((f) => f.command === 'MESSAGE')).body).message).toBe(
      `${victim.nickname}님이 그룹에서 추방되었습니다.`,
    );
    await other.sendChat(roomId, '이제 안 보임', 'after');
    await sleep(150);
    for (const s of sockets) expect(s.take(topic)).toEqual([]);
    // any later SUBSCRIBE or SEND fails the membership check
    expect((await sockets[0].subscribe(topic, 'again')).body).toBe('이 채팅방에 접근 권한이 없습니다.');
    await sockets[1].sendChat(roomId, 'x');
    expect((await sockets[1].next((f) => f.command === 'ERROR')).body).toBe('이 채팅방에 접근 권한이 없습니다.');
    expectError(
      await t.get(`/api/chat/rooms/${roomId}`, { token: victim.token }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
    other.close();
  });

  it('leave: the line, no push, and the leaver’s subscription is gone', async () => {
    const g = await createGroup(t, 2);
    const roomId = await createRoom(t, g);
    const [leaver] = g.members;
    const s = await watcher(leaver, roomId);
    const res = await t.delete(`/api/groups/${g.id}/leave`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lines(roomId, g.admin.token)).toEqual([`${leaver.nickname}님이 그룹을 탈퇴했습니다.`]);
    await sleep(100);
    expect(s.frames).toEqual([]);
    s.close();
  });

  it('group deletion: non-admins get the deletion push; the room is gone', async () => {
    const g = await createGroup(t, 1);
    const roomId = await createRoom(t, g);
    const [admin, member] = [await watcher(g.admin, roomId), await watcher(g.members[0], roomId)];
    expect((await t.delete(`/api/groups/${g.id}`, { token: g.admin.token })).statusCode).toBe(204);
    expect((await member.next((f) => f.headers.destination === '/user/queue/kick')).body).toBe(
      '그룹이 삭제되어 채팅방을 사용할 수 없습니다.',
    );
    await sleep(100);
    expect(admin.frames).toEqual([]);
    expectError(
      await t.get(`/api/chat/rooms/${roomId}`, { token: g.admin.token }),
      404,
      'not_found',
      '채팅방을 찾을 수 없습니다.',
    );
    admin.close();
    member.close();
  });

  it('withdrawal: a leave line with the old nickname, and every socket of the user closes', async () => {
    const g = await createGroup(t, 2);
    const roomId = await createRoom(t, g);
    const [leaving] = g.members;
    const s = await watcher(leaving, roomId);
    const res = await t.delete(`/api/users/${leaving.id}`, { token: leaving.token });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosed(s);
    expect(await lines(roomId, g.admin.token)).toEqual([`${leaving.nickname}님이 그룹을 탈퇴했습니다.`]);
  });

  it('password reset: every socket of the user closes and the old token no longer opens one (8.21)', async () => {
    const p = await person(t);
    const sockets = [await StompTestClient.connect(host, p), await StompTestClient.connect(host, p, 'sockjs')];
    const grant = await grantFor(t, p);
    const res = await changePassword(
      t,
      { loginId: p.loginId, newPassword: 'newpassword123', confirmPassword: 'newpassword123' },
      grant,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const s of sockets) await expectClosed(s);
    await expect(StompTestClient.raw(host, p.token)).rejects.toThrow('refused 401');
  });
});
