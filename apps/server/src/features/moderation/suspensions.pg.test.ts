import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestApp } from '../../../test/helpers.js';
import { expectClosed, StompTestClient } from '../../../test/fixtures/chat.js';
import { multiInstanceSkipReason, REDIS_URL, twoInstances } from '../../../test/fixtures/two-instances.js';
import { changeOperator } from './operators.js';

/** docs/api.md §10.4 with two real instances: a suspension made through one applies at once on the other. */
const skipReason = multiInstanceSkipReason;
if (skipReason) console.log(`[multi-instance suspensions] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('a suspension on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let hostB: string;
  beforeAll(async () => {
    ({ a, b, hostB } = await twoInstances(REDIS_URL));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("made through instance A refuses the person's next request on instance B and closes their socket there", async () => {
    const operator = await a.user('두곳운영자');
    await changeOperator(a.db, 'grant', operator.loginId, a.clock.now());
    const user = await a.user('두곳정지');
    const socket = await StompTestClient.connect(hostB, user);
    expect((await b.get('/api/users/me', { token: user.token })).statusCode).toBe(200);

    const res = await a.post(`/api/admin/users/${user.id}/suspend`, {
      token: operator.token,
      body: { days: 30, reason: '홍보 쪽지' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosed(socket);
    const text = '2025년 7월 1일까지 이용이 정지된 계정입니다. 사유: 홍보 쪽지';
    expectError(await b.get('/api/users/me', { token: user.token }), 403, 'account_suspended', text);
    expectError(
      await b.post('/api/auth/login', { body: { loginId: user.loginId, password: user.password } }),
      403,
      'account_suspended',
      text,
    );

    expect((await b.delete(`/api/admin/users/${user.id}/suspend`, { token: operator.token })).statusCode).toBe(200);
    expect((await a.post('/api/auth/login', { body: { loginId: user.loginId, password: user.password } })).statusCode).toBe(200);
  });
});
