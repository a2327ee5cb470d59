import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { sleep } from '../../../test/fixtures/chat.js';
import { expectCached, statementsOf, views } from '../../../test/fixtures/public-cache.js';
import { multiInstanceSkipReason, REDIS_URL } from '../../../test/fixtures/two-instances.js';
import { createRecruitment, NOON_SEOUL, recruitmentBody } from '../../../test/fixtures/posts.js';

/** The read cache across two instances on one PostgreSQL database: evictions travel through Redis. */
describe.skipIf(multiInstanceSkipReason)('evictions across instances (PostgreSQL + Redis)', () => {
  it("a post edit on one instance reaches the other's cached detail and lists; views stay once per viewer", async () => {
    const a = await createTestApp({ now: NOON_SEOUL, env: { REDIS_URL } });
    // the post is made before the second instance listens, so the creation's own eviction cannot reach it after its
    // first reads
    const author = await a.user();
    const post = await createRecruitment(a, author, { title: '다른 인스턴스 공고' });
    const b = await createTestApp({ now: NOON_SEOUL, database: a.database, env: { REDIS_URL } });
    try {
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
