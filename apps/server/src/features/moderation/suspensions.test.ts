import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { expectError, type TestUser } from '../../../test/helpers.js';
import { expectClosed, StompTestClient, useRealtimeSuite } from '../../../test/fixtures/chat.js';
import { createRecruitment } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/** docs/api.md §10.4: suspensions (POST and DELETE /api/admin/users/{userId}/suspend) and what they do. */
const rt = useRealtimeSuite();
const t = rt.t;
const DAY_MS = 24 * 60 * 60 * 1000;
let operator: TestUser;

beforeAll(async () => {
  operator = await t.user('정지운영자');
  await changeOperator(t.db, 'grant', operator.loginId, t.clock.now());
});

const suspend = (userId: number | string, body: unknown, by: TestUser = operator) =>
  t.post(`/api/admin/users/${userId}/suspend`, { token: by.token, body });
const lift = (userId: number, by: TestUser = operator) => t.delete(`/api/admin/users/${userId}/suspend`, { token: by.token });
const login = (u: TestUser, password = u.password) => t.post('/api/auth/login', { body: { loginId: u.loginId, password } });
const auditOf = (userId: number) =>
  queryRows<{ action: string; operator_id: number | null; note: string }>(
    t.db,
    sql`SELECT action, operator_id, note FROM moderation_audit WHERE target_type = 'USER' AND target_id = ${userId} ORDER BY id`,
  );
const suspensionRows = (userId: number) => queryRows(t.db, sql`SELECT until, reason FROM suspensions WHERE user_id = ${userId}`);

describe('POST /api/admin/users/{userId}/suspend', () => {
  it('refuses the person on every login route and on login with the end date and the reason, closes their sockets, keeps their content, and ends by itself', async () => {
    const start = t.clock.now();
    const user = await t.user('정지될사람');
    const post = await createRecruitment(t, user, { title: '정지돼도 남는 공고' });
    const sockets = [await rt.connect(user), await rt.connect(user, 'sockjs')];

    const res = await suspend(user.id, { days: 7, reason: '  도박 광고 반복  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('이용을 정지했습니다.');
    // NOON_SEOUL is 2025-06-01 12:00 in Seoul: seven days later
    const text = '2025년 6월 8일까지 이용이 정지된 계정입니다. 사유: 도박 광고 반복';
    for (const s of sockets) await expectClosed(s);
    await expect(StompTestClient.raw(rt.host, user.token)).rejects.toThrow('refused 401');
    expectError(await t.get('/api/users/me', { token: user.token }), 403, 'account_suspended', text);
    expectError(await t.get('/api/messages/recent', { token: user.token }), 403, 'account_suspended', text);
    // a public route with their token is their next request too
    expectError(await t.get('/api/recruitments?page=0', { token: user.token }), 403, 'account_suspended', text);
    expectError(await login(user), 403, 'account_suspended', text);
    // the suspension is told only to whoever knows the password
    expectError(await login(user, 'wrong-password-1'), 401, 'invalid_credentials');
    // their content stays
    expect((await t.get(`/api/recruitments/${post.id}`)).statusCode).toBe(200);
    expect(await auditOf(user.id)).toEqual([
      { action: 'SUSPEND', operator_id: operator.id, note: '7일 (2025년 6월 8일까지): 도박 광고 반복' },
    ]);

    // a minute before the end it still stands; at the end it is over, with no job
    t.clock.set(new Date(start.getTime() + 7 * DAY_MS - 60_000));
    await t.relogin(operator);
    expectError(await login(user), 403, 'account_suspended', text);
    t.clock.set(new Date(start.getTime() + 7 * DAY_MS + 1000));
    await t.relogin(operator);
    const back = await login(user);
    expect(back.statusCode, back.body).toBe(200);
    // the sessions it ended stay ended
    expectError(await t.get('/api/users/me', { token: user.token }), 401, 'login_required');
    expect((await t.get('/api/users/me', { token: back.json().token })).statusCode).toBe(200);
    t.clock.set(start);
    await t.relogin(operator);
  });

  it('replaces a standing suspension, and DELETE lifts it (404 not_suspended when none stands), both in the audit log', async () => {
    const user = await t.user();
    expect((await suspend(user.id, { days: 3650, reason: '첫 사유' })).statusCode).toBe(200);
    expect((await suspend(user.id, { days: '1', reason: '둘째 사유' })).statusCode).toBe(200);
    expectError(await login(user), 403, 'account_suspended', '2025년 6월 2일까지 이용이 정지된 계정입니다. 사유: 둘째 사유');
    const res = await lift(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('이용 정지를 해제했습니다.');
    expect((await login(user)).statusCode).toBe(200);
    expectError(await lift(user.id), 404, 'not_suspended', '이용이 정지된 사용자가 아닙니다.');
    expect((await auditOf(user.id)).map((a) => [a.action, a.note])).toEqual([
      ['SUSPEND', '3650일 (2035년 5월 30일까지): 첫 사유'],
      ['SUSPEND', '1일 (2025년 6월 2일까지): 둘째 사유'],
      ['UNSUSPEND', '2025년 6월 2일까지였던 정지: 둘째 사유'],
    ]);
    expect(await suspensionRows(user.id)).toEqual([]);
  });

  it('checks the target before the body: 404 unknown, withdrawn or system, 403 operator_target for an operator (oneself too), then the fields; nothing written', async () => {
    const other = await t.user();
    await changeOperator(t.db, 'grant', other.loginId, t.clock.now());
    const gone = await t.user();
    await t.db.execute(sql`UPDATE users SET withdrawn_at = now(), nickname = NULL, login_id = NULL WHERE id = ${gone.id}`);
    const [system] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE system LIMIT 1`);
    for (const id of [99999999, gone.id, system.id]) {
      expectError(await suspend(id, {}), 404, 'user_not_found', '사용자를 찾을 수 없습니다.');
      expectError(await lift(id), 404, 'user_not_found', '사용자를 찾을 수 없습니다.');
    }
    expectError(await suspend('abc', {}), 400, 'validation_failed', '요청 형식이 올바르지 않습니다.');
    expectError(await suspend(other.id, {}), 403, 'operator_target', '운영자는 이용을 정지할 수 없습니다.');
    expectError(await suspend(operator.id, { days: 1, reason: '자기' }), 403, 'operator_target');

    const user = await t.user();
    const bad = async (body: unknown, text: string) => expectError(await suspend(user.id, body), 400, 'validation_failed', text);
    const days = '정지 기간은 1~3650일 사이의 정수로 입력하세요.';
    await bad({ reason: '사유' }, days);
    await bad({ days: 0, reason: '사유' }, days);
    await bad({ days: 3651, reason: '사유' }, days);
    await bad({ days: 1.5, reason: '사유' }, days);
    await bad({ days: 'seven', reason: '사유' }, days);
    await bad({ days: 1 }, '정지 사유를 입력하세요.');
    await bad({ days: 1, reason: '   ' }, '정지 사유를 입력하세요.');
    await bad({ days: 1, reason: '가'.repeat(201) }, '정지 사유는 200자 이내로 입력하세요.');
    expect(await suspensionRows(user.id)).toEqual([]);
    expect(await auditOf(user.id)).toEqual([]);
    expect(await auditOf(other.id)).toEqual([{ action: 'GRANT', operator_id: null, note: '명령줄' }]);
    expect((await suspend(user.id, { days: 1, reason: '가'.repeat(200) })).statusCode).toBe(200);
  });

  it('answers GET /api/users/me with operator: true for an operator', async () => {
    const me = (await t.get('/api/users/me', { token: operator.token })).json();
    expect(me).toMatchObject({ id: operator.id, operator: true });
    expect(Object.keys(me).sort()).toEqual(['email', 'id', 'loginId', 'nickname', 'operator', 'password', 'phoneNumber']);
  });
});
