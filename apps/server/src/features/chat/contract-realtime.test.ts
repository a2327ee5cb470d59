import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { createGroup, createRoom, expectClosed, invite, listen, sleep, useRealtimeSuite } from '../../../test/fixtures/chat.js';

/** Black-box checks of docs/api.md §5 edge cases the realtime tests do not cover. */
const rt = useRealtimeSuite();

describe('STOMP (5.2, 5.4, 5.5)', () => {
  it('UNSUBSCRIBE answers its receipt and stops delivery', async () => {
    const g = await createGroup(rt.t, 1);
    const roomId = await createRoom(rt.t, g);
    const topic = `/topic/chat/${roomId}`;
    const [reader, writer] = [await rt.connect(g.members[0]), await rt.connect(g.admin)];
    await reader.subscribe(topic, 'sub-1');
    reader.send('UNSUBSCRIBE', { id: 'sub-1', receipt: 'u-1' });
    expect((await reader.next((f) => f.command === 'RECEIPT')).headers['receipt-id']).toBe('u-1');
    await writer.sendChat(roomId, '안 보여야 함', 'w-1');
    await sleep(150);
    expect(reader.take(topic)).toEqual([]);
  });

  it('a message counts code points: 1000 emoji pass, 1001 are refused; chatRoomId as a string and senderId ignored', async () => {
    const g = await createGroup(rt.t, 1);
    const roomId = await createRoom(rt.t, g);
    const topic = `/topic/chat/${roomId}`;
    const c = await rt.connect(g.members[0]);
    await c.subscribe(topic);
    c.send(
      'SEND',
      { destination: '/app/chat.sendMessage', 'content-type': 'application/json', receipt: 'ok' },
      JSON.stringify({ chatRoomId: String(roomId), message: '😀'.repeat(1000), senderId: g.admin.id }),
    );
    expect((await c.next((f) => f.command === 'RECEIPT' || f.command === 'ERROR')).command).toBe('RECEIPT');
    const body = JSON.parse((await c.next((f) => f.command === 'MESSAGE')).body) as { senderId: number; message: string };
    expect(body.senderId).toBe(g.members[0].id);
    expect([...body.message]).toHaveLength(1000);
    await c.sendChat(roomId, '😀'.repeat(1001));
    const err = await c.next((f) => f.command === 'ERROR');
    expect(err.body).toBe('메시지는 최대 1000자까지 입력 가능합니다.');
    await expectClosed(c);
  });

  it('a kicked user who is invited again may subscribe again and gets the room’s messages', async () => {
    const g = await createGroup(rt.t, 1, '재초대 그룹');
    const roomId = await createRoom(rt.t, g);
    const topic = `/topic/chat/${roomId}`;
    const [back] = g.members;
    const res = await rt.t.delete(`/api/groups/${g.id}/remove/${back.id}`, { token: g.admin.token });
    expect(res.statusCode).toBe(200);
    await invite(rt.t, g, back);
    const c = await rt.connect(back, 'sockjs');
    expect((await c.subscribe(topic)).command).toBe('RECEIPT');
    const admin = await rt.connect(g.admin);
    await admin.sendChat(roomId, '다시 왔네요', 'r');
    const got = JSON.parse((await c.next((f) => f.command === 'MESSAGE')).body) as { message: string; senderName: string };
    expect(got).toMatchObject({ message: '다시 왔네요', senderName: g.admin.nickname });
  });

  it('the kick queue accepts a subscription receipt and needs no membership', async () => {
    const loner = await rt.t.user('혼자');
    const c = await rt.connect(loner);
    expect((await c.subscribe('/user/queue/kick')).command).toBe('RECEIPT');
  });
});

describe('SockJS from an allowed foreign origin (1.8, 5.1)', () => {
  it('answers /info and its preflight with the origin echoed and credentials allowed; a token is still required', async () => {
    const app = await createTestApp({ now: NOON_SEOUL, env: { ALLOWED_ORIGINS: 'http://localhost:5173' } });
    try {
      const where = await listen(app);
      const u = await app.user();
      const origin = 'http://localhost:5173';
      const info = await fetch(`http://${where}/ws/chat/info?token=${encodeURIComponent(u.token)}&t=1`, {
        headers: { Origin: origin },
      });
      expect(info.status).toBe(200);
      expect(info.headers.get('access-control-allow-origin')).toBe(origin);
      expect(info.headers.get('access-control-allow-credentials')).toBe('true');
      expect(((await info.json()) as { websocket: boolean }).websocket).toBe(true);
      const preflight = await fetch(`http://${where}/ws/chat/info?token=${encodeURIComponent(u.token)}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const anonymous = await fetch(`http://${where}/ws/chat/info`, { headers: { Origin: origin } });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).toBe('로그인이 필요합니다.');
    } finally {
      await app.close();
    }
  });
});
