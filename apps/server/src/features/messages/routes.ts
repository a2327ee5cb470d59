import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  message,
  MESSAGE_PAGE_SIZE,
  messageItem,
  pageOf,
  pageParam,
  pathId,
  RECENT_MESSAGES,
  sendMessageBody,
  noContent,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { presentItem, presentMessage, presentRecent } from './presenter.js';
import * as inbox from './queries.js';
import * as messages from './service.js';

const idParams = z.object({ id: pathId });

export default function messageRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  app.get(
    '/api/messages',
    { schema: { tags, querystring: z.object({ page: pageParam }), response: { 200: pageOf(messageItem) } } },
    async (req) => {
      const page = pageRequest(req.query.page, MESSAGE_PAGE_SIZE);
      const { rows, total } = await inbox.inboxPage(ctx.db, requireUser(req).id, page);
      return toPage(rows.map(presentItem), page, total);
    },
  );

  app.get('/api/messages/recent', { schema: { tags, response: { 200: z.array(messageItem) } } }, async (req) =>
    (await inbox.recent(ctx.db, requireUser(req).id, RECENT_MESSAGES)).map(presentRecent),
  );

  app.get('/api/messages/unread-count', { schema: { tags, response: { 200: z.number() } } }, async (req) =>
    inbox.unreadCount(ctx.db, requireUser(req).id),
  );

  app.get('/api/messages/:id', { schema: { tags, params: idParams, response: { 200: message } } }, async (req) => {
    const user = requireUser(req);
    return presentMessage(await messages.openMessage(ctx, user.id, req.params.id), user.nickname);
  });

  app.delete('/api/messages/:id', { schema: { tags, params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await messages.deleteMessage(ctx.db, requireUser(req).id, req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/messages',
    { schema: { tags, body: sendMessageBody, response: { 201: message } }, config: { rateLimit: [LIMITS.message] } },
    async (req, reply) => {
      const sent = await messages.send(ctx, requireUser(req), req.body.receiverName, req.body.content);
      return reply.status(201).send(presentMessage(sent.row, sent.receiverName));
    },
  );
}
