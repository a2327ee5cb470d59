import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

/** Black-box checks of docs/api.md §3.7 edge cases the area tests do not cover. */
const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const admin = t.suiteUser('달력방장');
const member = t.suiteUser('달력멤버');
let g: TestGroup;

beforeAll(async () => {
  g = await makeGroup(t, admin, [member]);
});

const create = (u: TestUser, body: Record<string, unknown>) =>
  t.post('/api/schedules', { token: u.token, body: { groupId: g.id, ...body } });

describe('schedule reads (3.7)', () => {
  it('total is every entry date ASC; detail is one day createdAt ASC with +09:00 DateTimes; an empty day is []', async () => {
    expect((await create(member, { content: '늦은 날', date: '2025-06-20' })).statusCode).toBe(200);
    t.clock.advance(5000);
    expect((await create(admin, { content: '이른 날', date: '2025-06-03' })).statusCode).toBe(200);
    t.clock.advance(5000);
    expect((await create(member, { content: '같은 날 둘째', date: '2025-06-03' })).statusCode).toBe(200);

    const total = await t.get(`/api/schedules/total/${g.id}`, { token: member.token });
    expect(total.json()).toEqual([
      { nickname: admin.nickname, date: '2025-06-03' },
      { nickname: member.nickname, date: '2025-06-03' },
      { nickname: member.nickname, date: '2025-06-20' },
    ]);
    const detail = await t.get(`/api/schedules/detail/${g.id}?date=2025-06-03`, { token: admin.token });
    expect(detail.json()).toEqual([
      { writerId: admin.id, nickname: admin.nickname, createdAt: '2025-06-01T12:00:05+09:00', content: '이른 날' },
      { writerId: member.id, nickname: member.nickname, createdAt: '2025-06-01T12:00:10+09:00', content: '같은 날 둘째' },
    ]);
    expect((await t.get(`/api/schedules/detail/${g.id}?date=2025-06-04`, { token: admin.token })).json()).toEqual([]);
  });

  it('detail needs a real date in the query', async () => {
    for (const q of ['', '?date=', '?date=2025-02-29', '?date=2025-6-3', '?date=20250603', '?date=2025-06-03&date=2025-06-04']) {
      expectError(
        await t.get(`/api/schedules/detail/${g.id}${q}`, { token: member.token }),
        400,
        'validation_failed',
        '날짜 형식이 올바르지 않습니다.',
      );
    }
    expectError(
      await t.get('/api/schedules/detail/0?date=2025-06-03', { token: member.token }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
  });
});

describe('schedule writes (3.7, 1.5, 1.6)', () => {
  it('create answers a bare JSON number, ignores writerId, counts code points and trims', async () => {
    const res = await create(member, {
      groupId: String(g.id),
      writerId: admin.id,
      content: `  ${'😀'.repeat(200)}  `,
      date: '2025-07-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof res.json()).toBe('number');
    const [entry] = (await t.get(`/api/schedules/detail/${g.id}?date=2025-07-01`, { token: admin.token })).json() as Array<{
      writerId: number;
      content: string;
    }>;
    expect(entry).toMatchObject({ writerId: member.id, content: '😀'.repeat(200) });
    expectError(
      await create(member, { content: '😀'.repeat(201), date: '2025-07-02' }),
      400,
      'validation_failed',
      '일정 내용은 최대 200자까지 입력 가능합니다.',
    );
    expectError(
      await create(member, { content: '다시', date: '2025-07-01' }),
      409,
      'schedule_exists',
      '이미 등록한 일정이 있습니다.',
    );
  });

  it('a missing body is validation_failed for a member; anonymous is 401 first', async () => {
    expectError(await t.post('/api/schedules'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.delete('/api/schedules'), 401, 'login_required', '로그인이 필요합니다.');
    expectError(await t.post('/api/schedules', { token: member.token }), 400, 'validation_failed');
    expectError(await t.put('/api/schedules', { token: member.token }), 400, 'validation_failed');
    expectError(await t.delete('/api/schedules', { token: member.token }), 400, 'validation_failed');
  });

  it('generic checks first (1.3): 401 before 413, 413 before membership; a null or array body is validation_failed', async () => {
    const huge = JSON.stringify({ groupId: g.id, content: 'x'.repeat(1_100_000), date: '2025-07-03' });
    const json = { 'content-type': 'application/json' };
    expectError(await t.post('/api/schedules', { body: huge, headers: json }), 401, 'login_required', '로그인이 필요합니다.');
    expectError(
      await t.post('/api/schedules', { token: member.token, body: huge, headers: json }),
      413,
      'payload_too_large',
      '요청 본문이 너무 큽니다.',
    );
    expectError(
      await t.post('/api/schedules', { token: member.token, body: '{"groupId":', headers: json }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
    for (const body of ['null', '[1]'])
      expectError(await t.post('/api/schedules', { token: member.token, body, headers: json }), 400, 'validation_failed');
  });

  it('update: writerId check before validation, then validation before 404; groupId and writerId as strings work', async () => {
    await create(admin, { content: '원본', date: '2025-07-05' });
    const put = (u: TestUser, body: Record<string, unknown>) =>
      t.put('/api/schedules', { token: u.token, body: { groupId: String(g.id), ...body } });
    expectError(await put(admin, { writerId: member.id, date: 'bad', content: '' }), 403, 'forbidden', '일정 등록자가 아닙니다.');
    expectError(await put(admin, { date: 'bad', content: '' }), 400, 'validation_failed', '일정 내용을 입력해주세요.');
    expectError(
      await put(admin, { date: '2025-07-06', content: '없는 날' }),
      404,
      'not_found',
      '수정할 일정을 찾을 수 없습니다.',
    );
    const ok = await put(admin, { writerId: String(admin.id), date: '2025-07-05', content: '수정본' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    const day = (await t.get(`/api/schedules/detail/${g.id}?date=2025-07-05`, { token: member.token })).json() as Array<{
      content: string;
    }>;
    expect(day.map((d) => d.content)).toEqual(['수정본']);
  });

  it('delete: another writerId is 403 before the date check; numeric-string ids work', async () => {
    await create(member, { content: '지울 것', date: '2025-07-08' });
    const del = (u: TestUser, body: Record<string, unknown>) =>
      t.delete('/api/schedules', { token: u.token, body: { groupId: g.id, ...body } });
    expectError(await del(member, { writerId: String(admin.id), date: 'nope' }), 403, 'forbidden', '일정 등록자가 아닙니다.');
    const ok = await del(member, { groupId: String(g.id), writerId: String(member.id), date: '2025-07-08' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    expect((await t.get(`/api/schedules/detail/${g.id}?date=2025-07-08`, { token: member.token })).json()).toEqual([]);
  });
});
