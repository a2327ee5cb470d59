import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, users } from '../../db/schema/index.js';
import { inTransaction } from '../../lib/transaction.js';
import type { TestUser } from '../../../test/helpers.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';
import {
  createGroup,
  createRoom,
  expectClosed,
  sleep,
  StompTestClient,
  useRealtimeSuite,
  type TestGroup,
} from '../../../test/fixtures/chat.js';

const rt = useRealtimeSuite();
let g: TestGroup;
let roomId: number;
let topic: string;
let outsider: TestUser;

beforeAll(async () => {
  g = await createGroup(rt.t, 3, '실시간 그룹');
  roomId = await createRoom(rt.t, g, '실시간방');
  topic = `/topic/chat/${roomId}`;
  outsider = await rt.t.user('구경꾼');
});

const httpGet = (path: string, headers: Record<string, string> = {}) => fetch(`http://${rt.host}${path}`, { headers });

describe('handshake (5.1, 8.16)', () => {
  it('serves /info and opens sessions with a valid token', async () => {
    const info = await httpGet(`/ws/chat/info?token=${g.admin.token}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ websocket: true });
    const c = await rt.connect(g.admin);
    expect(c.closed).toBe(false);
  });

  it('refuses /info and session-opening requests without a valid token: 401 plain text', async () => {
    // one character of the signature changed, away from its last character (whose low bits base64url ignores)
    const at = g.admin.token.length - 10;
    const forged = g.admin.token.slice(0, at) + (g.admin.token[at] === 'A' ? 'B' : 'A') + g.admin.token.slice(at + 1);
    for (const token of ['', 'garbage', forged]) {
      const info = await httpGet(`/ws/chat/info?token=${token}`);
      expect(info.status).toBe(401);
      expect(info.headers.get('x-error-code')).toBe('login_required');
      expect(info.headers.get('content-type')).toContain('text/plain');
      expect(await info.text()).toBe('로그인이 필요합니다.');
    }
    const xhr = await fetch(`http://${rt.host}/ws/chat/000/abcdefgh/xhr_streaming?token=bad`, { method: 'POST' });
    expect(xhr.status).toBe(401);
    await expect(StompTestClient.raw(rt.host, 'bad')).rejects.toThrow('refused 401');
    // a Bearer header is not a handshake token
    expect((await httpGet('/ws/chat/info', { authorization: `Bearer ${g.admin.token}` })).status).toBe(401);
  });

  it('refuses a disallowed Origin with 403 and accepts its own origin or none', async () => {
    const bad = await httpGet(`/ws/chat/info?token=${g.admin.token}`, { origin: 'http://evil.example' });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('x-error-code')).toBe('forbidden');
    expect(await bad.text()).toBe('허용되지 않은 출처입니다.');
    await expect(StompTestClient.raw(rt.host, g.admin.token, { origin: 'http://evil.example' })).rejects.toThrow('refused 403');
    expect((await httpGet(`/ws/chat/info?token=${g.admin.token}`, { origin: `http://${rt.host}` })).status).toBe(200);
  });

  it('offers no iframe or JSONP transports', async () => {
    expect((await httpGet(`/ws/chat/iframe.html?token=${g.admin.token}`)).status).toBe(404);
    expect((await httpGet(`/ws/chat/000/abcdefgh/jsonp?c=x&token=${g.admin.token}`)).status).toBe(404);
  });

  it('limits new sessions per IP to 30 a minute (429 with Retry-After)', async () => {
    const clients: StompTestClient[] = [];
    for (let i = 0; i < 30; i++) clients.push(await StompTestClient.raw(rt.host, outsider.token));
    await expect(StompTestClient.raw(rt.host, outsider.token)).rejects.toThrow('refused 429');
    for (const c of clients) c.close();
  });
});

describe('STOMP over the raw WebSocket and SockJS transports', () => {
  for (const via of ['raw', 'sockjs'] as const) {
    it(`${via}: CONNECTED with heart-beats, members chat live with receipts, the message is stored first`, async () => {
      const [a, b] = g.members;
      const ca = await rt.connect(a, via);
      const cb = await rt.connect(b, via);
      expect((await ca.subscribe(topic)).command).toBe('RECEIPT');
      expect((await cb.subscribe(topic)).command).toBe('RECEIPT');
      const receipt = await ca.sendChat(roomId, `  안녕 ${via}  `, 'r-1');
      expect(receipt?.command).toBe('RECEIPT');
      const got = await cb.next((f) => f.command === 'MESSAGE');
      expect(got.headers).toMatchObject({ destination: topic, subscription: topic, 'content-type': 'application/json' });
      const body = JSON.parse(got.body) as { messageId: number };
      expect(body).toEqual({
        messageId: expect.any(Number),
        senderId: a.id,
        senderName: a.nickname,
        message: `안녕 ${via}`,
        sendAt: '2025-06-01T12:00:00+09:00',
      });
      expect(got.headers['message-id']).toBe(String(body.messageId));
      const [row] = await rt.t.db.select().from(chatMessages).where(eq(chatMessages.id, body.messageId));
      expect(row.content).toBe(`안녕 ${via}`);
      await ca.next((f) => f.command === 'MESSAGE');
      ca.close();
      cb.close();
    });
  }

  it('xhr-streaming and xhr polling carry STOMP too', async () => {
    for (const transport of ['xhr-streaming', 'xhr-polling']) {
      const sock = await StompTestClient.sockjs(rt.host, g.members[2].token, [transport]);
      rt.track(sock);
      sock.send('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0' });
      expect((await sock.next()).command).toBe('CONNECTED');
      expect((await sock.subscribe(topic)).command).toBe('RECEIPT');
      await sock.sendChat(roomId, transport);
      expect(JSON.parse((await sock.next((f) => f.command === 'MESSAGE')).body).message).toBe(transport);
      sock.close();
    }
  });

  it('negotiates heart-beats 10 s both ways', async () => {
    const c = await StompTestClient.raw(rt.host, g.admin.token);
    rt.track(c);
    c.send('CONNECT', { 'accept-version': '1.2', 'heart-beat': '5000,20000', login: 'ignored', passcode: 'ignored' });
    const connected = await c.next();
    expect(connected.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
    c.write('\n');
    c.write('\r\n');
    expect((await c.subscribe(`/user/queue/kick`)).command).toBe('RECEIPT');
    c.close();
  });
});

describe('STOMP and DISCONNECT', () => {
  it('accepts the STOMP command for CONNECT, and DISCONNECT with a receipt answers RECEIPT, then closes', async () => {
    const c = await StompTestClient.raw(rt.host, g.admin.token);
    c.send('STOMP', { 'accept-version': '1.2', host: 'localhost' });
    expect((await c.next()).command).toBe('CONNECTED');
    c.send('DISCONNECT', { receipt: 'bye' });
    expect((await c.next()).headers['receipt-id']).toBe('bye');
    await expectClosed(c);
  });
});

describe('a socket that goes away', () => {
  let own: TestGroup;
  let ownRoom: number;
  beforeAll(async () => {
    own = await createGroup(rt.t, 2, '닫기 그룹');
    ownRoom = await createRoom(rt.t, own, '닫기방');
  });

  it('still stores, in order, every line it had sent before it closed', async () => {
    const sender = own.members[0];
    const c = await rt.connect(sender);
    const lines = ['닫기 직전 1', '닫기 직전 2', '닫기 직전 3'];
    for (const line of lines) void c.sendChat(ownRoom, line);
    c.close();
    const stored = async () =>
      (
        await rt.t.db
          .select({ content: chatMessages.content })
          .from(chatMessages)
          .where(eq(chatMessages.senderId, sender.id))
          .orderBy(chatMessages.id)
      ).map((r) => r.content);
    for (let i = 0; i < 50 && (await stored()).length < lines.length; i++) await sleep(100);
    expect(await stored()).toEqual(lines);
  });

  it('runs nothing after a DISCONNECT it had sent', async () => {
    const sender = own.members[1];
    const c = await rt.connect(sender);
    c.send('DISCONNECT');
    void c.sendChat(ownRoom, '끊은 뒤');
    await expectClosed(c);
    await sleep(300);
    const after = await rt.t.db.select().from(chatMessages).where(eq(chatMessages.senderId, sender.id));
    expect(after).toEqual([]);
  });
});

describe('ERROR then close', () => {
  const expectError = async (c: StompTestClient, text: string) => {
    const err = await c.next((f) => f.command === 'ERROR');
    expect(err.headers.message).toBe(text);
    expect(err.body).toBe(text);
    await expectClosed(c);
  };

  it('refuses CONNECT without 1.2, frames before CONNECT and refused commands', async () => {
    let c = await StompTestClient.raw(rt.host, g.admin.token);
    c.send('CONNECT', { 'accept-version': '1.0,1.1' });
    await expectError(c, 'STOMP 1.2만 지원합니다.');
    c = await StompTestClient.raw(rt.host, g.admin.token);
    c.send('SUBSCRIBE', { id: '1', destination: topic });
    await expectError(c, '먼저 CONNECT 프레임을 보내야 합니다.');
    for (const command of ['ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT']) {
      c = await rt.connect(g.admin);
      c.send(command, { id: '1', transaction: 'tx' });
      await expectError(c, '지원하지 않는 명령입니다.');
    }
  });

  it('refuses other destinations', async () => {
    let c = await rt.connect(g.admin);
    c.send('SUBSCRIBE', { id: '1', destination: '/topic/other' });
    await expectError(c, '지원하지 않는 경로입니다.');
    c = await rt.connect(g.admin);
    c.send('SEND', { destination: '/app/other' }, '{}');
    await expectError(c, '지원하지 않는 경로입니다.');
    // a room topic spelled another way would never receive the room's messages
    c = await rt.connect(g.admin);
    expect((await c.subscribe(`/topic/chat/0${roomId}`)).body).toBe('이 채팅방에 접근 권한이 없습니다.');
  });

  it('a non-member cannot subscribe or send, and nothing is delivered (8.15)', async () => {
    const member = await rt.connect(g.members[0]);
    await member.subscribe(topic);
    let c = await rt.connect(outsider);
    const err = await c.subscribe(topic);
    expect(err.headers.message).toBe('이 채팅방에 접근 권한이 없습니다.');
    await expectClosed(c);
    c = await rt.connect(outsider);
    await c.subscribe('/topic/chat/987654').then((f) => expect(f.body).toBe('이 채팅방에 접근 권한이 없습니다.'));
    c = await rt.connect(outsider);
    c.send('SEND', { destination: '/app/chat.sendMessage' }, JSON.stringify({ chatRoomId: roomId, message: '몰래' }));
    await expectError(c, '이 채팅방에 접근 권한이 없습니다.');
    await sleep(100);
    expect(member.take(topic)).toEqual([]);
    member.close();
  });

  it('checks SEND in the contract order: format, access, empty, length, rate', async () => {
    const cases: Array<[string, string]> = [
      ['not json', '메시지 형식이 올바르지 않습니다.'],
      [JSON.stringify({ chatRoomId: 'abc', message: 'x' }), '메시지 형식이 올바르지 않습니다.'],
      [JSON.stringify([roomId]), '메시지 형식이 올바르지 않습니다.'],
      [JSON.stringify({ chatRoomId: 987654, message: '' }), '이 채팅방에 접근 권한이 없습니다.'],
      [JSON.stringify({ chatRoomId: String(roomId), message: '   ' }), '메시지를 입력해주세요.'],
      [JSON.stringify({ chatRoomId: roomId }), '메시지를 입력해주세요.'],
      [JSON.stringify({ chatRoomId: roomId, message: '가'.repeat(1001) }), '메시지는 최대 1000자까지 입력 가능합니다.'],
    ];
    for (const [body, text] of cases) {
      const c = await rt.connect(g.members[1]);
      c.send('SEND', { destination: '/app/chat.sendMessage' }, body);
      await expectError(c, text);
    }
    const before = (await rt.t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).length;
    const c = await rt.connect(g.members[1]);
    for (let i = 1; i <= 10; i++)
      expect((await c.sendChat(roomId, `${'가'.repeat(i === 1 ? 1000 : 1)}`, `s${i}`))?.command).toBe('RECEIPT');
    c.send(
      'SEND',
      { destination: '/app/chat.sendMessage', receipt: 'over' },
      JSON.stringify({ chatRoomId: roomId, message: '열한번째', senderId: outsider.id }),
    );
    const err = await c.next((f) => f.command === 'ERROR');
    expect(err.headers).toMatchObject({ message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.', 'receipt-id': 'over' });
    await expectClosed(c);
    const rows = await rt.t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    expect(rows.length - before).toBe(10);
    expect(rows.every((r) => r.senderId !== outsider.id)).toBe(true);
  });

  it('refuses frames over 64 KiB and malformed frames', async () => {
    let c = await rt.connect(g.admin);
    c.send('SEND', { destination: '/app/chat.sendMessage' }, 'x'.repeat(70 * 1024));
    await expectError(c, '메시지가 너무 큽니다.');
    c = await rt.connect(g.admin);
    c.write('SEND\nbad\\t:header\n\n\0');
    await expectError(c, '프레임 형식이 올바르지 않습니다.');
  });

  it('limits a session to 20 subscriptions', async () => {
    const c = await rt.connect(g.admin);
    for (let i = 0; i < 20; i++) expect((await c.subscribe(topic, `s${i}`)).command).toBe('RECEIPT');
    const err = await c.subscribe(topic, 's20');
    expect(err.body).toBe('구독은 연결당 최대 20개까지 가능합니다.');
  });

  it('an expired token gets ERROR 로그인이 필요합니다. on its next frame', async () => {
    const c = await rt.connect(g.admin);
    rt.t.clock.advance(25 * 60 * 60 * 1000);
    try {
      c.send('SUBSCRIBE', { id: 'x', destination: topic });
      await expectError(c, '로그인이 필요합니다.');
    } finally {
      rt.t.clock.set(NOON_SEOUL);
    }
  });
});

describe('sockets of a user', () => {
  it('a revoked session (withdrawal, password reset) closes every socket of the user at once (8.21)', async () => {
    const u = await rt.t.user('곧탈퇴');
    const sockets = [await rt.connect(u), await rt.connect(u, 'sockjs')];
    await inTransaction(rt.t.db, rt.t.ctx.log, rt.t.clock.now(), async (scope) => {
      await scope.tx.update(users).set({ tokenVersion: 99 }).where(eq(users.id, u.id));
      await rt.t.ctx.events.emit(scope, 'user.sessionsRevoked', { userId: u.id });
    });
    for (const s of sockets) await expectClosed(s);
    await expect(StompTestClient.raw(rt.host, u.token)).rejects.toThrow('refused 401');
  });

  it('closes the oldest socket beyond 10 per user', async () => {
    const u = await rt.t.user('소켓부자');
    const sockets: StompTestClient[] = [];
    for (let i = 0; i < 11; i++) sockets.push(await rt.connect(u));
    await expectClosed(sockets[0]);
    expect(sockets.slice(1).every((s) => !s.closed)).toBe(true);
    for (const s of sockets) s.close();
  });
});

describe('ordering', () => {
  it('delivers a room’s messages in messageId order to every subscriber', async () => {
    const og = await createGroup(rt.t, 3);
    const oRoom = await createRoom(rt.t, og);
    const oTopic = `/topic/chat/${oRoom}`;
    const senders = await Promise.all(og.members.map((m) => rt.connect(m)));
    const listener = await rt.connect(og.admin);
    await listener.subscribe(oTopic);
    await Promise.all(senders.map((s, i) => Promise.all([1, 2, 3].map((n) => s.sendChat(oRoom, `${i}-${n}`)))));
    const got: number[] = [];
    while (got.length < 9)
      got.push((JSON.parse((await listener.next((f) => f.command === 'MESSAGE')).body) as { messageId: number }).messageId);
    expect(got).toEqual([...got].sort((x, y) => x - y));
  });
});
