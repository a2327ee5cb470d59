/**
 * QA: docs/api.md §3.9 (쪽지) with §1 conventions and §8 rules 7, 14, 17, 25 — what messages.test.ts does not cover.
 * Written from /work/shared/spec/api-contract.md alone.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema/index.js';
import { inTransaction } from '../../lib/transaction.js';
import { sendSystemMessages } from './system-messages.js';
import { expectError, nextIp, useTestApp, type TestUser } from '../../../test/helpers.js';

const t = useTestApp({ now: '2025-06-01T14:59:58.987Z' });

const NOT_FOUND = '쪽지를 찾을 수 없습니다.';
const RECEIVER_NOT_FOUND = '수신자를 찾을 수 없습니다.';
const REQUIRED = '쪽지 내용을 입력하세요.';
const TOO_LONG = '쪽지 내용은 최대 1000자까지 입력 가능합니다.';
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/;

let n = 0;
const fresh = (prefix = '쪽지') => t.user(`${prefix}${++n}${Math.random().toString(36).slice(2, 6)}`);
const post = (from: TestUser, body: unknown) => t.post('/api/messages', { token: from.token, body });
async function send(from: TestUser, to: string, content: string) {
  const res = await post(from, { receiverName: to, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { messageId: number; sentAt: string };
}

describe('POST /api/messages', () => {
  it('writes sentAt as a Seoul DateTime to whole seconds, across the Seoul date change', async () => {
    const a = await fresh();
    const b = await fresh();
    t.clock.set('2025-06-01T14:59:58.987Z');
    expect((await send(a, b.nickname, '자정 전')).sentAt).toBe('2025-06-01T23:59:58+09:00');
    t.clock.set('2025-06-01T15:00:01.001Z');
    expect((await send(a, b.nickname, '자정 후')).sentAt).toBe('2025-06-02T00:00:01+09:00');
    const [item] = (await t.get('/api/messages', { token: b.token })).json().content;
    expect(item.sentAt).toBe('2025-06-02T00:00:01+09:00');
  });

  it('answers JSON with 201 and a Message whose read is false, also for a self-message', async () => {
    const me = await fresh();
    const res = await post(me, { receiverName: me.nickname.toUpperCase(), content: '나에게' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      messageId: expect.any(Number),
      senderId: me.id,
      senderName: me.nickname,
      receiverId: me.id,
      receiverName: me.nickname,
      content: '나에게',
      read: false,
      sentAt: expect.stringMatching(DATE_TIME),
    });
    const inbox = (await t.get('/api/messages', { token: me.token })).json();
    expect(inbox.totalElements).toBe(1);
  });

  it('accepts exactly 1000 characters after trimming, and stores the trimmed text', async () => {
    const a = await fresh();
    const b = await fresh();
    const content = `가${'\n'.repeat(3)}${'나'.repeat(996)}`;
    const res = await post(a, { receiverName: b.nickname, content: `  \n${content}\t  ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toBe(content);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, res.json().messageId));
    expect(row.content).toBe(content);
  });

  it('keeps inner line breaks and tabs in the multi-line content', async () => {
    const a = await fresh();
    const b = await fresh();
    const res = await post(a, { receiverName: b.nickname, content: '첫 줄\r\n\t둘째 줄' });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe('첫 줄\r\n\t둘째 줄');
  });

  it.each([
    [{ receiverName: 'x', content: null }, REQUIRED],
    [{ receiverName: 'x', content: [] }, REQUIRED],
    [{ receiverName: 'x', content: {} }, REQUIRED],
    [{ receiverName: 'x', content: true }, REQUIRED],
    [{ receiverName: 'x', content: `${'가'.repeat(1000)}나` }, TOO_LONG],
  ])('refuses %j with 400 validation_failed before looking at the receiver', async (b, text) => {
    const a = await fresh();
    expectError(await post(a, b), 400, 'validation_failed', text);
  });

  it('refuses a receiver named with surrounding line breaks only when unknown', async () => {
    const a = await fresh();
    const b = await fresh();
    const ok = await post(a, { receiverName: `\n\t${b.nickname}\n`, content: '줄바꿈 이름' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().receiverId).toBe(b.id);
  });

  it('matches the receiver case-insensitively beyond ASCII', async () => {
    const a = await fresh();
    const b = await t.user(`ÄΣП${Math.random().toString(36).slice(2, 7)}`);
    const res = await post(a, { receiverName: b.nickname.toLowerCase(), content: '대소문자' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ receiverId: b.id, receiverName: b.nickname });
  });

  it.each([
    ['an object', { nickname: 'x' }],
    ['an array', ['x']],
    ['null', null],
    ['true', true],
    ['SYSTEM case variant', '[시스템]'.toUpperCase()],
    ['the reserved 탈퇴한 사용자 with spaces', '  탈퇴한 사용자  '],
    ['a LIKE pattern', '%'],
    ['an underscore pattern', '__'],
  ])('refuses receiverName %s with 400 user_not_found', async (_name, receiverName) => {
    const a = await fresh();
    const before = (await t.db.select().from(messages)).length;
    expectError(await post(a, { receiverName, content: '안녕' }), 400, 'user_not_found', RECEIVER_NOT_FOUND);
    expect((await t.db.select().from(messages)).length).toBe(before);
  });

  it('never delivers to the system user, even through its nickname in another case or padded', async () => {
    const a = await fresh();
    for (const receiverName of ['[시스템]', ' [시스템] ', '[시스템]\n']) {
      expectError(await post(a, { receiverName, content: '시스템에게' }), 400, 'user_not_found', RECEIVER_NOT_FOUND);
    }
    const [system] = await t.db.select().from(users).where(eq(users.system, true));
    expect(await t.db.select().from(messages).where(eq(messages.receiverId, system.id))).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413 (8.17)', async () => {
    const a = await fresh();
    const res = await post(a, { receiverName: a.nickname, content: '가'.repeat(400_000) });
    expectError(res, 413, 'payload_too_large', '요청 본문이 너무 큽니다.');
  });

  it('treats exactly 1 MiB as within the limit and one byte more as 413 (1.6)', async () => {
    const a = await fresh();
    const frame = (n: number) => `{"receiverName":"${a.nickname}","content":"${'x'.repeat(n)}"}`;
    const overhead = Buffer.byteLength(frame(0));
    const exact = frame(1024 * 1024 - overhead);
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    const atLimit = await t.request('POST', '/api/messages', {
      token: a.token,
      body: exact,
      headers: { 'content-type': 'application/json' },
    });
    expectError(atLimit, 400, 'validation_failed', TOO_LONG);
    const over = await t.request('POST', '/api/messages', {
      token: a.token,
      body: frame(1024 * 1024 - overhead + 1),
      headers: { 'content-type': 'application/json' },
    });
    expectError(over, 413, 'payload_too_large', '요청 본문이 너무 큽니다.');
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const a = await fresh();
    const res = await t.request('POST', '/api/messages', {
      token: a.token,
      body: '{"receiverName": "x", ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('ignores senderId, receiverId, read and sentAt in the body', async () => {
    const a = await fresh();
    const b = await fresh();
    const c = await fresh();
    const res = await post(a, {
      receiverName: b.nickname,
      content: '필드 무시',
      senderId: c.id,
      receiverId: c.id,
      read: true,
      sentAt: '2000-01-01T00:00:00+09:00',
      messageId: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ senderId: a.id, receiverId: b.id, read: false });
    expect(res.json().sentAt).not.toBe('2000-01-01T00:00:00+09:00');
    expect((await t.get('/api/messages', { token: c.token })).json().totalElements).toBe(0);
  });

  it('limits sending to 20 per minute per user, whatever the address', async () => {
    const a = await fresh();
    const b = await fresh();
    for (let i = 0; i < 20; i++) {
      const r = await t.post('/api/messages', {
        token: a.token,
        ip: nextIp(),
        body: { receiverName: b.nickname, content: `${i}` },
      });
      expect(r.statusCode).toBe(201);
    }
    const res = await t.post('/api/messages', {
      token: a.token,
      ip: nextIp(),
      body: { receiverName: b.nickname, content: 'over' },
    });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // another sender is not affected
    const c = await fresh();
    expect((await post(c, { receiverName: b.nickname, content: 'ok' })).statusCode).toBe(201);
    // reading is not limited by the send family
    expect((await t.get('/api/messages', { token: a.token })).statusCode).toBe(200);
    t.clock.advance(61_000);
  });
});

describe('inbox and recent show only received 쪽지 (3.9)', () => {
  it('does not show what the caller sent', async () => {
    const a = await fresh();
    const b = await fresh();
    await send(a, b.nickname, '보낸 것');
    const inbox = (await t.get('/api/messages', { token: a.token })).json();
    expect(inbox).toEqual({
      content: [],
      number: 0,
      size: 10,
      totalElements: 0,
      totalPages: 0,
      first: true,
      last: true,
      empty: true,
    });
    expect((await t.get('/api/messages/recent', { token: a.token })).json()).toEqual([]);
    expect((await t.get('/api/messages/unread-count', { token: a.token })).json()).toBe(0);
  });

  it('pages exactly 10 as one page; page 1 is past the end with correct totals', async () => {
    const a = await fresh();
    const b = await fresh();
    for (let i = 1; i <= 10; i++) await send(a, b.nickname, `${i}`);
    const p0 = (await t.get('/api/messages?page=0', { token: b.token })).json();
    expect(p0).toMatchObject({ number: 0, size: 10, totalElements: 10, totalPages: 1, first: true, last: true, empty: false });
    expect(p0.content.map((m: { content: string }) => m.content)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    const p1 = (await t.get('/api/messages?page=1', { token: b.token })).json();
    expect(p1).toEqual({
      content: [],
      number: 1,
      size: 10,
      totalElements: 10,
      totalPages: 1,
      first: false,
      last: true,
      empty: true,
    });
  });

  it.each(['page=abc', 'page=1.5', 'page=0x1', 'page=1e1', 'page=', 'page=-0', 'page=9999999999', 'size=1&page=foo'])(
    'treats %s as page 0',
    async (q) => {
      const a = await fresh();
      const b = await fresh();
      await send(a, b.nickname, '하나');
      const res = await t.get(`/api/messages?${q}`, { token: b.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        number: 0,
        size: 10,
        totalElements: 1,
        content: [expect.objectContaining({ content: '하나' })],
      });
    },
  );

  it('ignores size and sort', async () => {
    const a = await fresh();
    const b = await fresh();
    for (let i = 1; i <= 12; i++) await send(a, b.nickname, `${i}`);
    const page = (await t.get('/api/messages?page=0&size=3&sort=sentAt,asc', { token: b.token })).json();
    expect(page.size).toBe(10);
    expect(page.content).toHaveLength(10);
    expect(page.content[0].content).toBe('12');
    t.clock.advance(61_000);
  });

  it('recent has at most 5 bare items with exactly the MessageItem keys', async () => {
    const a = await fresh();
    const b = await fresh();
    for (let i = 1; i <= 6; i++) await send(a, b.nickname, `최근 ${i}`);
    const res = await t.get('/api/messages/recent', { token: b.token });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const items = res.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((m: { content: string }) => m.content)).toEqual(['최근 6', '최근 5', '최근 4', '최근 3', '최근 2']);
    expect(Object.keys(items[0]).sort()).toEqual(['content', 'messageId', 'read', 'senderId', 'senderName', 'sentAt']);
    expect(items[0].sentAt).toMatch(DATE_TIME);
    t.clock.advance(61_000);
  });

  it('recent cuts exactly 21 characters to 20 + ... and leaves the inbox and detail in full', async () => {
    const a = await fresh();
    const b = await fresh();
    const text21 = '가나다라마바사아자차카타파하가나다라마바사';
    expect([...text21]).toHaveLength(21);
    const { messageId } = await send(a, b.nickname, text21);
    const [item] = (await t.get('/api/messages/recent', { token: b.token })).json();
    expect(item.content).toBe(`${text21.slice(0, 20)}...`);
    expect((await t.get('/api/messages', { token: b.token })).json().content[0].content).toBe(text21);
    expect((await t.get(`/api/messages/${messageId}`, { token: b.token })).json().content).toBe(text21);
  });
});

describe('system 쪽지 (3.9, 4.1, 8.7)', () => {
  it('comes from the flagged [시스템] user in inbox, recent and detail, and counts as unread', async () => {
    const u = await fresh();
    const [system] = await t.db.select().from(users).where(eq(users.system, true));
    await inTransaction(t.db, t.ctx.log, t.clock.now(), (scope) =>
      sendSystemMessages(t.ctx, scope, [
        { receiverId: u.id, content: '▷공고◁ 공고에 거절되었습니다.', type: 'APPLICATION_DECIDED', link: '/messages' },
      ]),
    );
    expect((await t.get('/api/messages/unread-count', { token: u.token })).json()).toBe(1);
    const [item] = (await t.get('/api/messages', { token: u.token })).json().content;
    expect(item).toEqual({
      messageId: expect.any(Number),
      senderId: system.id,
      senderName: '[시스템]',
      content: '▷공고◁ 공고에 거절되었습니다.',
      read: false,
      sentAt: expect.stringMatching(DATE_TIME),
    });
    const detail = await t.get(`/api/messages/${item.messageId}`, { token: u.token });
    expect(detail.json()).toEqual({
      messageId: item.messageId,
      senderId: system.id,
      senderName: '[시스템]',
      receiverId: u.id,
      receiverName: u.nickname,
      content: '▷공고◁ 공고에 거절되었습니다.',
      read: true,
      sentAt: item.sentAt,
    });
    expect((await t.get('/api/messages/unread-count', { token: u.token })).json()).toBe(0);
  });
});

describe('GET and DELETE /api/messages/{id} (3.9, 8.14)', () => {
  it('shows the receiver’s current nickname as receiverName', async () => {
    const a = await fresh();
    const b = await fresh();
    const { messageId } = await send(a, b.nickname, '이름 변경 전');
    const renamed = `바뀐${Math.random().toString(36).slice(2, 8)}`;
    expect(
      (
        await t.put(`/api/users/${b.id}`, {
          token: b.token,
          body: { email: 'b@example.com', phoneNumber: '01012345678', nickname: renamed },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.get(`/api/messages/${messageId}`, { token: b.token })).json().receiverName).toBe(renamed);
  });

  it('deleting an unread 쪽지 lowers the unread count; a second delete is 404', async () => {
    const a = await fresh();
    const b = await fresh();
    const { messageId } = await send(a, b.nickname, '안 읽고 지움');
    expect((await t.get('/api/messages/unread-count', { token: b.token })).json()).toBe(1);
    expect((await t.delete(`/api/messages/${messageId}`, { token: b.token })).statusCode).toBe(204);
    expect((await t.get('/api/messages/unread-count', { token: b.token })).json()).toBe(0);
    expectError(await t.delete(`/api/messages/${messageId}`, { token: b.token }), 404, 'not_found', NOT_FOUND);
  });

  it('a sender cannot delete or read a 쪽지 they sent to someone else, and it stays for the receiver', async () => {
    const a = await fresh();
    const b = await fresh();
    const { messageId } = await send(a, b.nickname, '남아 있어야 함');
    const asSender = await t.delete(`/api/messages/${messageId}`, { token: a.token });
    const missing = await t.delete('/api/messages/987654', { token: a.token });
    expect([asSender.statusCode, asSender.headers['x-error-code'], asSender.body]).toEqual([
      missing.statusCode,
      missing.headers['x-error-code'],
      missing.body,
    ]);
    expect((await t.get(`/api/messages/${messageId}`, { token: b.token })).statusCode).toBe(200);
  });

  it('accepts the no-body routes with an empty body, with or without a Content-Type (1.1)', async () => {
    const a = await fresh();
    const b = await fresh();
    const variants: Array<Record<string, string>> = [
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'text/plain' },
    ];
    for (const headers of variants) {
      const { messageId } = await send(a, b.nickname, '빈 본문 삭제');
      const read = await t.request('GET', `/api/messages/${messageId}`, { token: b.token, headers });
      expect(read.statusCode).toBe(200);
      const res = await t.request('DELETE', `/api/messages/${messageId}`, { token: b.token, headers });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
  });

  it('answers an id beyond the stored range with 404 (unknown id), never 500', async () => {
    const a = await fresh();
    for (const id of ['2147483648', '99999999999', '999999999999999']) {
      expectError(await t.get(`/api/messages/${id}`, { token: a.token }), 404, 'not_found', NOT_FOUND);
      expectError(await t.delete(`/api/messages/${id}`, { token: a.token }), 404, 'not_found', NOT_FOUND);
    }
  });

  it('answers a malformed URL encoding in the id with the plain-text 400 bad_request', async () => {
    const a = await fresh();
    expectError(await t.get('/api/messages/%E0%A4%A', { token: a.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
  });

  it('answers NUL characters in content or receiverName with a clear 400, never a database error (8.17, 8.25)', async () => {
    const a = await fresh();
    const b = await fresh();
    const before = (await t.db.select().from(messages)).length;
    for (const body of [
      { receiverName: b.nickname, content: '가\u0000나' },
      { receiverName: `${b.nickname}\u0000`, content: '안녕' },
    ]) {
      const res = await post(a, body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-error-code']).toMatch(/^(validation_failed|bad_request|user_not_found)$/);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/[가-힣]/);
    }
    expect((await t.db.select().from(messages)).length).toBe(before);
  });

  it('authenticates before checking the id format', async () => {
    expectError(await t.get('/api/messages/abc'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete('/api/messages/abc'), 401, 'login_required', '로그인이 필요합니다.');
  });

  it('ignores a ?token= query parameter on every 쪽지 route (8.1)', async () => {
    const a = await fresh();
    for (const url of ['/api/messages', '/api/messages/recent', '/api/messages/unread-count', '/api/messages/1']) {
      expectError(
        await t.get(`${url}${url.includes('?') ? '&' : '?'}token=${a.token}`),
        401,
        'login_required',
        '로그인이 필요합니다.',
      );
    }
    expectError(
      await t.post(`/api/messages?token=${a.token}`, { body: { receiverName: a.nickname, content: '쿼리 토큰' } }),
      401,
      'login_required',
    );
  });

  it('refuses anonymous callers before the body size and JSON syntax', async () => {
    expectError(
      await t.post('/api/messages', { body: { receiverName: 'x', content: '가'.repeat(400_000) } }),
      401,
      'login_required',
    );
    const bad = await t.request('POST', '/api/messages', { body: '{"a":', headers: { 'content-type': 'application/json' } });
    expectError(bad, 401, 'login_required');
  });
});

describe('withdrawal and 쪽지 (7, 8.28)', () => {
  it('does not let a new user with the withdrawn nickname see the old 쪽지, and old ones stay addressed to the old id', async () => {
    const a = await fresh();
    const leaver = await fresh('탈퇴예정');
    const { messageId } = await send(leaver, a.nickname, '탈퇴 전에 보냄');
    await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    const heir = await t.user(leaver.nickname);
    // a 쪽지 to the reused nickname reaches the new person, never the tombstone
    const res = await post(a, { receiverName: leaver.nickname, content: '새 사람에게' });
    expect(res.statusCode).toBe(201);
    expect(res.json().receiverId).toBe(heir.id);
    // the old 쪽지 still names its sender as withdrawn, not as the heir
    const detail = (await t.get(`/api/messages/${messageId}`, { token: a.token })).json();
    expect(detail).toMatchObject({ senderId: leaver.id, senderName: '탈퇴한 사용자' });
  });
});
