import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myPost,
  noContent,
  pageOf,
  pathId,
  plainText,
  popularTag,
  recruitment,
  recruitmentBody,
  recruitmentItem,
  studyGroup,
  studyGroupBody,
  studyGroupItem,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { sendJsonBody, sendText } from '../../lib/reply.js';
import { viewerKey } from '../../lib/views.js';
import { RECRUITMENT, STUDY_GROUP, type KindConfig } from './kinds.js';
import { BASE_DELETE_FORBIDDEN, BASE_NOT_FOUND } from './texts.js';
import { presentMyPost, presentRecruitment, presentStudyGroup } from './presenter.js';
import { myPostRows, todayIn, type PostDetailRow } from './queries.js';
import { popularStacks, postReads } from './reads.js';
import * as posts from './service.js';

const idParams = z.object({ id: pathId });

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
  const detail = (r: PostDetailRow, viewerId: number | null) =>
    cfg.kind === 'RECRUITMENT' ? presentRecruitment(r, viewerId) : presentStudyGroup(r, viewerId);
  const reads = postReads(ctx, cfg);

  app.get(
    cfg.path,
    { schema: { tags, querystring: reads.queries.list, response: list }, config: { auth: 'public' } },
    async (req, reply) => sendJsonBody(reply, await reads.list(req.query)),
  );

  app.get(
    `${cfg.path}/search`,
    { schema: { tags, querystring: reads.queries.search, response: list }, config: { auth: 'public' } },
    async (req, reply) => sendJsonBody(reply, await reads.search(req.query)),
  );

  app.get(
    `${cfg.path}/popular`,
    { schema: { tags, response: { 200: z.array(shape.item) } }, config: { auth: 'public' } },
    async (_req, reply) => sendJsonBody(reply, await reads.popular()),
  );

  if (cfg.kind === 'RECRUITMENT') {
    app.get(
      `${cfg.path}/popular-tags`,
      { schema: { tags, response: { 200: z.array(popularTag) } }, config: { auth: 'public' } },
      async (_req, reply) => sendJsonBody(reply, await popularStacks(ctx)),
    );
  }

  app.get(
    `${cfg.path}/:id`,
    { schema: { tags, params: idParams, response: { 200: shape.detail } }, config: { auth: 'public' } },
    async (req, reply) => sendJsonBody(reply, await reads.detailBody(req.params.id, req.user)),
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
      await posts.countView(ctx, req.params.id, viewerKey(req, ctx.config.jwtSecret), req.user);
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
