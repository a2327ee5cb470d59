import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardDetail,
  boardItem,
  boardPage,
  boardSearchQuery,
  createBoardBody,
  createReplyBody,
  pageParam,
  pathId,
  plainText,
  reply,
  updateBoardBody,
  updateReplyBody,
  noContent,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { mapPage } from '../../lib/paging.js';
import { presentBoardItem, presentReply } from './presenter.js';
import { boardReads } from './reads.js';
import * as replyService from './replies.js';
import * as boards from './service.js';
import { viewerKey } from '../../lib/views.js';
import { BOARD_CREATED, BOARD_DELETED, BOARD_UPDATED, REPLY_DELETED } from './texts.js';

const idParams = z.object({ id: pathId });
const pageQuery = z.object({ page: pageParam });

export default function boardRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['boards'];
  const reads = boardReads(ctx);

  app.get(
    '/api/boards',
    { schema: { tags, querystring: pageQuery, response: { 200: boardPage } }, config: { auth: 'public' } },
    async (req) => reads.list(req.query.page),
  );

  app.get(
    '/api/boards/search',
    { schema: { tags, querystring: boardSearchQuery, response: { 200: boardPage } }, config: { auth: 'public' } },
    async (req) => reads.search(req.query),
  );

  app.get(
    '/api/boards/popular',
    { schema: { tags, response: { 200: z.array(boardItem) } }, config: { auth: 'public' } },
    async () => reads.popular(),
  );

  app.get('/api/boards/my', { schema: { tags, querystring: pageQuery, response: { 200: boardPage } } }, async (req) =>
    mapPage(await boards.listMyBoards(ctx.db, requireUser(req).id, req.query.page), presentBoardItem),
  );

  app.get(
    '/api/boards/:id',
    { schema: { tags, params: idParams, querystring: pageQuery, response: { 200: boardDetail } }, config: { auth: 'public' } },
    async (req) => reads.detail(req.params.id, req.query.page, req.user),
  );

  app.post(
    '/api/boards/:id/view',
    { schema: { tags, params: idParams, response: { 204: noContent } }, config: { auth: 'public', rateLimit: [LIMITS.view] } },
    async (req, reply) => {
      await boards.countView(ctx, req.params.id, viewerKey(req, ctx.config.jwtSecret), req.user);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/boards',
    { schema: { tags, body: createBoardBody, response: { 201: plainText } }, config: { rateLimit: [LIMITS.contentCreate] } },
    async (req, reply) => {
      const id = await boards.createBoard(ctx, requireUser(req), req.body);
      reply.header('location', `/api/boards/${id}`);
      return sendText(reply, 201, BOARD_CREATED);
    },
  );

  const editBoard = {
    schema: { tags, params: idParams, body: updateBoardBody, response: { 200: plainText } },
    attachValidation: true,
  };
  app.put('/api/boards/:id', editBoard, async (req, reply) => {
    await boards.updateBoard(ctx, requireUser(req), req.params.id, () => validBody(req));
    return sendText(reply, 200, BOARD_UPDATED);
  });

  app.delete('/api/boards/:id', { schema: { tags, params: idParams, response: { 200: plainText } } }, async (req, reply) => {
    await boards.deleteBoard(ctx, requireUser(req), req.params.id);
    return sendText(reply, 200, BOARD_DELETED);
  });

  app.post(
    '/api/replies',
    { schema: { tags, body: createReplyBody, response: { 201: reply } }, config: { rateLimit: [LIMITS.reply] } },
    async (req, res) => res.status(201).send(presentReply(await replyService.createReply(ctx, requireUser(req), req.body))),
  );

  const editReply = {
    schema: { tags, params: idParams, body: updateReplyBody, response: { 200: reply } },
    attachValidation: true,
  };
  app.put('/api/replies/:id', editReply, async (req) =>
    presentReply(await replyService.updateReply(ctx, requireUser(req), req.params.id, () => validBody(req))),
  );

  app.delete('/api/replies/:id', { schema: { tags, params: idParams, response: { 200: plainText } } }, async (req, reply) => {
    await replyService.deleteReply(ctx, requireUser(req), req.params.id);
    return sendText(reply, 200, REPLY_DELETED);
  });
}
