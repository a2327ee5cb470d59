import { describe, expect, it } from 'vitest';
import { expectCached, statementsOf, views } from '../../../test/fixtures/public-cache.js';
import { createGroup, createRoom, useRealtimeSuite } from '../../../test/fixtures/chat.js';
import { createRecruitment, createStudy, recruitmentBody } from '../../../test/fixtures/posts.js';

/**
 * The read cache is evicted by what a write touched, not by every write. "Cached" is observed from
 * outside: a cached answer runs no statement.
 */
const s = useRealtimeSuite();

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
    await statementsOf(t, '/api/recruitments/popular');

    const viewed = await t.post(`/api/base-posts/${post.id}/view`, { token: receiver.token });
    expect(viewed.statusCode).toBe(204);
    // the detail takes the new count in place; the pages show it within the TTL; what is ordered by views is read again
    await expectCached(t, reads, 'a view');
    expect((await t.get(`/api/recruitments/${post.id}`)).json().views).toBe(1);
    const ranked = (await t.get('/api/recruitments/popular')).json() as Array<{ id: number; views: number }>;
    expect(ranked.find((r) => r.id === post.id)?.views).toBe(1);

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

  it('a view does not wait behind public reads that missed the cache (every database slot of theirs taken)', async () => {
    const { t } = s;
    const post = await createRecruitment(t, await t.user());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const misses = Array.from({ length: 10 }, (_, i) => t.ctx.readCache.query(`held-${i}`, [], () => held));
    try {
      // the post's detail is not cached (never read), so the view reads the post itself
      const viewed = await t.post(`/api/base-posts/${post.id}/view`, { token: (await t.user()).token });
      expect(viewed.statusCode, viewed.body).toBe(204);
      const missing = await t.post('/api/base-posts/999999999/view', { token: (await t.user()).token });
      expect(missing.statusCode).toBe(404);
    } finally {
      release();
      await Promise.all(misses);
    }
    expect(await views(t, post.id)).toBe(1);
  });
});
