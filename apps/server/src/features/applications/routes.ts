import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyBody, pageParam, pathId, statusBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/request-auth.js';
import { sendText } from '../../lib/reply.js';
import { parseBody } from '../../lib/validation.js';
import * as applications from './service.js';


export default function applicationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  app.post('/api/applications', { schema: { tags }, config: { rateLimit: [LIMITS.apply] } }, async (req, reply) => {
    const user = requireUser(req);
    const { recruitmentId } = parseBody(applyBody, req.body);
    return reply.status(201).send(await applications.apply(ctx, user, recruitmentId));
  });

  app.get('/api/applications/my-list', { schema: { tags } }, async (req) =>
    applications.myApplications(ctx, requireUser(req)),
  );

  app.get(
    '/api/applications/:basePostId/list',
    { schema: { tags, params: z.object({ basePostId: pathId }), querystring: z.object({ page: pageParam }) } },
    async (req) => applications.applicantList(ctx, requireUser(req), req.params.basePostId, req.query.page),
  );

  app.put('/api/applications/status', { schema: { tags } }, async (req, reply) => {
    const user = requireUser(req);
    const body = parseBody(statusBody, req.body);
    await applications.decide(ctx, user, body.applicationId, body.status);
    return sendText(reply, 200, '지원 상태가 업데이트 되었습니다.');
  });
}
