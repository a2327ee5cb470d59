import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DAILY_LIMIT } from '@app/contract';
import { queryRows } from '../../db/client.js';
import { useTestApp, type TestUser } from '../../../test/helpers.js';
import { signTestToken } from '../../../test/signed-token.js';
import { createRecruitment, NOON_SEOUL } from '../../../test/fixtures/posts.js';
import { changeOperator } from './operators.js';

/**
 * Who may call each route of docs/api.md §10.4: anonymous, a member (any signed-in user), the author of the thing
 * concerned (the reported post's author; for a suspension, the person), and an operator. Then the same routes with
 * an expired token and with a forged role claim, and a flood of reports from one account.
 */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
type Role = 'anonymous' | 'member' | 'author' | 'operator';
const ROLES: Role[] = ['anonymous', 'member', 'author', 'operator'];

let operator: TestUser;
let member: TestUser;

beforeAll(async () => {
  operator = await t.user('매트릭스운영자');
  member = await t.user('매트릭스회원');
  await changeOperator(t.db, 'grant', operator.loginId, t.clock.now());
});

interface Case {
  route: string;
  /** a fresh target for each role: its author and the call */
  setUp: () => Promise<{ author: TestUser; call: (token?: string) => ReturnType<typeof t.get> }>;
  expected: Record<Role, [number, string | null]>;
}

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => (token?: string) =>
  t.request(method, url, { token, body });
const reportedPost = async () => {
  const author = await t.user();
  const post = await createRecruitment(t, author, { title: '신고될 공고' });
  const reporter = await t.user();
  await t.post('/api/reports', { token: reporter.token, body: { targetType: 'POST', targetId: post.id, reason: 'SPAM' } });
  return { author, postId: post.id };
};
const forbidden: [number, string] = [403, 'operator_only'];
const anonymous: [number, string] = [401, 'login_required'];

const CASES: Case[] = [
  {
    route: 'POST /api/reports',
    setUp: async () => {
      const author = await t.user();
      const post = await createRecruitment(t, author);
      return { author, call: request('POST', '/api/reports', { targetType: 'POST', targetId: post.id, reason: 'SPAM' }) };
    },
    expected: { anonymous, member: [201, null], author: [400, 'report_self'], operator: [201, null] },
  },
  {
    route: 'GET /api/admin/reports',
    setUp: async () => ({ ...(await reportedPost()), call: request('GET', '/api/admin/reports?status=OPEN') }),
    expected: { anonymous, member: forbidden, author: forbidden, operator: [200, null] },
  },
  {
    route: 'POST /api/admin/reports/{targetType}/{targetId}/resolve',
    setUp: async () => {
      const { author, postId } = await reportedPost();
      return { author, call: request('POST', `/api/admin/reports/POST/${postId}/resolve`, { action: 'HIDE', note: '광고' }) };
    },
    expected: { anonymous, member: forbidden, author: forbidden, operator: [200, null] },
  },
  {
    route: 'POST /api/admin/users/{userId}/suspend',
    setUp: async () => {
      const author = await t.user();
      return { author, call: request('POST', `/api/admin/users/${author.id}/suspend`, { days: 1, reason: '스팸' }) };
    },
    expected: { anonymous, member: forbidden, author: forbidden, operator: [200, null] },
  },
  {
    route: 'DELETE /api/admin/users/{userId}/suspend',
    setUp: async () => {
      const author = await t.user();
      await t.post(`/api/admin/users/${author.id}/suspend`, { token: operator.token, body: { days: 1, reason: '스팸' } });
      return { author, call: request('DELETE', `/api/admin/users/${author.id}/suspend`) };
    },
    // the suspended person's own token is refused as every request of theirs is
    expected: { anonymous, member: forbidden, author: [403, 'account_suspended'], operator: [200, null] },
  },
  {
    route: 'GET /api/admin/audit',
    setUp: async () => ({ ...(await reportedPost()), call: request('GET', '/api/admin/audit') }),
    expected: { anonymous, member: forbidden, author: forbidden, operator: [200, null] },
  },
];

describe('the authorization matrix of §10.4', () => {
  for (const c of CASES) {
    it(`${c.route}: anonymous, member, author, operator`, async () => {
      const got: Record<string, [number, string | null]> = {};
      for (const role of ROLES) {
        const { author, call } = await c.setUp();
        const token = { anonymous: undefined, member: member.token, author: author.token, operator: operator.token }[role];
        const res = await call(token);
        got[role] = [res.statusCode, res.statusCode >= 400 ? String(res.headers['x-error-code']) : null];
      }
      expect(got).toEqual(c.expected);
    });
  }

  it('answers 401 to an expired operator token and 403 operator_only to a forged role claim on every operator route', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await signTestToken(
      { uid: member.id, tv: 0, role: 'OPERATOR', roles: ['ROLE_OPERATOR', 'ROLE_ADMIN'], operator: true, admin: true },
      member.loginId,
      now,
      now + 3600,
    );
    const expired = await signTestToken({ uid: operator.id, tv: 0 }, operator.loginId, now - 25 * 3600, now - 3600);
    for (const c of CASES.slice(1)) {
      const { call } = await c.setUp();
      const a = await call(expired);
      expect([a.statusCode, a.headers['x-error-code']], c.route).toEqual([401, 'login_required']);
      const f = await call(forged);
      expect([f.statusCode, f.headers['x-error-code']], c.route).toEqual([403, 'operator_only']);
    }
  });

  it('GET /api/users/me says who is an operator', async () => {
    expect((await t.get('/api/users/me', { token: member.token })).json().operator).toBe(false);
    expect((await t.get('/api/users/me', { token: operator.token })).json().operator).toBe(true);
  });
});

describe('a flood of reports from one account', () => {
  it(`stores ${REPORT_DAILY_LIMIT} of a thousand and refuses the rest with 429`, async () => {
    const reporter = await t.user();
    const targets = await Promise.all(Array.from({ length: REPORT_DAILY_LIMIT + 5 }, () => t.user()));
    const codes = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const target = i < REPORT_DAILY_LIMIT ? targets[i] : targets[REPORT_DAILY_LIMIT + (i % 5)];
      const res = await t.post('/api/reports', {
        token: reporter.token,
        body: { targetType: 'USER', targetId: target.id, reason: 'SPAM' },
      });
      const key = `${res.statusCode} ${String(res.headers['x-error-code'] ?? '')}`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
      if (i === REPORT_DAILY_LIMIT) expect(key).toBe('429 report_limit');
    }
    expect(codes.get('201 ')).toBe(REPORT_DAILY_LIMIT);
    // past the limit every answer is a 429: the daily limit, or the general per-user limit once that is reached too
    expect([...codes.keys()].filter((k) => k !== '201 ').every((k) => k.startsWith('429 '))).toBe(true);
    const [row] = await queryRows<{ n: string }>(t.db, sql`SELECT count(*) AS n FROM reports WHERE reporter_id = ${reporter.id}`);
    expect(Number(row.n)).toBe(REPORT_DAILY_LIMIT);
  }, 120_000);
});
