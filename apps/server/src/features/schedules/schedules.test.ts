import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schedules } from '../../db/schema/index.js';
import { expectError, useTestApp } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
const admin = t.suiteUser('일정관리자');
const member = t.suiteUser('일정멤버');
const outsider = t.suiteUser('남남');
let g: TestGroup;

beforeAll(async () => {
  g = await makeGroup(t, admin, [member]);
});

const DATE_TEXT = '날짜 형식이 올바르지 않습니다.';
const create = (token: string | undefined, body: unknown) => t.post('/api/schedules', { token, body });
const update = (token: string | undefined, body: unknown) => t.put('/api/schedules', { token, body });
const remove = (token: string | undefined, body: unknown) => t.delete('/api/schedules', { token, body });
const rows = () => t.db.select().from(schedules).where(eq(schedules.groupId, g.id));
const clear = () => t.db.delete(schedules).where(eq(schedules.groupId, g.id));

describe('membership comes first on every schedule route (3.7)', () => {
  it('answers 401, 404 그룹을 찾을 수 없습니다., then 403 not_group_member before any field check', async () => {
    const bad = { content: '', date: 'nope', writerId: 1 };
    const calls = (groupId: number | string) => [
      (token?: string) => t.get(`/api/schedules/total/${groupId}`, { token }),
      (token?: string) => t.get(`/api/schedules/detail/${groupId}?date=nope`, { token }),
      (token?: string) => create(token, { groupId, ...bad }),
      (token?: string) => update(token, { groupId, ...bad }),
      (token?: string) => remove(token, { groupId, ...bad }),
    ];
    for (const call of calls(g.id)) expectError(await call(undefined), 401, 'login_required', '로그인이 필요합니다.');
    for (const call of calls(999999)) expectError(await call(admin.token), 404, 'not_found', '그룹을 찾을 수 없습니다.');
    for (const call of calls(g.id)) expectError(await call(outsider.token), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    for (const call of calls(String(g.id)))
      expectError(await call(outsider.token), 403, 'not_group_member', '그룹의 일원이 아닙니다.');
    expectError(
      await t.get('/api/schedules/total/abc', { token: admin.token }),
      400,
      'bad_request',
      '요청 형식이 올바르지 않습니다.',
    );
    for (const groupId of [undefined, 'abc', -1, null]) {
      expectError(await create(admin.token, { groupId, content: '내용', date: '2025-06-10' }), 400, 'validation_failed');
    }
    expect(await rows()).toEqual([]);
  });
});

describe('POST /api/schedules', () => {
  it('creates one entry per writer and date, returns the id as a bare number, ignores writerId', async () => {
    await clear();
    const res = await create(member.token, { groupId: g.id, writerId: admin.id, content: '  회의 준비  ', date: '2025-06-10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const id = res.json() as number;
    expect(typeof id).toBe('number');
    expect(await rows()).toEqual([
      expect.objectContaining({ id, writerId: member.id, content: '회의 준비', date: '2025-06-10' }),
    ]);
    expectError(
      await create(member.token, { groupId: g.id, content: '또', date: '2025-06-10' }),
      409,
      'schedule_exists',
      '이미 등록한 일정이 있습니다.',
    );
    expect(
      (await create(admin.token, { groupId: String(g.id), content: '같은 날 다른 사람', date: '2025-06-10' })).statusCode,
    ).toBe(200);
    expect((await create(member.token, { groupId: g.id, content: '다음 날', date: '2025-06-11' })).statusCode).toBe(200);
    expect(await rows()).toHaveLength(3);
  });

  it('checks content then date', async () => {
    const post = (body: Record<string, unknown>) =>
      create(member.token, { groupId: g.id, content: '내용', date: '2025-07-01', ...body });
    expectError(await post({ content: '   ' }), 400, 'validation_failed', '일정 내용을 입력해주세요.');
    expectError(await post({ content: undefined, date: 'x' }), 400, 'validation_failed', '일정 내용을 입력해주세요.');
    expectError(
      await post({ content: '가'.repeat(201) }),
      400,
      'validation_failed',
      '일정 내용은 최대 200자까지 입력 가능합니다.',
    );
    for (const date of [undefined, '', '2025-02-30', '2025/07/01', '2025-7-1', 20250701]) {
      expectError(await post({ date }), 400, 'validation_failed', DATE_TEXT);
    }
    expect((await post({ content: '가'.repeat(200) })).statusCode).toBe(200);
  });

  it('keeps one entry for two concurrent creates', async () => {
    await clear();
    const body = { groupId: g.id, content: '동시', date: '2025-08-01' };
    const results = await Promise.all([create(member.token, body), create(member.token, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await rows()).toHaveLength(1);
  });
});

describe('GET /api/schedules/total and detail', () => {
  it('lists every entry by date, and one day by creation time', async () => {
    await clear();
    await create(member.token, { groupId: g.id, content: '늦은 날', date: '2025-06-20' });
    await create(member.token, { groupId: g.id, content: '멤버 먼저', date: '2025-06-05' });
    t.clock.advance(5000);
    await create(admin.token, { groupId: g.id, content: '관리자 나중', date: '2025-06-05' });
    t.clock.set(NOON_SEOUL);
    const total = await t.get(`/api/schedules/total/${g.id}`, { token: member.token });
    expect(total.statusCode).toBe(200);
    expect(total.json()).toEqual([
      { nickname: '일정멤버', date: '2025-06-05' },
      { nickname: '일정관리자', date: '2025-06-05' },
      { nickname: '일정멤버', date: '2025-06-20' },
    ]);
    const day = await t.get(`/api/schedules/detail/${g.id}?date=2025-06-05`, { token: admin.token });
    expect(day.json()).toEqual([
      { writerId: member.id, nickname: '일정멤버', createdAt: '2025-06-01T12:00:00+09:00', content: '멤버 먼저' },
      { writerId: admin.id, nickname: '일정관리자', createdAt: '2025-06-01T12:00:05+09:00', content: '관리자 나중' },
    ]);
    expect((await t.get(`/api/schedules/detail/${g.id}?date=2025-06-06`, { token: admin.token })).json()).toEqual([]);
    for (const q of ['', '?date=', '?date=2025-13-01', '?date=06-05-2025']) {
      expectError(await t.get(`/api/schedules/detail/${g.id}${q}`, { token: admin.token }), 400, 'validation_failed', DATE_TEXT);
    }
  });
});

describe('PUT and DELETE /api/schedules', () => {
  it('lets only the writer change their own entry, in the contract order', async () => {
    await clear();
    await create(member.token, { groupId: g.id, content: '원래 내용', date: '2025-06-15' });
    const mine = { groupId: g.id, date: '2025-06-15' };
    expectError(
      await update(admin.token, { ...mine, writerId: member.id, content: '' }),
      403,
      'forbidden',
      '일정 등록자가 아닙니다.',
    );
    expectError(
      await update(member.token, { ...mine, writerId: 'abc', content: '' }),
      403,
      'forbidden',
      '일정 등록자가 아닙니다.',
    );
    expectError(await update(member.token, { ...mine, content: ' ' }), 400, 'validation_failed', '일정 내용을 입력해주세요.');
    expectError(await update(member.token, { ...mine, date: '2025-06-31', content: '새' }), 400, 'validation_failed', DATE_TEXT);
    // The admin has no entry that day: an update touches the caller's own entry only.
    expectError(await update(admin.token, { ...mine, content: '남의 것' }), 404, 'not_found', '수정할 일정을 찾을 수 없습니다.');
    const res = await update(member.token, { ...mine, writerId: String(member.id), content: '  바뀐 내용 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect((await rows())[0].content).toBe('바뀐 내용');

    expectError(await remove(admin.token, { ...mine, writerId: member.id }), 403, 'forbidden', '일정 등록자가 아닙니다.');
    expectError(await remove(member.token, { groupId: g.id, date: '2025/06/15' }), 400, 'validation_failed', DATE_TEXT);
    expectError(await remove(admin.token, mine), 404, 'not_found', '삭제할 일정을 찾을 수 없습니다.');
    expect(await rows()).toHaveLength(1);
    const del = await remove(member.token, { ...mine, writerId: member.id });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.body).toBe('');
    expect(await rows()).toEqual([]);
    expectError(await remove(member.token, mine), 404, 'not_found', '삭제할 일정을 찾을 수 없습니다.');
  });
});
