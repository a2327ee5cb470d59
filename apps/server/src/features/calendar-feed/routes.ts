import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeed, extensionPathId } from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { presentFeedUrl, renderCalendar } from './presenter.js';
import { feedContent, feedSecret, renewFeedSecret } from './service.js';

const groupParams = z.object({ groupId: extensionPathId });

/**
 * The feed is fetched by calendar services, not browsers: a shared cache must never keep it (its address is a
 * secret, and it stops with the membership); the subscriber's own client may for five minutes.
 */
const FEED_CACHE_CONTROL = 'private, max-age=300';

/** docs/api.md §10.1: the member's calendar address (the checks are in the service) and the public feed itself. */
export default function calendarFeedRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar-feed'];
  const url = (secret: string) => presentFeedUrl(ctx.config.publicUrl, secret);

  app.get(
    '/api/groups/:groupId/calendar-feed',
    { schema: { tags, params: groupParams, response: { 200: calendarFeed } } },
    async (req) => url(await feedSecret(ctx, requireUser(req), req.params.groupId)),
  );

  app.post(
    '/api/groups/:groupId/calendar-feed',
    { schema: { tags, params: groupParams, response: { 200: calendarFeed } } },
    async (req) => url(await renewFeedSecret(ctx, requireUser(req), req.params.groupId)),
  );

  app.get(
    '/cal/:secret.ics',
    {
      schema: { hide: true, params: z.object({ secret: z.string() }), response: { 200: z.string() } },
      // outside /api, so the API's limits do not run: it counts as one anonymous read of the caller
      onRequest: async (req) => ctx.limiter.consume([{ limit: LIMITS.anonymousRead.limit, key: `ip:${req.ip}` }]),
    },
    async (req, reply) => {
      const body = renderCalendar(ctx.config.publicUrl, await feedContent(ctx, req.params.secret));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
