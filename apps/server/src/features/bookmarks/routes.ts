import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKMARK_PAGE_SIZE, bookmarkItem, bookmarkState, pageOf, pageParam, pathId } from '@app/contract';
import type { AppContext } from '../../context.js';
import { mapPage, pageRequest } from '../../lib/paging.js';
import { requireUser } from '../../request-auth.js';
import { presentBookmarkItem, presentBookmarkState } from './presenter.js';
import { bookmarkedIds } from './queries.js';
import { bookmarkStateRead } from './reads.js';
import * as bookmarks from './service.js';

const postParams = z.object({ postId: pathId });

/** Bookmarks (관심 공고), docs/api.md §9.5 (docs/product-decisions.md, "API beyond the contract"). */
export default function bookmarkRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['bookmarks'];

  app.get(
    '/api/bookmarks',
    { schema: { tags, querystring: z.object({ page: pageParam }), response: { 200: pageOf(bookmarkItem) } } },
    async (req) =>
      mapPage(
        await bookmarks.listBookmarks(ctx, requireUser(req), pageRequest(req.query.page, BOOKMARK_PAGE_SIZE)),
        presentBookmarkItem,
      ),
  );

  app.get('/api/bookmarks/ids', { schema: { tags, response: { 200: z.array(z.number().int()) } } }, async (req) =>
    bookmarkedIds(ctx.db, requireUser(req).id),
  );

  app.get(
    '/api/bookmarks/:postId',
    { schema: { tags, params: postParams, response: { 200: bookmarkState } }, config: { auth: 'public' } },
    async (req) => bookmarkStateRead(ctx, req.params.postId, req.user?.id ?? null),
  );

  app.put('/api/bookmarks/:postId', { schema: { tags, params: postParams, response: { 200: bookmarkState } } }, async (req) =>
    presentBookmarkState(await bookmarks.addBookmark(ctx, requireUser(req), req.params.postId)),
  );

  app.delete('/api/bookmarks/:postId', { schema: { tags, params: postParams, response: { 200: bookmarkState } } }, async (req) =>
    presentBookmarkState(await bookmarks.removeBookmark(ctx, requireUser(req), req.params.postId)),
  );
}
