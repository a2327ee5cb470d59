import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeGroupBody,
  extensionPathId,
  group,
  groupReviews,
  pageParam,
  review,
  reviewBody,
  showcaseConsentBody,
  showcaseItem,
  showcasePage,
  showcaseState,
  showcaseSwitchBody,
  userRecord,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { presentGroup } from '../groups/presenter.js';
import { presentGroupReviews, presentRecord, presentReview } from './presenter.js';
import { showcaseReads } from './reads.js';
import {
  changeConsent,
  changeShowcase,
  completeGroup,
  groupReviews as readReviews,
  showcaseState as readShowcaseState,
  userRecord as readRecord,
  writeReview,
} from './service.js';

const groupParams = z.object({ id: extensionPathId });

/** docs/api.md §10.2 (the checks, in their order, are in the service). */
export default function teamRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const showcase = showcaseReads(ctx);

  app.post(
    '/api/groups/:id/complete',
    { schema: { tags, params: groupParams, body: completeGroupBody, response: { 200: group } }, attachValidation: true },
    async (req) => {
      const done = await completeGroup(ctx, requireUser(req), req.params.id, () => validBody(req));
      return presentGroup(done.group, done.members, ctx.clock.now());
    },
  );

  app.get('/api/groups/:id/reviews', { schema: { tags, params: groupParams, response: { 200: groupReviews } } }, async (req) =>
    presentGroupReviews(await readReviews(ctx, requireUser(req), req.params.id)),
  );

  app.post(
    '/api/groups/:id/reviews',
    { schema: { tags, params: groupParams, body: reviewBody, response: { 201: review } }, attachValidation: true },
    async (req, reply) => {
      const user = requireUser(req);
      const written = await writeReview(ctx, user, req.params.id, () => validBody(req));
      return reply.status(201).send(presentReview(written, user.id));
    },
  );

  app.get(
    '/api/users/:userId/record',
    {
      schema: { tags, params: z.object({ userId: extensionPathId }), response: { 200: userRecord } },
      config: { auth: 'public' },
    },
    async (req) => presentRecord(await readRecord(ctx, req.params.userId)),
  );

  app.get('/api/groups/:id/showcase', { schema: { tags, params: groupParams, response: { 200: showcaseState } } }, async (req) =>
    readShowcaseState(ctx, requireUser(req), req.params.id),
  );

  app.put(
    '/api/groups/:id/showcase-consent',
    {
      schema: { tags, params: groupParams, body: showcaseConsentBody, response: { 200: z.object({ consent: z.boolean() }) } },
      attachValidation: true,
    },
    async (req) => ({ consent: await changeConsent(ctx, requireUser(req), req.params.id, () => validBody(req)) }),
  );

  app.put(
    '/api/groups/:id/showcase',
    {
      schema: { tags, params: groupParams, body: showcaseSwitchBody, response: { 200: z.object({ showcase: z.boolean() }) } },
      attachValidation: true,
    },
    async (req) => ({ showcase: await changeShowcase(ctx, requireUser(req), req.params.id, () => validBody(req)) }),
  );

  app.get(
    '/api/showcase',
    { schema: { tags, querystring: z.object({ page: pageParam }), response: { 200: showcasePage } }, config: { auth: 'public' } },
    async (req) => showcase.list(req.query.page),
  );

  app.get(
    '/api/showcase/:groupId',
    {
      schema: { tags, params: z.object({ groupId: extensionPathId }), response: { 200: showcaseItem } },
      config: { auth: 'public' },
    },
    async (req) => showcase.detail(req.params.groupId),
  );
}
