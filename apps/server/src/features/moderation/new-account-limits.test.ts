import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { loadConfig } from '../../config.js';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { NOON_SEOUL, recruitmentBody, studyBody } from '../../../test/fixtures/posts.js';

/** docs/api.md §10.4: what an account younger than 24 hours may create (the suites run with the limits off). */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true, env: { NEW_ACCOUNT_LIMITS: 'on' } });
const HOUR_MS = 60 * 60 * 1000;

afterEach(() => t.clock.set(NOON_SEOUL));

type Res = Awaited<ReturnType<typeof t.get>>;
const POSTS_TEXT = '가입 후 24시간 동안은 모집 공고를 3개까지 작성할 수 있습니다.';
const BOARDS_TEXT = '가입 후 24시간 동안은 게시글을 3개까지 작성할 수 있습니다.';
const MESSAGES_TEXT = '가입 후 24시간 동안은 나에게 쪽지를 보낸 적 없는 사람 10명에게까지 쪽지를 보낼 수 있습니다.';
const created = (res: Res) => expect(res.statusCode, res.body).toBe(201);
const limited = (res: Res, text: string, retryAfter: number) => {
  expectError(res, 429, 'new_account_limit', text);
  expect(Number(res.headers['retry-after'])).toBe(retryAfter);
};
const recruitment = (u: TestUser) => t.post('/api/recruitments', { token: u.token, body: recruitmentBody() });
const study = (u: TestUser) => t.post('/api/study-groups', { token: u.token, body: studyBody() });
const board = (u: TestUser) =>
  t.post('/api/boards', { token: u.token, body: { title: '새 글', content: '본문입니다', categoryId: 1 } });
const message = (from: TestUser, to: TestUser) =>
  t.post('/api/messages', { token: from.token, body: { receiverName: to.nickname, content: '안녕하세요' } });
const countOf = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(t.db, query))[0].n);

describe('new-account limits', () => {
  it('allow 3 posts of both kinds together in the first 24 hours, then 429 with Retry-After until the account is a day old', async () => {
    const u = await t.user();
    t.clock.advance(HOUR_MS);
    await t.relogin(u);
    created(await recruitment(u));
    created(await study(u));
    created(await recruitment(u));
    limited(await study(u), POSTS_TEXT, 23 * 60 * 60);
    limited(await recruitment(u), POSTS_TEXT, 23 * 60 * 60);
    expect(await countOf(sql`SELECT count(*) AS n FROM base_posts WHERE creator_id = ${u.id}`)).toBe(3);
    t.clock.advance(23 * HOUR_MS + 1000);
    await t.relogin(u);
    created(await recruitment(u));
  });

  it('allow 3 boards in the first 24 hours', async () => {
    const u = await t.user();
    for (let i = 0; i < 3; i++) created(await board(u));
    limited(await board(u), BOARDS_TEXT, 24 * 60 * 60);
    expect(await countOf(sql`SELECT count(*) AS n FROM boards WHERE author_id = ${u.id}`)).toBe(3);
    // posts are counted apart from boards
    created(await recruitment(u));
  });

  it('allow 쪽지 to 10 people who never wrote first; again to them, and to anyone who wrote, stays allowed', async () => {
    const u = await t.user();
    const people = await Promise.all(Array.from({ length: 12 }, () => t.user()));
    const friend = await t.user();
    for (const p of people.slice(0, 10)) created(await message(u, p));
    limited(await message(u, people[10]), MESSAGES_TEXT, 24 * 60 * 60);
    created(await message(u, people[0]));
    created(await message(friend, u));
    created(await message(u, friend));
    // a person who wrote back no longer counts among the ten
    created(await message(people[1], u));
    created(await message(u, people[10]));
    limited(await message(u, people[11]), MESSAGES_TEXT, 24 * 60 * 60);
    expect(await countOf(sql`SELECT count(*) AS n FROM messages WHERE receiver_id = ${people[11].id}`)).toBe(0);
    // an unknown receiver is still the 400 of sending
    expectError(
      await t.post('/api/messages', { token: u.token, body: { receiverName: '없는사람이름', content: '안녕' } }),
      400,
      'user_not_found',
    );
    t.clock.advance(24 * HOUR_MS);
    await t.relogin(u);
    created(await message(u, people[11]));
  });

  it('hold for creates sent at once', async () => {
    const u = await t.user();
    const answers = await Promise.all(Array.from({ length: 6 }, () => board(u)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const people = await Promise.all(Array.from({ length: 14 }, () => t.user()));
    const sent = await Promise.all(people.map((p) => message(u, p)));
    expect(sent.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(await countOf(sql`SELECT count(DISTINCT receiver_id) AS n FROM messages WHERE sender_id = ${u.id}`)).toBe(10);
  });

  it('do not apply to an account older than 24 hours', async () => {
    const u = await t.user();
    t.clock.advance(25 * HOUR_MS);
    await t.relogin(u);
    for (let i = 0; i < 5; i++) created(await board(u));
    for (let i = 0; i < 4; i++) created(await recruitment(u));
  });

  it('are on by default and turned off by NEW_ACCOUNT_LIMITS=off', () => {
    expect(loadConfig({ DATA_DIR: t.ctx.config.dataDir, JWT_SECRET: 'x' }).newAccountLimits).toBe(true);
    expect(loadConfig({ DATA_DIR: t.ctx.config.dataDir, JWT_SECRET: 'x', NEW_ACCOUNT_LIMITS: 'off' }).newAccountLimits).toBe(
      false,
    );
  });
});
