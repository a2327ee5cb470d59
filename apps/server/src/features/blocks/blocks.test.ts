import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BLOCK_LIMIT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { messages, users } from '../../db/schema/index.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup } from '../../../test/fixtures/groups.js';
import { addProfile, applyTo, createRecruitment, inbox, NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** docs/api.md §9.4: blocking (차단) and its effects on 쪽지 and invites. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const me = t.suiteUser('차단하는사람');

const block = (id: number | string, user: TestUser | undefined = me) => t.put(`/api/blocks/${id}`, { token: user?.token });
const unblock = (id: number | string, user: TestUser | undefined = me) => t.delete(`/api/blocks/${id}`, { token: user?.token });
const list = async (user: TestUser = me) => (await t.get('/api/blocks', { token: user.token })).json();
const userNotFound = (res: Awaited<ReturnType<typeof block>>) =>
  expectError(res, 404, 'user_not_found', '사용자를 찾을 수 없습니다.');
const blockRowsOf = async (id: number) =>
  Number(
    (
      await queryRows<{ n: string | number }>(
        t.db,
        sql`SELECT count(*) AS n FROM blocks WHERE blocker_id = ${id} OR blocked_id = ${id}`,
      )
    )[0].n,
  );

function expectText(res: Awaited<ReturnType<typeof block>>, text: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.body).toBe(text);
}

describe('PUT, GET and DELETE /api/blocks', () => {
  it('blocks, lists newest first, keeps the first time on a second block, and unblocks idempotently', async () => {
    const user = await t.user();
    const a = await t.user('첫번째');
    const b = await t.user('두번째');
    expect(await list(user)).toEqual([]);
    expectText(await block(a.id, user), '차단되었습니다.');
    t.clock.advance(60_000);
    expectText(await block(b.id, user), '차단되었습니다.');
    const first = await list(user);
    expect(first).toEqual([
      { userId: b.id, nickname: '두번째', blockedDateTime: '2025-06-01T12:01:00+09:00' },
      { userId: a.id, nickname: '첫번째', blockedDateTime: '2025-06-01T12:00:00+09:00' },
    ]);
    t.clock.advance(60_000);
    expectText(await block(a.id, user), '차단되었습니다.');
    expect(await list(user)).toEqual(first);
    // blocking is one-way: the blocked user's own list is empty
    expect(await list(a)).toEqual([]);

    expectText(await unblock(a.id, user), '차단이 해제되었습니다.');
    expectText(await unblock(a.id, user), '차단이 해제되었습니다.');
    expect(await list(user)).toEqual([first[0]]);
    // unblocking someone never blocked, or oneself, changes nothing
    expectText(await unblock(me.id, user), '차단이 해제되었습니다.');
    expectText(await unblock(user.id, user), '차단이 해제되었습니다.');
    expect(await list(user)).toEqual([first[0]]);
  });

  it('answers 401 to an anonymous caller and 400 validation_failed to a malformed id', async () => {
    const target = await t.user();
    expectError(await t.get('/api/blocks'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.put(`/api/blocks/${target.id}`), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete(`/api/blocks/${target.id}`), 401, 'login_required', '로그인이 필요합니다.');
    for (const bad of ['abc', '0', '-1', '1e3']) {
      expectError(await block(bad), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
      expectError(await unblock(bad), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
    }
    expect(await blockRowsOf(target.id)).toBe(0);
  });

  it('answers 404 user_not_found for an unknown, withdrawn or [시스템] user, before the self check', async () => {
    const gone = await t.user();
    expect((await t.delete(`/api/users/${gone.id}`, { token: gone.token })).statusCode).toBe(200);
    const [system] = await t.db.select({ id: users.id }).from(users).where(eq(users.system, true));
    for (const id of [999999, 99999999999, gone.id, system.id]) {
      userNotFound(await block(id));
      userNotFound(await unblock(id));
    }
    expectError(await block(me.id), 400, 'block_self', '자기 자신은 차단할 수 없습니다.');
    expect(await list()).toEqual([]);
  });

  it(`refuses a block over ${BLOCK_LIMIT} with 400 block_limit and stores nothing; a repeated block still answers 200`, async () => {
    const user = await t.user();
    const filler = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO users (login_id, nickname, created_at, updated_at)
          SELECT 'blockfill' || g, '채움' || g, now(), now() FROM generate_series(1, ${BLOCK_LIMIT}) g RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id, created_at)
      SELECT ${user.id}, id, now() FROM users WHERE login_id LIKE 'blockfill%'`);
    const extra = await t.user();
    expectError(await block(extra.id, user), 400, 'block_limit', `차단은 ${BLOCK_LIMIT}명까지 할 수 있습니다.`);
    expect(await blockRowsOf(extra.id)).toBe(0);
    expectText(await block(filler[0].id, user), '차단되었습니다.');
    expect(await list(user)).toHaveLength(BLOCK_LIMIT);
    // two blocks racing for the last place: one of them wins
    expectText(await unblock(filler[0].id, user), '차단이 해제되었습니다.');
    const other = await t.user();
    const raced = await Promise.all([block(extra.id, user), block(other.id, user)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await list(user)).toHaveLength(BLOCK_LIMIT);
  });
});

describe('effects on 쪽지', () => {
  const send = (from: TestUser, to: TestUser, content = '안녕하세요') =>
    t.post('/api/messages', { token: from.token, body: { receiverName: to.nickname, content } });
  const messageCount = async () => (await t.db.select({ n: count() }).from(messages))[0].n;

  it('refuses a 쪽지 in both directions with the same text and stores nothing; unblocking allows it again', async () => {
    const a = await t.user();
    const b = await t.user();
    expect((await block(a.id, b)).statusCode).toBe(200);
    const before = await messageCount();
    const text = '상대방에게 쪽지를 보낼 수 없습니다.';
    expectError(await send(a, b), 403, 'blocked', text);
    expectError(await send(b, a), 403, 'blocked', text);
    // field validation and an unknown receiver still come first
    expectError(await send(a, b, ''), 400, 'validation_failed', '쪽지 내용을 입력하세요.');
    expect(await messageCount()).toBe(before);
    // a third user is not affected, nor are 쪽지 to oneself
    expect((await send(a, await t.user())).statusCode).toBe(201);
    expect((await send(a, a)).statusCode).toBe(201);
    expect((await unblock(a.id, b)).statusCode).toBe(200);
    expect((await send(a, b)).statusCode).toBe(201);
    expect((await send(b, a)).statusCode).toBe(201);
  });

  it('still delivers [시스템] 쪽지 to the blocker', async () => {
    const author = await t.user();
    const applicant = await t.user();
    await addProfile(t, applicant);
    expect((await block(applicant.id, author)).statusCode).toBe(200);
    const post = await createRecruitment(t, author, { title: '차단 후 공고' });
    await applyTo(t, applicant, post.id);
    expect(await inbox(t, author)).toContain(
      `${applicant.nickname}님이 '차단 후 공고' 공고에 지원하였습니다. 승인 및 거부를 눌러주세요.`,
    );
  });
});

describe('effects on group invites', () => {
  const invite = (admin: TestUser, groupId: number, nickname: string) =>
    t.post(`/api/groups/${groupId}/invite`, { token: admin.token, body: { nickname } });
  const blocked = (res: Awaited<ReturnType<typeof invite>>) => expectError(res, 403, 'blocked', '초대할 수 없는 사용자입니다.');

  it('refuses the invite in either direction, after the admin check and before the capacity check', async () => {
    const admin = await t.user();
    const member = await t.user();
    const target = await t.user();
    const open = await makeGroup(t, admin, [member], { totalMembers: 5 });
    const full = await makeGroup(t, admin, [member], { totalMembers: 2 });

    expect((await block(target.id, admin)).statusCode).toBe(200);
    blocked(await invite(admin, open.id, target.nickname));
    blocked(await invite(admin, full.id, target.nickname));
    // a member who is not the admin gets the admin refusal first
    expectError(await invite(member, open.id, target.nickname), 403, 'forbidden', '그룹의 관리자만이 초대할 수 있습니다.');
    expect((await unblock(target.id, admin)).statusCode).toBe(200);
    expectError(await invite(admin, full.id, target.nickname), 400, 'capacity_exceeded', '모집 인원이 초과되었습니다.');

    expect((await block(admin.id, target)).statusCode).toBe(200);
    blocked(await invite(admin, open.id, target.nickname.toUpperCase()));
    const members = (await t.get(`/api/groups/${open.id}/members`, { token: admin.token })).json() as Array<{ userId: number }>;
    expect(members.map((m) => m.userId)).not.toContain(target.id);
    expect(await inbox(t, target)).toEqual([]);
    expect((await unblock(admin.id, target)).statusCode).toBe(200);
    expect((await invite(admin, open.id, target.nickname)).statusCode).toBe(200);
  });
});

describe('withdrawal', () => {
  it('removes the block rows of either side', async () => {
    const leaving = await t.user();
    const blocker = await t.user();
    const blockedByLeaving = await t.user();
    expect((await block(leaving.id, blocker)).statusCode).toBe(200);
    expect((await block(blockedByLeaving.id, leaving)).statusCode).toBe(200);
    expect(await blockRowsOf(leaving.id)).toBe(2);
    expect((await t.delete(`/api/users/${leaving.id}`, { token: leaving.token })).statusCode).toBe(200);
    expect(await blockRowsOf(leaving.id)).toBe(0);
    expect(await list(blocker)).toEqual([]);
  });
});
