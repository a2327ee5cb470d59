import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, useTestApp, type TestUser } from '../../../test/helpers.js';
import { makeGroup, type TestGroup } from '../../../test/fixtures/groups.js';
import { NOON_SEOUL } from '../../../test/fixtures/posts.js';

const t = useTestApp({ now: NOON_SEOUL, freshLimits: true });
let admin: TestUser;
let member: TestUser;
let member2: TestUser;
let outsider: TestUser;
let g: TestGroup;

const NOT_MEMBER = '그룹의 일원이 아닙니다.';
const GONE = '캘린더 주소를 찾을 수 없습니다. 그룹 페이지에서 새 주소를 확인해주세요.';
const FEED_URL = /^http:\/\/localhost:8080\/cal\/[A-Za-z0-9_-]{43}\.ics$/;

beforeAll(async () => {
  admin = await t.user('달력관리자');
  member = await t.user('달력멤버');
  member2 = await t.user('달력멤버둘');
  outsider = await t.user('달력남남');
  g = await makeGroup(t, admin, [member, member2], { name: '달력 그룹' });
});

const api = (groupId: number | string = g.id) => `/api/groups/${groupId}/calendar-feed`;

async function feedUrl(user: TestUser, groupId: number = g.id, method: 'GET' | 'POST' = 'GET'): Promise<string> {
  const res = await t.request(method, api(groupId), { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(FEED_URL);
  return url;
}
const fetchFeed = (url: string) => t.get(new URL(url).pathname);
const expectGone = async (url: string) => expectError(await fetchFeed(url), 404, 'calendar_feed_not_found', GONE);

interface ParsedEvent {
  uid: string;
  start: string;
  allDay: boolean;
  end: string;
  summary: string;
  description: string;
  sequence: number;
  stamp: string;
}

async function readFeed(url: string) {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((v) => {
    const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
    return {
      uid: String(v.getFirstPropertyValue('uid')),
      start: start.toString(),
      allDay: start.isDate,
      end: (v.getFirstPropertyValue('dtend') as ICAL.Time).toString(),
      summary: String(v.getFirstPropertyValue('summary')),
      description: String(v.getFirstPropertyValue('description')),
      sequence: Number(v.getFirstPropertyValue('sequence')),
      stamp: (v.getFirstPropertyValue('dtstamp') as ICAL.Time).toString(),
    };
  });
  return {
    res,
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    timezone: calendar.getFirstPropertyValue('x-wr-timezone'),
    events,
  };
}

const schedule = async (user: TestUser, date: string, content: string, groupId = g.id) => {
  const res = await t.post('/api/schedules', { token: user.token, body: { groupId, content, date } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as number;
};
const edit = async (user: TestUser, date: string, content: string) => {
  const res = await t.put('/api/schedules', { token: user.token, body: { groupId: g.id, content, date } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET and POST /api/groups/{groupId}/calendar-feed', () => {
  it('answers 401, then 404 그룹을 찾을 수 없습니다., then 403 not_group_member, and 400 for a non-numeric id', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expectError(await t.request(method, api()), 401, 'login_required', '로그인이 필요합니다.');
      expectError(await t.request(method, api(999999), { token: admin.token }), 404, 'not_found', '그룹을 찾을 수 없습니다.');
      expectError(await t.request(method, api(), { token: outsider.token }), 403, 'not_group_member', NOT_MEMBER);
      expectError(
        await t.request(method, api('abc'), { token: admin.token }),
        400,
        'validation_failed',
        '요청 형식이 올바르지 않습니다.',
      );
    }
  });

  it('gives each member one address of their own, the same on every GET, and a new one on POST', async () => {
    const first = await feedUrl(member);
    expect(await feedUrl(member)).toBe(first);
    const other = await feedUrl(member2);
    expect(other).not.toBe(first);
    const renewed = await feedUrl(member, g.id, 'POST');
    expect(renewed).not.toBe(first);
    expect(await feedUrl(member)).toBe(renewed);
    expect(await feedUrl(member2)).toBe(other);
  });

  it('makes one address when two first GETs race', async () => {
    const late = await t.user('달력늦게');
    const res = await t.post(`/api/groups/${g.id}/invite`, { token: admin.token, body: { nickname: late.nickname } });
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = await Promise.all([feedUrl(late), feedUrl(late)]);
    expect(a).toBe(b);
  });
});

describe('GET /cal/{secret}.ics', () => {
  it('is public iCalendar with the group name, Asia/Seoul, and one all-day event per entry', async () => {
    const other = await makeGroup(t, outsider, [], { name: '다른 달력 그룹' });
    await schedule(outsider, '2025-06-09', '다른 그룹 일정', other.id);
    const mine = await schedule(member, '2025-06-10', '회의 준비');
    const admins = await schedule(admin, '2025-06-10', '발표, 리허설; 최종');
    const later = await schedule(member2, '2025-06-30', '마감');

    const url = await feedUrl(member);
    const feed = await readFeed(url);
    expect(feed.res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.res.headers['cache-control']).toBe('private, max-age=300');
    expect(feed.res.headers['x-robots-tag']).toBe('noindex');
    expect(feed.name).toBe('달력 그룹');
    expect(feed.timezone).toBe('Asia/Seoul');
    expect(feed.events).toEqual([
      {
        uid: `schedule-${mine}@localhost`,
        start: '2025-06-10',
        allDay: true,
        end: '2025-06-11',
        summary: '회의 준비',
        description: '작성자: 달력멤버',
        sequence: 0,
        stamp: '2025-06-01T03:00:00Z',
      },
      expect.objectContaining({ uid: `schedule-${admins}@localhost`, start: '2025-06-10', summary: '발표, 리허설; 최종' }),
      expect.objectContaining({ uid: `schedule-${later}@localhost`, start: '2025-06-30', end: '2025-07-01', allDay: true }),
    ]);
    // RFC 5545: the calendar's properties before its components, line ends CRLF, DTSTAMP in UTC
    const body = feed.res.body;
    expect(body.indexOf('X-WR-TIMEZONE:Asia/Seoul\r\n')).toBeGreaterThan(0);
    expect(body.indexOf('X-WR-TIMEZONE')).toBeLessThan(body.indexOf('BEGIN:VEVENT'));
    expect(body).toMatch(/\r\nDTSTAMP:20250601T030000Z\r\n/);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    // anyone with the address reads it, without a token; a member's token changes nothing
    expect((await t.get(new URL(url).pathname, { token: outsider.token })).statusCode).toBe(200);
    // every member's feed shows the same events
    expect((await readFeed(await feedUrl(admin))).events.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));
  });

  it('keeps each UID across reads and counts SEQUENCE up on every edit', async () => {
    const id = await schedule(member2, '2025-06-20', '스터디');
    const url = await feedUrl(member2);
    const find = async () => (await readFeed(url)).events.find((e) => e.uid === `schedule-${id}@localhost`)!;
    const before = await find();
    expect(before).toMatchObject({ summary: '스터디', sequence: 0 });
    expect(await find()).toEqual(before);

    t.clock.advance(60_000);
    await edit(member2, '2025-06-20', '스터디 (장소 변경)');
    const once = await find();
    expect(once).toMatchObject({ uid: before.uid, summary: '스터디 (장소 변경)', sequence: 1, stamp: '2025-06-01T03:01:00Z' });
    await edit(member2, '2025-06-20', '스터디 (장소 변경)');
    expect((await find()).sequence).toBe(2);

    // the UID is the entry's, not the address's
    const renewed = await feedUrl(member2, g.id, 'POST');
    expect((await readFeed(renewed)).events.find((e) => e.uid === before.uid)?.sequence).toBe(2);
  });

  it('answers 404 calendar_feed_not_found for an unknown or malformed secret, and for a replaced one', async () => {
    await expectGone(`http://localhost:8080/cal/${'A'.repeat(43)}.ics`);
    await expectGone('http://localhost:8080/cal/short.ics');
    await expectGone(`http://localhost:8080/cal/${'A'.repeat(42)}!.ics`);
    const old = await feedUrl(member);
    const renewed = await feedUrl(member, g.id, 'POST');
    await expectGone(old);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
  });
});

describe('a feed ends with its owner’s membership', () => {
  async function groupOf(label: string) {
    const boss = await t.user(`${label}장`);
    const people = [await t.user(`${label}원`), await t.user(`${label}원둘`)];
    const group = await makeGroup(t, boss, people, { name: `${label} 그룹` });
    await schedule(boss, '2025-06-15', `${label} 모임`, group.id);
    return { boss, people, group };
  }

  it('a member who leaves: 404; invited again, a new address works and the old one stays dead', async () => {
    const { boss, people, group } = await groupOf('떠남');
    const [leaver] = people;
    const old = await feedUrl(leaver, group.id);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    expect((await t.delete(`/api/groups/${group.id}/leave`, { token: leaver.token })).statusCode).toBe(200);
    await expectGone(old);
    expectError(await t.get(api(group.id), { token: leaver.token }), 403, 'not_group_member', NOT_MEMBER);

    const res = await t.post(`/api/groups/${group.id}/invite`, { token: boss.token, body: { nickname: leaver.nickname } });
    expect(res.statusCode, res.body).toBe(200);
    await expectGone(old);
    const fresh = await feedUrl(leaver, group.id);
    expect(fresh).not.toBe(old);
    expect((await readFeed(fresh)).events.map((e) => e.summary)).toEqual(['떠남 모임']);
    await expectGone(old);
  });

  it('a kicked member: 404, while the others’ feeds go on', async () => {
    const { boss, people, group } = await groupOf('추방');
    const [kicked, stays] = people;
    const kickedUrl = await feedUrl(kicked, group.id);
    const staysUrl = await feedUrl(stays, group.id);
    const res = await t.delete(`/api/groups/${group.id}/remove/${kicked.id}`, { token: boss.token });
    expect(res.statusCode, res.body).toBe(200);
    await expectGone(kickedUrl);
    expect((await fetchFeed(staysUrl)).statusCode).toBe(200);
  });

  it('a deleted group: every member’s feed 404', async () => {
    const { boss, people, group } = await groupOf('삭제');
    const urls = [await feedUrl(boss, group.id), await feedUrl(people[0], group.id)];
    expect((await t.delete(`/api/groups/${group.id}`, { token: boss.token })).statusCode).toBe(204);
    for (const url of urls) await expectGone(url);
  });

  it('a withdrawn member: 404 for each of their feeds; the other members’ feeds go on', async () => {
    const { people, group } = await groupOf('탈퇴');
    const [leaver, stays] = people;
    const second = await makeGroup(t, outsider, [leaver], { name: '탈퇴 둘째 그룹' });
    const urls = [await feedUrl(leaver, group.id), await feedUrl(leaver, second.id)];
    const staysUrl = await feedUrl(stays, group.id);
    const res = await t.delete(`/api/users/${leaver.id}`, { token: leaver.token });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of urls) await expectGone(url);
    expect((await fetchFeed(staysUrl)).statusCode).toBe(200);
  });
});
