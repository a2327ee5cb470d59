import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { deleteReceivedMessages } from './service.js';
import { inTransaction } from '../../lib/transaction.js';
import { sendSystemMessages } from './system-messages.js';

const t = useTestApp({ now: '2025-06-01T04:45:12Z' });
const alice = t.suiteUser('앨리스');
const bob = t.suiteUser('Bobby');

const NOT_FOUND = '쪽지를 찾을 수 없습니다.';
const RECEIVER_NOT_FOUND = '수신자를 찾을 수 없습니다.';
const messageCount = async () => (await t.db.select({ n: count() }).from(messages))[0].n;

async function send(from: TestUser, receiverName: string, content: string) {
  const res = await t.post('/api/messages', { token: from.token, body: { receiverName, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { messageId: number };
}

describe('POST /api/messages', () => {
  it('sends by nickname, trimmed and case-insensitive, and answers 201 Message', async () => {
    const res = await t.post('/api/messages', {
      token: alice.token,
      body: { receiverName: '  bOBBY ', content: '  안녕하세요  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      messageId: expect.any(Number),
      senderId: alice.id,
      senderName: '앨리스',
      receiverId: bob.id,
      receiverName: 'Bobby',
      content: '안녕하세요',
      read: false,
      sentAt: '2025-06-01T13:45:12+09:00',
    });
    expect(Object.keys(res.json())).toEqual([
      'messageId',
      'senderId',
      'senderName',
      'receiverId',
      'receiverName',
      'content',
      'read',
      'sentAt',
    ]);
  });

  it('allows a 쪽지 to oneself and multi-line content up to 1000 characters', async () => {
    const u = await t.user();
    const res = await t.post('/api/messages', {
      token: u.token,
      body: { receiverName: u.nickname, content: `첫 줄\n${'가'.repeat(995)}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().receiverId).toBe(u.id);
  });

  it.each([
    [{ receiverName: 'Bobby', content: '' }, '쪽지 내용을 입력하세요.'],
    [{ receiverName: 'Bobby', content: '   \n ' }, '쪽지 내용을 입력하세요.'],
    [{ receiverName: 'Bobby' }, '쪽지 내용을 입력하세요.'],
    [{ receiverName: 'Bobby', content: 12 }, '쪽지 내용을 입력하세요.'],
    [{ receiverName: 'Bobby', content: '가'.repeat(1001) }, '쪽지 내용은 최대 1000자까지 입력 가능합니다.'],
    [{ receiverName: '없는사람', content: '' }, '쪽지 내용을 입력하세요.'],
  ])('refuses %j with validation_failed and stores nothing', async (body, text) => {
    const before = await messageCount();
    expectError(await t.post('/api/messages', { token: alice.token, body }), 400, 'validation_failed', text);
    expect(await messageCount()).toBe(before);
  });

  it('reads a missing or non-object body as empty: the content text answers first', async () => {
    const before = await messageCount();
    const u = await t.user();
    const json = { 'content-type': 'application/json' };
    for (const opts of [
      {},
      { body: '', headers: json },
      { body: 'null', headers: json },
      { body: '[]', headers: json },
      { body: '"x"', headers: json },
    ]) {
      expectError(
        await t.post('/api/messages', { token: u.token, ...opts }),
        400,
        'validation_failed',
        '쪽지 내용을 입력하세요.',
      );
    }
    expect(await messageCount()).toBe(before);
  });

  it('counts 1000 characters as code points', async () => {
    const emoji = '😀'.repeat(1000);
    expect(
      (await t.post('/api/messages', { token: alice.token, body: { receiverName: 'Bobby', content: emoji } })).statusCode,
    ).toBe(201);
    expectError(
      await t.post('/api/messages', { token: alice.token, body: { receiverName: 'Bobby', content: `${emoji}a` } }),
      400,
      'validation_failed',
      '쪽지 내용은 최대 1000자까지 입력 가능합니다.',
    );
  });

  it('refuses blank, unknown, reserved, system and withdrawn receivers with user_not_found', async () => {
    const gone = await t.user('떠난사람');
    expect((await t.delete(`/api/users/${gone.id}`, { token: gone.token })).statusCode).toBe(200);
    const before = await messageCount();
    for (const receiverName of ['', '   ', undefined, 42, '없는사람', '[시스템]', '탈퇴한 사용자', '떠난사람']) {
      const res = await t.post('/api/messages', { token: alice.token, body: { receiverName, content: '안녕' } });
      expectError(res, 400, 'user_not_found', RECEIVER_NOT_FOUND);
      expect(res.body).toContain('수신자');
    }
    expect(await messageCount()).toBe(before);
  });

  it('ignores senderId in the body: the actor is the token user', async () => {
    const res = await t.post('/api/messages', {
      token: alice.token,
      body: { receiverName: 'Bobby', content: '위장', senderId: bob.id },
    });
    expect(res.json().senderId).toBe(alice.id);
  });

  it('limits sending to 20 per minute per user; a refused send does not count', async () => {
    const spammer = await t.user();
    const target = await t.user();
    for (let i = 0; i < 21; i++) {
      const refused = await t.post('/api/messages', {
        token: spammer.token,
        body: { receiverName: target.nickname, content: ' ' },
      });
      expect(refused.statusCode).toBe(400);
    }
    for (let i = 0; i < 20; i++) await send(spammer, target.nickname, `${i}`);
    const res = await t.post('/api/messages', { token: spammer.token, body: { receiverName: target.nickname, content: '21' } });
    expectError(res, 429, 'rate_limited', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(res.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    await send(spammer, target.nickname, 'again');
  });
});

describe('inbox, recent and unread count', () => {
  let reader: TestUser;
  let writer: TestUser;
  beforeAll(async () => {
    reader = await t.user('읽는사람');
    writer = await t.user('쓰는사람');
    for (let i = 1; i <= 23; i++) {
      if (i % 20 === 0) t.clock.advance(61_000); // stay under the 20-per-minute send limit
      await send(writer, reader.nickname, `쪽지 ${i}번: ${'내용'.repeat(i)}`);
    }
  });

  it('pages the inbox 10 at a time, newest first, with full content', async () => {
    const res = await t.get('/api/messages?page=0', { token: reader.token });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ number: 0, size: 10, totalElements: 23, totalPages: 3, first: true, last: false, empty: false });
    expect(page.content).toHaveLength(10);
    expect(page.content[0]).toEqual({
      messageId: expect.any(Number),
      senderId: writer.id,
      senderName: '쓰는사람',
      content: `쪽지 23번: ${'내용'.repeat(23)}`,
      read: false,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/),
    });
    const ids = page.content.map((m: { messageId: number }) => m.messageId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const last = (await t.get('/api/messages?page=2', { token: reader.token })).json();
    expect(last).toMatchObject({ number: 2, totalPages: 3, first: false, last: true, empty: false });
    expect(last.content.map((m: { content: string }) => m.content)).toEqual([
      `쪽지 3번: ${'내용'.repeat(3)}`,
      `쪽지 2번: ${'내용'.repeat(2)}`,
      `쪽지 1번: 내용`,
    ]);
    const past = (await t.get('/api/messages?page=7', { token: reader.token })).json();
    expect(past).toMatchObject({ content: [], number: 7, totalElements: 23, totalPages: 3, empty: true });
  });

  it('treats a malformed page as 0', async () => {
    for (const q of ['page=undefined', 'page=-1', 'page=1234567890', '']) {
      expect((await t.get(`/api/messages?${q}`, { token: reader.token })).json().number).toBe(0);
    }
  });

  it('answers an empty inbox with totalPages 0 and every flag true', async () => {
    const lonely = await t.user();
    expect((await t.get('/api/messages', { token: lonely.token })).json()).toEqual({
      content: [],
      number: 0,
      size: 10,
      totalElements: 0,
      totalPages: 0,
      first: true,
      last: true,
      empty: true,
    });
    expect((await t.get('/api/messages/recent', { token: lonely.token })).json()).toEqual([]);
    expect((await t.get('/api/messages/unread-count', { token: lonely.token })).json()).toBe(0);
  });

  it('gives the 5 newest in recent, cutting content over 20 characters to 20 + ...', async () => {
    const res = await t.get('/api/messages/recent', { token: reader.token });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ content: string; senderName: string }>;
    expect(items).toHaveLength(5);
    expect(items[0].content).toBe(`${`쪽지 23번: ${'내용'.repeat(23)}`.slice(0, 20)}...`);
    expect(items[0].senderName).toBe('쓰는사람');

    const short = await t.user();
    t.clock.advance(61_000);
    await send(writer, short.nickname, '가'.repeat(20));
    await send(writer, short.nickname, '😀'.repeat(21));
    const [emoji, exact] = (await t.get('/api/messages/recent', { token: short.token })).json();
    expect(exact.content).toBe('가'.repeat(20));
    expect(emoji.content).toBe(`${'😀'.repeat(20)}...`);
  });

  it('counts unread 쪽지 as a bare number, system ones included', async () => {
    const res = await t.get('/api/messages/unread-count', { token: reader.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('23');
    await inTransaction(t.db, t.ctx.log, t.clock.now(), (scope) =>
      sendSystemMessages(t.ctx, scope, [
        { receiverId: reader.id, content: '▷공고◁ 공고에 승인되었습니다!', type: 'APPLICATION_DECIDED', link: '/messages' },
      ]),
    );
    expect((await t.get('/api/messages/unread-count', { token: reader.token })).json()).toBe(24);
    const [system] = (await t.get('/api/messages/recent', { token: reader.token })).json();
    expect(system).toMatchObject({ senderName: '[시스템]', read: false });
  });
});

describe('[시스템] 쪽지 with a text each', () => {
  it('are stored in the order given by one statement, a withdrawn receiver skipped', async () => {
    const [first, second, gone] = [await t.user(), await t.user(), await t.user()];
    await t.db.update(users).set({ withdrawnAt: t.clock.now() }).where(eq(users.id, gone.id));
    const about = { type: 'GROUP_ACTIVITY', link: '/my-groups' } as const;
    const notes = [
      { receiverId: second.id, content: '첫째 알림', ...about },
      { receiverId: gone.id, content: '탈퇴한 사람에게', ...about },
      { receiverId: first.id, content: '둘째 알림', ...about },
      { receiverId: second.id, content: '셋째 알림', ...about },
    ];
    const { statements } = await t.countQueries(() =>
      inTransaction(t.db, t.ctx.log, t.clock.now(), (scope) => sendSystemMessages(t.ctx, scope, notes)),
    );
    expect(statements.filter((q) => /insert into messages/i.test(q))).toHaveLength(1);
    const stored = await t.db
      .select({ receiverId: messages.receiverId, content: messages.content })
      .from(messages)
      .where(sql`${messages.receiverId} IN (${first.id}, ${second.id}, ${gone.id})`)
      .orderBy(messages.id);
    expect(stored).toEqual([
      { receiverId: second.id, content: '첫째 알림' },
      { receiverId: first.id, content: '둘째 알림' },
      { receiverId: second.id, content: '셋째 알림' },
    ]);
  });
});

describe('GET and DELETE /api/messages/{id}', () => {
  it('shows the receiver a 쪽지 and marks it read, once', async () => {
    const { messageId } = await send(alice, bob.nickname, '읽어 주세요');
    const before = (await t.get('/api/messages/unread-count', { token: bob.token })).json();
    const res = await t.get(`/api/messages/${messageId}`, { token: bob.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      messageId,
      senderId: alice.id,
      senderName: '앨리스',
      receiverId: bob.id,
      receiverName: 'Bobby',
      content: '읽어 주세요',
      read: true,
    });
    expect((await t.get('/api/messages/unread-count', { token: bob.token })).json()).toBe(before - 1);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, messageId));
    const firstRead = row.readAt;
    expect(firstRead).not.toBeNull();
    t.clock.advance(5_000);
    await t.get(`/api/messages/${messageId}`, { token: bob.token });
    const [again] = await t.db.select().from(messages).where(eq(messages.id, messageId));
    expect(again.readAt).toEqual(firstRead);
    const listed = (await t.get('/api/messages', { token: bob.token })).json().content;
    expect(listed.find((m: { messageId: number }) => m.messageId === messageId).read).toBe(true);
  });

  it('answers 404 to the sender and to anyone else, changing nothing', async () => {
    const { messageId } = await send(alice, bob.nickname, '비밀');
    const stranger = await t.user();
    for (const u of [alice, stranger]) {
      expectError(await t.get(`/api/messages/${messageId}`, { token: u.token }), 404, 'not_found', NOT_FOUND);
      expectError(await t.delete(`/api/messages/${messageId}`, { token: u.token }), 404, 'not_found', NOT_FOUND);
    }
    const [row] = await t.db.select().from(messages).where(eq(messages.id, messageId));
    expect(row.read).toBe(false);
  });

  it('answers 404 for a missing id and 400 bad_request for a malformed one', async () => {
    expectError(await t.get('/api/messages/999999', { token: bob.token }), 404, 'not_found', NOT_FOUND);
    expectError(await t.delete('/api/messages/999999', { token: bob.token }), 404, 'not_found', NOT_FOUND);
    for (const id of ['abc', '0', '-1', '1.5']) {
      expectError(await t.get(`/api/messages/${id}`, { token: bob.token }), 400, 'bad_request', '요청 형식이 올바르지 않습니다.');
      expectError(
        await t.delete(`/api/messages/${id}`, { token: bob.token }),
        400,
        'bad_request',
        '요청 형식이 올바르지 않습니다.',
      );
    }
  });

  it('hard-deletes with 204', async () => {
    const { messageId } = await send(alice, bob.nickname, '지울 쪽지');
    const res = await t.delete(`/api/messages/${messageId}`, { token: bob.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.select().from(messages).where(eq(messages.id, messageId))).toEqual([]);
    expectError(await t.get(`/api/messages/${messageId}`, { token: bob.token }), 404, 'not_found', NOT_FOUND);
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/messages'],
    ['GET', '/api/messages?page=1'],
    ['GET', '/api/messages/recent'],
    ['GET', '/api/messages/unread-count'],
    ['GET', '/api/messages/1'],
    ['DELETE', '/api/messages/1'],
    ['POST', '/api/messages'],
  ] as const)('%s %s answers 401 without a valid token', async (method, url) => {
    const before = await messageCount();
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await t.request(method, url, {
        token,
        body: method === 'POST' ? { receiverName: 'Bobby', content: '익명' } : undefined,
      });
      expectError(res, 401, 'login_required', '로그인이 필요합니다.');
    }
    expect(await messageCount()).toBe(before);
  });
});

describe('withdrawal (docs/api.md §7)', () => {
  it('deletes received 쪽지 and keeps sent ones, shown as 탈퇴한 사용자', async () => {
    const leaver = await t.user('곧탈퇴');
    const friend = await t.user('남는친구');
    const received = await send(friend, leaver.nickname, '받은 쪽지');
    const sent = await send(leaver, friend.nickname, '보낸 쪽지');
    expect((await t.delete(`/api/users/${leaver.id}`, { token: leaver.token })).statusCode).toBe(200);

    expect(await t.db.select().from(messages).where(eq(messages.id, received.messageId))).toEqual([]);
    const inbox = (await t.get('/api/messages', { token: friend.token })).json();
    expect(inbox.content[0]).toMatchObject({ messageId: sent.messageId, senderId: leaver.id, senderName: '탈퇴한 사용자' });
    const [recentItem] = (await t.get('/api/messages/recent', { token: friend.token })).json();
    expect(recentItem.senderName).toBe('탈퇴한 사용자');
    expect((await t.get(`/api/messages/${sent.messageId}`, { token: friend.token })).json().senderName).toBe('탈퇴한 사용자');

    // a reply to a withdrawn sender cannot reach anyone
    expectError(
      await t.post('/api/messages', { token: friend.token, body: { receiverName: '탈퇴한 사용자', content: '답장' } }),
      400,
      'user_not_found',
      RECEIVER_NOT_FOUND,
    );
    expectError(
      await t.post('/api/messages', { token: friend.token, body: { receiverName: '곧탈퇴', content: '답장' } }),
      400,
      'user_not_found',
      RECEIVER_NOT_FOUND,
    );
    // the freed nickname belongs to a new person, who does not inherit the old inbox
    const newcomer = await t.user('곧탈퇴');
    expect((await t.get('/api/messages', { token: newcomer.token })).json().totalElements).toBe(0);
  });
});

/**
 * Runs `request` while a withdrawal of `user` is under way: its 쪽지 step has run (locking the row) and
 * the tombstone is written last, as in the account's withdrawal. On PostgreSQL the request is let in
 * once it waits on that lock (or has finished); on PGlite it simply runs after the withdrawal.
 */
async function whileWithdrawing<T>(user: TestUser, request: () => Promise<T>): Promise<T> {
  let pending!: Promise<T>;
  await t.db.transaction(async (tx) => {
    await deleteReceivedMessages(tx as unknown as Db, user);
    let settled = false;
    pending = request().finally(() => (settled = true));
    if (process.env.TEST_DATABASE_URL) {
      const waiting = async () =>
        (
          await queryRows<{ n: number }>(
            tx as unknown as Db,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0].n > 0;
      for (let i = 0; i < 500 && !settled && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 10));
    }
    await tx.update(users).set({ nickname: null, withdrawnAt: t.clock.now() }).where(eq(users.id, user.id));
  });
  return pending;
}

describe('sending while the receiver withdraws (docs/api.md §7, §4.1)', () => {
  const inboxSize = async (u: TestUser) =>
    (await t.db.select({ n: count() }).from(messages).where(eq(messages.receiverId, u.id)))[0].n;

  it('a 쪽지 sent meanwhile is refused, never left behind for the withdrawn user', async () => {
    const leaving = await t.user();
    const sender = await t.user();
    const res = await whileWithdrawing(leaving, () =>
      t.post('/api/messages', { token: sender.token, body: { receiverName: leaving.nickname, content: '늦은 쪽지' } }),
    );
    expectError(res, 400, 'user_not_found', RECEIVER_NOT_FOUND);
    expect(await inboxSize(leaving)).toBe(0);
  });

  it('a [시스템] 쪽지 sent meanwhile skips the withdrawn user', async () => {
    const leaving = await t.user();
    const res = await whileWithdrawing(leaving, () =>
      inTransaction(t.db, t.ctx.log, t.clock.now(), (scope) =>
        sendSystemMessages(t.ctx, scope, [
          { receiverId: leaving.id, content: '▷공고◁ 공고에 거절되었습니다.', type: 'APPLICATION_DECIDED', link: '/messages' },
        ]),
      ),
    );
    expect(res).toBeUndefined();
    expect(await inboxSize(leaving)).toBe(0);
  });
});
