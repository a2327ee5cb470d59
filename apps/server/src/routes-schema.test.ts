import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.js';

const t = useTestApp();

/**
 * Routes that take no body: view counting, close, the bookmark PUT, the block PUT, a new calendar address and the
 * start URL of an account link.
 */
const NO_BODY = ['/view', '/close', '/api/bookmarks/:postId', '/api/blocks/:userId', '/calendar-feed', '/oauth/:provider/link'];

describe('schema-first routes (architecture "Request path")', () => {
  it('every API route declares its success response, and every route that reads a body declares it', () => {
    const missing = t.built.apiRoutes
      .filter(
        (r) =>
          !r.schema?.response ||
          (['POST', 'PUT'].includes(r.method) && !NO_BODY.some((end) => r.url.endsWith(end)) && !r.schema.body),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
