import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { chatMessages, chatReadLogs, chatRooms } from '../../db/schema/index.js';
import { inTransaction } from '../../lib/transaction.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { appendMessage } from './queries.js';
import { createGroup, createRoom, invite, removeMember, type TestGroup } from '../../../test/fixtures/chat.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const outsider = t.suiteUser('외부인');

/** A message stored directly (the STOMP path is tested in realtime.test.ts). */
async function say(roomId: number, user: TestUser, content: string) {
  return inTransaction(
    t.db,
    t.ctx.log,
    t.clock.now(),
    async ({ tx, now }) => (await appendMessage(tx, roomId, user.id, content, now))!.message.id,
  );
}

const readLog = async (userId: number, roomId: number) =>
  (
    await t.db
      .select()
      .from(chatReadLogs)
      .where(and(eq(chatReadLogs.userId, userId), eq(chatReadLogs.roomId, roomId)))
  )[0];

describe('POST /api/chat/room', () => {
  it('creates the room for the admin: read logs and the 쪽지 for every member, the creator included', async () => {
    const g = await createGroup(t, 2, '알고리즘 그룹');
    const res = await t.post('/api/chat/room', {
      token: g.admin.token,
      body: { groupId: String(g.id), chatRoomName: '  잡담방  ', creatorId: outsider.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const room = res.json() as { chatRoomId: number };
    expect(room).toEqual({
      chatRoomId: expect.any(Number),
      chatRoomName: '잡담방',
      groupId: g.id,
      groupName: '알고리즘 그룹',
      messages: [],
      unreadMessageCount: 0,
    });
    const [stored] = await t.db.select().from(chatRooms).where(eq(chatRooms.id, room.chatRoomId));
    expect(stored.createdBy).toBe(g.admin.id);
    const note = `'알고리즘 그룹' 그룹의 새로운 '잡담방' 채팅방이 생성되었습니다.`;
    for (const u of [g.admin, ...g.members]) {
      expect((await inbox(t, u)).at(-1)).toBe(note);
      expect((await readLog(u.id, room.chatRoomId)).lastReadMessageId).toBe(0);
    }
  });

  it('refuses in the contract order: validation, 404, 403 member, 403 admin, 409', async () => {
    const g = await createGroup(t, 1);
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: g.id, chatRoomName: '   ' } }),
      400,
      'validation_failed',
      '채팅방 이름을 입력해주세요.',
    );
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: g.id, chatRoomName: '가'.repeat(51) } }),
      400,
      'validation_failed',
      '채팅방 이름은 최대 50자까지 입력 가능합니다.',
    );
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: 'x', chatRoomName: '방' } }),
      400,
      'validation_failed',
    );
    expectError(
      await t.post('/api/chat/room', { token: outsider.token, body: { groupId: 999999, chatRoomName: '방' } }),
      404,
      'not_found',
      '그룹을 찾을 수 없습니다.',
    );
    expectError(
      await t.post('/api/chat/room', { token: outsider.token, body: { groupId: g.id, chatRoomName: '방' } }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
    expectError(
      await t.post('/api/chat/room', { token: g.members[0].token, body: { groupId: g.id, chatRoomName: '방' } }),
      403,
      'forbidden',
      '채팅방을 생성할 권한이 없습니다.',
    );
    expect((await t.db.select({ n: count() }).from(chatRooms).where(eq(chatRooms.groupId, g.id)))[0].n).toBe(0);
    expect(await inbox(t, g.members[0])).not.toContain(expect.stringContaining('채팅방이 생성되었습니다'));
    await createRoom(t, g);
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: g.id, chatRoomName: '둘째' } }),
      409,
      'chat_room_exists',
      '이미 해당 그룹의 채팅방이 존재합니다.',
    );
    expectError(
      await t.post('/api/chat/room', { body: { groupId: g.id, chatRoomName: '방' } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
  });
});

describe('room routes', () => {
  let g: TestGroup;
  let roomId: number;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    g = await createGroup(t, 2, '룸 그룹');
    [a, b] = g.members;
    roomId = await createRoom(t, g, '우리방');
  });

  it('every room route answers 404 for a missing room and 403 to a non-member, writing no read log', async () => {
    const routes = [
      (tok: string, id: number) => t.get(`/api/chat/rooms/${id}`, { token: tok }),
      (tok: string, id: number) => t.get(`/api/chat/rooms/${id}/messages`, { token: tok }),
      (tok: string, id: number) => t.get(`/api/chat/rooms/${id}/unread-count`, { token: tok }),
      (tok: string, id: number) => t.post('/api/chat/read-log', { token: tok, body: { chatRoomId: id } }),
    ];
    for (const route of routes) {
      expectError(await route(outsider.token, 987654), 404, 'not_found', '채팅방을 찾을 수 없습니다.');
      expectError(await route(outsider.token, roomId), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
      expectError(await route('', roomId), 401, 'login_required', '로그인이 필요합니다.');
    }
    expect(await readLog(outsider.id, roomId)).toBeUndefined();
    expectError(await t.get('/api/chat/rooms/abc', { token: a.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    expectError(await t.get('/api/chat/rooms/exist/987654', { token: a.token }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    expectError(
      await t.get(`/api/chat/rooms/exist/${g.id}`, { token: outsider.token }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
  });

  it('exist tells whether the group has a room', async () => {
    expect((await t.get(`/api/chat/rooms/exist/${g.id}`, { token: b.token })).json()).toEqual({
      exists: true,
      chatRoomId: roomId,
    });
    const empty = await createGroup(t, 1);
    expect((await t.get(`/api/chat/rooms/exist/${empty.id}`, { token: empty.members[0].token })).json()).toEqual({
      exists: false,
      chatRoomId: null,
    });
  });

  it('counts others’ messages and system lines after the read log; opening the room reports the count before and moves the log', async () => {
    await say(roomId, a, '안녕하세요');
    await say(roomId, b, '반가워요');
    const sys = (await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).length;
    expect(sys).toBe(2);
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: a.token })).json()).toBe(1);
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: g.admin.token })).json()).toBe(2);

    t.clock.advance(60_000);
    const open = await t.get(`/api/chat/rooms/${roomId}`, { token: g.admin.token });
    expect(open.statusCode).toBe(200);
    const body = open.json() as {
      unreadMessageCount: number;
      messages: Array<{ message: string; senderName: string; senderId: number; sendAt: string }>;
    };
    expect(body.unreadMessageCount).toBe(2);
    expect(body.messages.map((m) => m.message)).toEqual(['안녕하세요', '반가워요']);
    expect(body.messages[0]).toEqual({
      messageId: expect.any(Number),
      senderId: a.id,
      senderName: a.nickname,
      message: '안녕하세요',
      sendAt: '2025-06-01T12:00:00+09:00',
    });
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: g.admin.token })).json()).toBe(0);
    expect((await t.get(`/api/chat/rooms/${roomId}`, { token: g.admin.token })).json()).toMatchObject({ unreadMessageCount: 0 });
  });

  it('history is newest first, limited 1-300 (default 50, clamped), and before pages back', async () => {
    const h = await createGroup(t, 1);
    const id = await createRoom(t, h);
    const ids: number[] = [];
    for (let i = 1; i <= 55; i++) ids.push(await say(id, h.admin, `m${i}`));
    const get = async (q: string) =>
      (await t.get(`/api/chat/rooms/${id}/messages${q}`, { token: h.members[0].token })).json() as Array<{
        messageId: number;
        message: string;
      }>;
    const all = await get('');
    expect(all).toHaveLength(50);
    expect(all[0].message).toBe('m55');
    expect((await get('?limit=3')).map((m) => m.message)).toEqual(['m55', 'm54', 'm53']);
    expect(await get('?limit=0')).toHaveLength(1);
    expect(await get('?limit=1000')).toHaveLength(55);
    expect(await get('?limit=abc')).toHaveLength(50);
    expect((await get(`?limit=2&before=${ids[10]}`)).map((m) => m.message)).toEqual(['m10', 'm9']);
    expectError(await t.get(`/api/chat/rooms/${id}/messages?before=x`, { token: h.admin.token }), 400, 'bad_request');
    // room detail: the newest 50, oldest first
    const detail = (await t.get(`/api/chat/rooms/${id}`, { token: h.members[0].token })).json() as {
      messages: Array<{ message: string }>;
      unreadMessageCount: number;
    };
    expect(detail.messages).toHaveLength(50);
    expect(detail.messages[0].message).toBe('m6');
    expect(detail.messages.at(-1)!.message).toBe('m55');
    expect(detail.unreadMessageCount).toBe(55);
  });

  it('read-log saves the newest message as read', async () => {
    await say(roomId, a, '읽어줘');
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: b.token })).json()).toBeGreaterThan(0);
    const res = await t.post('/api/chat/read-log', { token: b.token, body: { chatRoomId: String(roomId) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('마지막으로 읽은 채팅 시각이 기록되었습니다.');
    expect((await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: b.token })).json()).toBe(0);
    expectError(await t.post('/api/chat/read-log', { token: b.token, body: {} }), 400, 'validation_failed');
  });
});

describe('GET /api/chat/rooms', () => {
  it('lists the caller’s rooms by last message, empty rooms last, with unread counts', async () => {
    const me = await t.user('목록주인');
    const mk = async (n: string) => {
      const g = await createGroup(t, 1, n);
      return { g, roomId: await createRoom(t, g, `${n} 방`) };
    };
    const [first, second, empty] = [await mk('그룹가'), await mk('그룹나'), await mk('그룹다')];
    for (const { g } of [first, second, empty]) await invite(t, g, me);
    await say(first.roomId, first.g.admin, '첫 방 메시지');
    t.clock.advance(1000);
    await say(second.roomId, second.g.admin, '둘째 방 메시지');
    await t.get(`/api/chat/rooms/${empty.roomId}`, { token: me.token });
    const res = await t.get('/api/chat/rooms', { token: me.token });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((r) => r.chatRoomName)).toEqual(['그룹나 방', '그룹가 방', '그룹다 방']);
    expect(list[0]).toEqual({
      chatRoomId: second.roomId,
      chatRoomName: '그룹나 방',
      groupId: second.g.id,
      groupName: '그룹나',
      unreadMessageCount: 2,
      lastMessageContent: '둘째 방 메시지',
      lastMessageTime: expect.stringMatching(/\+09:00$/),
    });
    // the invite line is the only thing in the third room, already read by opening it
    expect(list[2]).toMatchObject({ unreadMessageCount: 0, lastMessageContent: `${me.nickname}님이 그룹에 초대되었습니다.` });
    expect((await t.get('/api/chat/rooms', { token: outsider.token })).json()).toEqual([]);
  });

  it('an empty room shows 메시지가 없습니다. and no time', async () => {
    const g = await createGroup(t, 1);
    await createRoom(t, g);
    const [item] = (await t.get('/api/chat/rooms', { token: g.members[0].token })).json() as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ lastMessageContent: '메시지가 없습니다.', lastMessageTime: null, unreadMessageCount: 0 });
  });
});

describe('group events', () => {
  it('leave and kick remove the read log and store their lines; nothing happens for a group without a room', async () => {
    const g = await createGroup(t, 3);
    const roomId = await createRoom(t, g);
    await removeMember(t, g, g.members[0], 'leave');
    await removeMember(t, g, g.members[1], 'kick');
    expect(await readLog(g.members[0].id, roomId)).toBeUndefined();
    expect(await readLog(g.members[1].id, roomId)).toBeUndefined();
    const lines = (await t.get(`/api/chat/rooms/${roomId}/messages`, { token: g.admin.token })).json() as Array<{
      message: string;
    }>;
    expect(lines.map((l) => l.message)).toEqual([
      `${g.members[1].nickname}님이 그룹에서 추방되었습니다.`,
      `${g.members[0].nickname}님이 그룹을 탈퇴했습니다.`,
    ]);
    expectError(await t.get(`/api/chat/rooms/${roomId}`, { token: g.members[1].token }), 403, 'not_group_member');

    const noRoom = await createGroup(t, 1);
    await removeMember(t, noRoom, noRoom.members[0], 'leave');
    expect((await t.db.select({ n: count() }).from(chatMessages))[0].n).toBeGreaterThan(0);
  });

  it('deleting the group removes the room, its messages and read logs', async () => {
    const g = await createGroup(t, 1);
    const roomId = await createRoom(t, g);
    await say(roomId, g.admin, '곧 사라짐');
    await inTransaction(t.db, t.ctx.log, t.clock.now(), async (scope) => {
      await t.ctx.events.emit(scope, 'group.deleting', {
        groupId: g.id,
        groupName: g.name,
        adminId: g.admin.id,
        memberIds: [g.admin.id, g.members[0].id],
      });
      await scope.tx.execute(sql`DELETE FROM groups WHERE id = ${g.id}`);
    });
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))).toEqual([]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).toEqual([]);
    expect(await t.db.select().from(chatReadLogs).where(eq(chatReadLogs.roomId, roomId))).toEqual([]);
  });
});
