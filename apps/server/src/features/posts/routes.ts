import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codePoints,
  listFilterFields,
  popularTag,
  POPULAR_TAGS_LIMIT,
  recruitmentFilterFields,
  type ListFilter,
  type ListOrder,
  myPost,
  noContent,
  pageOf,
  pageParam,
  pathId,
  plainText,
  recruitment,
  recruitmentBody,
  recruitmentItem,
  SEARCH_TOO_LONG_TEXT,
  SEARCH_TYPES,
  studyGroup,
  studyGroupBody,
  studyGroupItem,
  type SearchType,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { BadRequest } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { publicTags } from '../../lib/public-changes.js';
import { sendJsonBody, sendText } from '../../lib/reply.js';
import { viewerKey } from '../../lib/views.js';
import { RECRUITMENT, STUDY_GROUP, type KindConfig } from './kinds.js';
import { BASE_DELETE_FORBIDDEN, BASE_NOT_FOUND } from './texts.js';
import {
  presentMyPost,
  presentPopularTag,
  presentRecruitment,
  presentRecruitmentItem,
  presentStudyGroup,
  presentStudyGroupItem,
} from './presenter.js';
import { listPosts, myPostRows, popularPosts, popularTags, todayIn, type PostDetailRow, type PostListRow } from './queries.js';
import { searchPosts, type Search } from './search-queries.js';
import * as posts from './service.js';

const idParams = z.object({ id: pathId });
const pageQuery = z.object({ page: pageParam });
const searchQuery = z.object({ page: pageParam, searchType: z.unknown().optional(), keyword: z.unknown().optional() });

/** The optional filters of issue 18 (recruitments add `stack`); absent, a list answers as docs/api.md §3.3 says. */
function filterOf(query: { open: boolean; order: ListOrder; stack?: string[] }): ListFilter {
  return { open: query.open, order: query.order, stacks: query.stack ?? [] };
}
const isFiltered = (f: ListFilter) => f.open || f.order !== 'latest' || f.stacks.length > 0;
/** A cache key part that tells filters apart (JSON is self-delimiting, so no stack name can mimic another). */
const filterKey = (f: ListFilter) =>
  isFiltered(f) ? `${JSON.stringify([f.open, f.order, f.stacks.map((s) => s.toLowerCase()).sort()])}:` : '';

/** docs/api.md §3.3 search rules: trimmed; under 2 characters is no filter; over 50 is 400; unknown type is all. */
function parseSearch(query: { searchType?: unknown; keyword?: unknown }): Search | null {
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  if (codePoints(keyword) > 50) throw new BadRequest(SEARCH_TOO_LONG_TEXT);
  if (codePoints(keyword) < 2) return null;
  const type = SEARCH_TYPES.includes(query.searchType as SearchType) ? (query.searchType as SearchType) : 'all';
  return { type, keyword };
}

function kindRoutes(fastify: FastifyInstance, ctx: AppContext, cfg: KindConfig) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];
  const shape =
    cfg.kind === 'RECRUITMENT'
      ? { item: recruitmentItem, detail: recruitment, body: recruitmentBody }
      : { item: studyGroupItem, detail: studyGroup, body: studyGroupBody };
  // Post bodies are checked by the service, in the order of docs/api.md §3.3-3.4 and against today's date; the schema documents them.
  const write = (status: 200 | 201) => ({ body: shape.body, response: { [status]: shape.detail } });
  const list = { 200: pageOf(shape.item) };
  const item = (r: PostListRow) => (cfg.kind === 'RECRUITMENT' ? presentRecruitmentItem(r) : presentStudyGroupItem(r));
  const detail = (r: PostDetailRow, viewerId: number | null) =>
    cfg.kind === 'RECRUITMENT' ? presentRecruitment(r, viewerId) : presentStudyGroup(r, viewerId);
  const page = (pageNumber: number, search: Search | null, filter: ListFilter) => {
    const today = todayIn(ctx);
    const key = search
      ? `posts:${cfg.kind}:search:${today}:${pageNumber}:${filterKey(filter)}${search.type}:${search.keyword}`
      : `posts:${cfg.kind}:page:${today}:${pageNumber}:${filterKey(filter)}`;
    const depends =
      filter.order === 'views' ? [publicTags.list(cfg.kind), publicTags.ranked(cfg.kind)] : [publicTags.list(cfg.kind)];
    return ctx.readCache.json(key, depends, async () => {
      const req = pageRequest(pageNumber, cfg.pageSize);
      const { rows, total } = search
        ? await searchPosts(ctx.db, cfg.kind, today, req, search, filter)
        : await listPosts(ctx.db, cfg.kind, today, req, filter);
      return toPage(rows.map(item), req, total);
    });
  };
  const filters = cfg.kind === 'RECRUITMENT' ? recruitmentFilterFields : listFilterFields;

  app.get(
    cfg.path,
    { schema: { tags, querystring: pageQuery.extend(filters), response: list }, config: { auth: 'public' } },
    async (req, reply) => sendJsonBody(reply, await page(req.query.page, null, filterOf(req.query))),
  );

  app.get(
    `${cfg.path}/search`,
    { schema: { tags, querystring: searchQuery.extend(filters), response: list }, config: { auth: 'public' } },
    async (req, reply) => sendJsonBody(reply, await page(req.query.page, parseSearch(req.query), filterOf(req.query))),
  );

  app.get(
    `${cfg.path}/popular`,
    { schema: { tags, response: { 200: z.array(shape.item) } }, config: { auth: 'public' } },
    async (_req, reply) => {
      const today = todayIn(ctx);
      const depends = [publicTags.list(cfg.kind), publicTags.ranked(cfg.kind)];
      const body = await ctx.readCache.json(`posts:${cfg.kind}:popular:${today}`, depends, async () =>
        (await popularPosts(ctx.db, cfg.kind, today)).map(item),
      );
      return sendJsonBody(reply, body);
    },
  );

  if (cfg.kind === 'RECRUITMENT') {
    app.get(
      `${cfg.path}/popular-tags`,
      { schema: { tags, response: { 200: z.array(popularTag) } }, config: { auth: 'public' } },
      async (_req, reply) =>
        sendJsonBody(
          reply,
          await ctx.readCache.json('posts:popular-stacks', [publicTags.popularStacks], async () =>
            (await popularTags(ctx.db, POPULAR_TAGS_LIMIT)).map(presentPopularTag),
          ),
        ),
    );
  }

  app.get(
    `${cfg.path}/:id`,
    { schema: { tags, params: idParams, response: { 200: shape.detail } }, config: { auth: 'public' } },
    async (req) => detail(await posts.getDetail(ctx, cfg, req.params.id), req.user?.id ?? null),
  );

  app.post(
    cfg.path,
    { schema: { tags, ...write(201) }, attachValidation: true, config: { rateLimit: [LIMITS.contentCreate] } },
    async (req, reply) => {
      const user = requireUser(req);
      return reply.status(201).send(detail(await posts.createPost(ctx, cfg, user, req.body), user.id));
    },
  );

  app.put(`${cfg.path}/:id`, { schema: { tags, params: idParams, ...write(200) }, attachValidation: true }, async (req) => {
    const user = requireUser(req);
    return detail(await posts.updatePost(ctx, cfg, user, req.params.id, req.body), user.id);
  });

  app.delete(`${cfg.path}/:id`, { schema: { tags, params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    const texts = { kind: cfg.kind, notFound: cfg.deleteNotFound, forbidden: cfg.deleteForbidden };
    await posts.deletePost(ctx, requireUser(req), req.params.id, texts);
    return reply.status(204).send();
  });

  app.patch(`${cfg.path}/:id/close`, { schema: { tags, params: idParams, response: { 200: plainText } } }, async (req, reply) => {
    await posts.closePost(ctx, cfg, requireUser(req), req.params.id);
    return sendText(reply, 200, cfg.closed);
  });
}

export default function postRoutes(fastify: FastifyInstance, ctx: AppContext) {
  kindRoutes(fastify, ctx, RECRUITMENT);
  kindRoutes(fastify, ctx, STUDY_GROUP);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];

  app.post(
    '/api/base-posts/:id/view',
    { schema: { tags, params: idParams, response: { 204: noContent } }, config: { auth: 'public', rateLimit: [LIMITS.view] } },
    async (req, reply) => {
      await posts.countView(ctx, req.params.id, viewerKey(req, ctx.config.jwtSecret));
      return reply.status(204).send();
    },
  );

  app.get('/api/base-posts/my-posts', { schema: { tags, response: { 200: z.array(myPost) } } }, async (req) =>
    (await myPostRows(ctx.db, requireUser(req).id, todayIn(ctx))).map(presentMyPost),
  );

  app.delete('/api/base-posts/:id', { schema: { tags, params: idParams, response: { 200: noContent } } }, async (req, reply) => {
    await posts.deletePost(ctx, requireUser(req), req.params.id, { notFound: BASE_NOT_FOUND, forbidden: BASE_DELETE_FORBIDDEN });
    return reply.status(200).send();
  });
}
