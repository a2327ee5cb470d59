import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chatReadLogs, users } from '../../db/schema/index.js';
import { inTransaction } from '../../lib/transaction.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { appendMessage } from './queries.js';
import { createGroup, createRoom, invite, type TestGroup } from '../../../test/fixtures/chat.js';

/** Black-box checks of docs/api.md §3.8, §4.2 and §7 edge cases the area tests do not cover. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let systemId: number;
beforeAll(async () => {
  [{ id: systemId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.system, true));
});

async function say(roomId: number, user: TestUser, content: string) {
  return inTransaction(
    t.db,
    t.ctx.log,
    t.clock.now(),
    async ({ tx, now }) => (await appendMessage(tx, roomId, user.id, content, now))!.message.id,
  );
}
type Msg = { messageId: number; senderId: number; senderName: string; message: string; sendAt: string };
const history = async (roomId: number, u: TestUser, q = '') =>
  (await t.get(`/api/chat/rooms/${roomId}/messages${q}`, { token: u.token })).json() as Msg[];
const unread = async (roomId: number, u: TestUser) =>
  (await t.get(`/api/chat/rooms/${roomId}/unread-count`, { token: u.token })).json() as number;

describe('POST /api/chat/room (3.8)', () => {
  it('takes groupId as a string, ignores creatorId, trims the name, counts code points; answers the empty ChatRoom', async () => {
    const g = await createGroup(t, 1, '방만들기');
    const other = g.members[0];
    const tooLong = await t.post('/api/chat/room', {
      token: g.admin.token,
      body: { groupId: g.id, chatRoomName: '😀'.repeat(51) },
    });
    expectError(tooLong, 400, 'validation_failed', '채팅방 이름은 최대 50자까지 입력 가능합니다.');
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: g.id, chatRoomName: '   ' } }),
      400,
      'validation_failed',
      '채팅방 이름을 입력해주세요.',
    );
    expectError(
      await t.post('/api/chat/room', { body: { groupId: g.id, chatRoomName: '방' } }),
      401,
      'login_required',
      '로그인이 필요합니다.',
    );
    const name = '😀'.repeat(50);
    const res = await t.post('/api/chat/room', {
      token: g.admin.token,
      body: { groupId: String(g.id), chatRoomName: `  ${name}  `, creatorId: other.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const room = res.json() as { chatRoomId: number };
    expect(room).toEqual({
      chatRoomId: expect.any(Number),
      chatRoomName: name,
      groupId: g.id,
      groupName: '방만들기',
      messages: [],
      unreadMessageCount: 0,
    });
    const note = `'방만들기' 그룹의 새로운 '${name}' 채팅방이 생성되었습니다.`;
    for (const u of [g.admin, other]) expect((await inbox(t, u)).at(-1)).toBe(note);
    // the room is the admin's: only an admin could create it, and the body creatorId was not used
    expect((await t.get(`/api/chat/rooms/${room.chatRoomId}`, { token: other.token })).json()).toEqual({
      chatRoomId: room.chatRoomId,
      chatRoomName: name,
      groupId: g.id,
      groupName: '방만들기',
      messages: [],
      unreadMessageCount: 0,
    });
  });

  it('a non-numeric groupId is validation_failed; path ids on room routes are bad_request', async () => {
    const g = await createGroup(t, 1);
    expectError(
      await t.post('/api/chat/room', { token: g.admin.token, body: { groupId: 'x1', chatRoomName: '방' } }),
      400,
      'validation_failed',
    );
    expectError(
      await t.post('/api/chat/read-log', { token: g.admin.token, body: { chatRoomId: 'x1' } }),
      400,
      'validation_failed',
    );
    for (const url of [
      '/api/chat/rooms/0',
      '/api/chat/rooms/-1/messages',
      '/api/chat/rooms/1.5/unread-count',
      '/api/chat/rooms/exist/abc',
    ]) {
      expectError(await t.get(url, { token: g.admin.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
    }
    expectError(
      await t.get('/api/chat/rooms/99999999999999', { token: g.admin.token }),
      404,
      'not_found',
      '채팅방을 찾을 수 없습니다.',
    );
  });
});

describe('messages, system lines and unread counts (3.8, 4.2)', () => {
  let g: TestGroup;
  let roomId: number;
  beforeAll(async () => {
    g = await createGroup(t, 2, '읽음 그룹');
    roomId = await createRoom(t, g, '읽음방');
  });

  it('system lines come from the flagged user as [시스템] and count as unread; one’s own messages do not', async () => {
    const [a, b] = g.members;
    await say(roomId, a, '내가 쓴 글');
    expect(await unread(roomId, a)).toBe(0);
    expect(await unread(roomId, b)).toBe(1);
    const guest = await t.user('읽음손님');
    await invite(t, g, guest);
    expect(await unread(roomId, a)).toBe(1);
    expect(await unread(roomId, b)).toBe(2);
    expect(await unread(roomId, guest)).toBe(1);
    const [line] = await history(roomId, guest, '?limit=1');
    expect(line).toEqual({
      messageId: expect.any(Number),
      senderId: systemId,
      senderName: '[시스템]',
      message: '읽음손님님이 그룹에 초대되었습니다.',
      sendAt: '2025-06-01T12:00:00+09:00',
    });
    const list = (await t.get('/api/chat/rooms', { token: b.token })).json() as Array<Record<string, unknown>>;
    expect(list.find((r) => r.chatRoomId === roomId)).toMatchObject({
      unreadMessageCount: 2,
      lastMessageContent: '읽음손님님이 그룹에 초대되었습니다.',
      lastMessageTime: '2025-06-01T12:00:00+09:00',
    });
  });

  it('history: before beyond the newest returns the newest; a limit below 1 is 1; before=0 is a bad id', async () => {
    const [a] = g.members;
    const id = await say(roomId, a, '최신');
    expect((await history(roomId, a, `?before=${id + 1000}&limit=1`)).map((m) => m.messageId)).toEqual([id]);
    expect(await history(roomId, a, '?limit=-5')).toHaveLength(1);
    expect(await history(roomId, a, `?before=${id}&limit=300`)).not.toContainEqual(expect.objectContaining({ messageId: id }));
    expectError(
      await t.get(`/api/chat/rooms/${roomId}/messages?before=0`, { token: a.token }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
  });

  it('a withdrawn sender shows as 탈퇴한 사용자 with the same senderId; the leave line keeps the old nickname', async () => {
    const w = await createGroup(t, 0, '탈퇴 그룹');
    const room = await createRoom(t, w);
    const leaver = await t.user('곧탈퇴');
    await invite(t, w, leaver);
    const said = await say(room, leaver, '안녕히');
    const res = await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    const [last, before] = await history(room, w.admin, '?limit=2');
    expect(last).toMatchObject({ senderId: systemId, senderName: '[시스템]', message: '곧탈퇴님이 그룹을 탈퇴했습니다.' });
    expect(before).toMatchObject({ messageId: said, senderId: leaver.id, senderName: '탈퇴한 사용자', message: '안녕히' });
    const logs = await t.db
      .select()
      .from(chatReadLogs)
      .where(and(eq(chatReadLogs.userId, leaver.id), eq(chatReadLogs.roomId, room)));
    expect(logs).toEqual([]);
  });

  it('the room list holds only groups with a room; read-log by a non-member writes nothing', async () => {
    const [a] = g.members;
    const roomless = await createGroup(t, 0, '방없는 그룹');
    await invite(t, roomless, a);
    const list = (await t.get('/api/chat/rooms', { token: a.token })).json() as Array<{ groupId: number }>;
    expect(list.map((r) => r.groupId)).toEqual([g.id]);
    const outsider = await t.user();
    expectError(
      await t.post('/api/chat/read-log', { token: outsider.token, body: { chatRoomId: String(roomId) } }),
      403,
      'not_group_member',
      '그룹의 일원이 아닙니다.',
    );
    expect(await t.db.select().from(chatReadLogs).where(eq(chatReadLogs.userId, outsider.id))).toEqual([]);
  });
});
