import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSettings, notificationSettingsBody, plainText, pushEndpointBody, pushSubscriptionBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { unsubscribedPage, unsubscribeFailedPage } from './pages.js';
import * as notifications from './service.js';
import { NOTIFICATION_TEXTS as T } from './texts.js';

/** Notification settings, web push subscriptions and one-click unsubscribe (docs/api.md §10.1). */
export default function notificationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get('/api/notification-settings', { schema: { tags, response: { 200: notificationSettings } } }, async (req) =>
    notifications.getSettings(ctx, requireUser(req)),
  );
  app.put(
    '/api/notification-settings',
    { schema: { tags, body: notificationSettingsBody, response: { 200: notificationSettings } } },
    async (req) => notifications.putSettings(ctx, requireUser(req), req.body),
  );

  app.get(
    '/api/push/public-key',
    { schema: { tags, response: { 200: plainText } }, config: { auth: 'public' } },
    async (_req, reply) => sendText(reply, 200, ctx.vapid.publicKey),
  );
  app.post(
    '/api/push/subscriptions',
    { schema: { tags, body: pushSubscriptionBody, response: { 201: z.object({ endpoint: z.string() }) } } },
    async (req, reply) => reply.status(201).send(await notifications.subscribe(ctx, requireUser(req), req.body)),
  );
  app.delete(
    '/api/push/subscriptions',
    { schema: { tags, body: pushEndpointBody, response: { 200: plainText } } },
    async (req, reply) => {
      await notifications.unsubscribePush(ctx, requireUser(req), req.body);
      return sendText(reply, 200, T.unsubscribedPush);
    },
  );

  // a page, not the API: answers in HTML whatever happens (RFC 8058's POST is sent by mail clients, not a person)
  const unsubscribe = async (token: unknown, reply: FastifyReply) => {
    const type = await notifications.unsubscribeByToken(ctx, token);
    const page = type ? unsubscribedPage(type) : unsubscribeFailedPage();
    void reply
      .status(type ? 200 : 400)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8');
    if (!type) void reply.header('X-Error-Code', 'invalid_token');
    return reply.send(page);
  };
  const query = z.object({ token: z.unknown().optional() });
  app.get('/unsubscribe', { schema: { hide: true, querystring: query } }, (req, reply) => unsubscribe(req.query.token, reply));
  app.post('/unsubscribe', { schema: { hide: true, querystring: query } }, (req, reply) => unsubscribe(req.query.token, reply));
}
