import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicantList,
  applyBody,
  applyResult,
  extensionPathId,
  myApplication,
  pageParam,
  pathId,
  plainText,
  statusBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { sendText } from '../../lib/reply.js';
import { presentApplicantList, presentApplyResult, presentMyApplication } from './presenter.js';
import * as applications from './service.js';
import { CANCELLED, STATUS_UPDATED } from './texts.js';

export default function applicationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  app.post(
    '/api/applications',
    { schema: { tags, body: applyBody, response: { 201: applyResult } }, config: { rateLimit: [LIMITS.apply] } },
    async (req, reply) => {
      const user = requireUser(req);
      const { applicationId, nickname, profile } = await applications.apply(ctx, user, req.body.recruitmentId);
      return reply.status(201).send(presentApplyResult(applicationId, nickname, profile));
    },
  );

  app.get('/api/applications/my-list', { schema: { tags, response: { 200: z.array(myApplication) } } }, async (req) =>
    (await applications.myApplications(ctx, requireUser(req))).map(presentMyApplication),
  );

  app.get(
    '/api/applications/:basePostId/list',
    {
      schema: {
        tags,
        params: z.object({ basePostId: pathId }),
        querystring: z.object({ page: pageParam }),
        response: { 200: applicantList },
      },
    },
    async (req) => {
      const { title, page } = await applications.applicantList(ctx, requireUser(req), req.params.basePostId, req.query.page);
      return presentApplicantList(title, page);
    },
  );

  app.put(
    '/api/applications/status',
    { schema: { tags, body: statusBody, response: { 200: plainText } } },
    async (req, reply) => {
      await applications.decide(ctx, requireUser(req), req.body.applicationId, req.body.status);
      return sendText(reply, 200, STATUS_UPDATED);
    },
  );

  app.delete(
    '/api/applications/:applicationId',
    { schema: { tags, params: z.object({ applicationId: extensionPathId }), response: { 200: plainText } } },
    async (req, reply) => {
      await applications.cancel(ctx, requireUser(req), req.params.applicationId);
      return sendText(reply, 200, CANCELLED);
    },
  );
}
