import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basePosts } from '../../db/schema/index.js';
import { countQueries } from '../../lib/query-count.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createGroup, createRoom, sleep, useRealtimeSuite } from '../../../test/fixtures/chat.js';
import { multiInstanceSkipReason, REDIS_URL } from '../../../test/fixtures/two-instances.js';
import { createRecruitment, createStudy, NOON_SEOUL, recruitmentBody } from '../../../test/fixtures/posts.js';

/**
 * Issue 25: the read cache is evicted by what a write touched, not by every write. "Cached" is observed from
 * outside: a cached answer runs no statement.
 */
const s = useRealtimeSuite();

async function statementsOf(t: TestApp, url: string): Promise<string[]> {
  const { result, statements } = await countQueries(() => t.get(url));
  expect(result.statusCode, `${url}: ${result.body}`).toBe(200);
  return statements;
}

async function expectCached(t: TestApp, urls: string[], after: string) {
  for (const url of urls) expect(await statementsOf(t, url), `${url} after ${after}`).toEqual([]);
}

const views = async (t: TestApp, id: number) =>
  (await t.db.select({ v: basePosts.views }).from(basePosts).where(eq(basePosts.id, id)))[0].v;

describe('what a write evicts from the public read cache', () => {
  it('a view, a 쪽지, a chat line and a schedule write leave cached lists, searches and details cached', async () => {
    const { t } = s;
    const group = await createGroup(t, 1);
    const room = await createRoom(t, group);
    const [sender, receiver] = [group.admin, group.members[0]];
    const post = await createRecruitment(t, await t.user(), { title: '캐시 확인 공고' });
    const study = await createStudy(t, await t.user(), { title: '캐시 확인 스터디' });
    const reads = [
      '/api/recruitments?page=0',
      `/api/recruitments/${post.id}`,
      `/api/recruitments/search?keyword=${encodeURIComponent('캐시 확인')}`,
      '/api/study-groups?page=0',
      `/api/study-groups/${study.id}`,
    ];
    for (const url of reads) await statementsOf(t, url);
    await expectCached(t, reads, 'the first read');

    const viewed = await t.post(`/api/base-posts/${post.id}/view`, { token: receiver.token });
    expect(viewed.statusCode).toBe(204);
    await expectCached(t, reads, 'a view');
    // this instance's cached detail takes the new count at once
    expect((await t.get(`/api/recruitments/${post.id}`)).json().views).toBe(1);

    const note = await t.post('/api/messages', {
      token: sender.token,
      body: { receiverName: receiver.nickname, content: '캐시는 그대로입니다' },
    });
    expect(note.statusCode, note.body).toBe(201);
    await expectCached(t, reads, 'a 쪽지');

    const client = await s.connect(sender);
    const receipt = await client.sendChat(room, '채팅 한 줄', 'chat-1');
    expect(receipt?.command).toBe('RECEIPT');
    await expectCached(t, reads, 'a chat line');

    const schedule = await t.post('/api/schedules', {
      token: sender.token,
      body: { groupId: group.id, content: '회의', date: '2025-06-20' },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    await expectCached(t, reads, 'a schedule');
  });

  it("a post edit reaches its detail and its kind's lists at once, and leaves the other kind cached", async () => {
    const { t } = s;
    const author = await t.user();
    const post = await createRecruitment(t, author, { title: '수정 전 공고' });
    const study = await createStudy(t, author, { title: '그대로인 스터디' });
    const others = ['/api/study-groups?page=0', `/api/study-groups/${study.id}`];
    for (const url of [`/api/recruitments/${post.id}`, '/api/recruitments?page=0', ...others]) await statementsOf(t, url);

    const edited = await t.put(`/api/recruitments/${post.id}`, {
      token: author.token,
      body: recruitmentBody({ title: '수정 후 공고', tags: ['Go'] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.get(`/api/recruitments/${post.id}`)).json()).toMatchObject({ title: '수정 후 공고', tags: ['Go'] });
    const listed = (await t.get('/api/recruitments?page=0')).json().content.find((r: { id: number }) => r.id === post.id);
    expect(listed).toMatchObject({ title: '수정 후 공고', tags: ['Go'] });
    await expectCached(t, others, 'an edit of a recruitment');
  });

  it('counts one view per viewer under concurrent views from that viewer', async () => {
    const { t } = s;
    const post = await createStudy(t, await t.user());
    const viewer = await t.user();
    const byUser = await Promise.all(
      Array.from({ length: 8 }, () => t.post(`/api/base-posts/${post.id}/view`, { token: viewer.token })),
    );
    expect(byUser.map((r) => r.statusCode)).toEqual(Array(8).fill(204));
    expect(await views(t, post.id)).toBe(1);
    const anonymous = { ip: '10.25.0.1', headers: { 'user-agent': 'ua-25' } };
    await Promise.all(Array.from({ length: 8 }, () => t.post(`/api/base-posts/${post.id}/view`, anonymous)));
    expect(await views(t, post.id)).toBe(2);
  });
});

describe.skipIf(multiInstanceSkipReason)('evictions across instances (PostgreSQL + Redis)', () => {
  it("a post edit on one instance reaches the other's cached detail and lists; views stay once per viewer", async () => {
    const a = await createTestApp({ now: NOON_SEOUL, env: { REDIS_URL } });
    const b = await createTestApp({ now: NOON_SEOUL, database: a.database, env: { REDIS_URL } });
    try {
      const author = await a.user();
      const post = await createRecruitment(a, author, { title: '다른 인스턴스 공고' });
      const detail = `/api/recruitments/${post.id}`;
      const search = `/api/recruitments/search?keyword=${encodeURIComponent('인스턴스')}`;
      for (const url of [detail, '/api/recruitments?page=0', search]) await statementsOf(b, url);
      await expectCached(b, [detail], 'the first read');

      const edited = await a.put(detail, { token: author.token, body: recruitmentBody({ title: '인스턴스 수정 공고' }) });
      expect(edited.statusCode, edited.body).toBe(200);
      // Redis delivers within milliseconds; wait for it, bounded
      for (let i = 0; i < 100 && (await b.get(detail)).json().title !== '인스턴스 수정 공고'; i++) await sleep(20);
      expect((await b.get(detail)).json().title).toBe('인스턴스 수정 공고');
      const titleIn = async (url: string) =>
        (await b.get(url)).json().content.find((r: { id: number }) => r.id === post.id)?.title;
      expect(await titleIn('/api/recruitments?page=0')).toBe('인스턴스 수정 공고');
      expect(await titleIn(search)).toBe('인스턴스 수정 공고');

      const viewer = await a.user();
      await Promise.all([a, b, a, b, a, b].map((app) => app.post(`/api/base-posts/${post.id}/view`, { token: viewer.token })));
      expect(await views(a, post.id)).toBe(1);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
