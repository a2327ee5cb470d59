import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPage,
  BAD_REQUEST_TEXT,
  extensionPathId,
  MODERATION_TEXTS,
  pageParam,
  plainText,
  REPORT_TARGET_TYPES,
  REPORT_TEXTS,
  reportBody,
  reportQueuePage,
  reportStatusQuery,
  resolveReportBody,
  suspendBody,
  SUSPENSION_TEXTS,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { mapPage } from '../../lib/paging.js';
import { sendText } from '../../lib/reply.js';
import { validBody } from '../../lib/validation.js';
import { requireUser } from '../../request-auth.js';
import { presentAuditEntry, presentQueueItem } from './presenter.js';
import * as moderation from './service.js';
import { suspend, unsuspend } from './suspensions.js';

const targetParams = z.object({
  targetType: z.string().transform((v, ctx) => {
    if ((REPORT_TARGET_TYPES as readonly string[]).includes(v)) return v as (typeof REPORT_TARGET_TYPES)[number];
    ctx.addIssue({ code: 'custom', message: BAD_REQUEST_TEXT, params: { errorCode: 'validation_failed' } });
    return z.NEVER;
  }),
  targetId: extensionPathId,
});
const userParams = z.object({ userId: extensionPathId });

const RESOLVED_TEXT = { DISMISS: MODERATION_TEXTS.dismissed, HIDE: MODERATION_TEXTS.hidden, RESTORE: MODERATION_TEXTS.restored };

/** Reports and the operators' routes, docs/api.md §10.4. */
export default function moderationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['moderation'];

  app.post('/api/reports', { schema: { tags, body: reportBody, response: { 201: plainText } } }, async (req, reply) => {
    await moderation.report(ctx, requireUser(req), req.body);
    return sendText(reply, 201, REPORT_TEXTS.created);
  });

  app.get(
    '/api/admin/reports',
    { schema: { tags, querystring: reportStatusQuery, response: { 200: reportQueuePage } } },
    async (req) => {
      const page = await moderation.reportQueue(ctx, requireUser(req), req.query.status ?? 'OPEN', req.query.page);
      return mapPage(page, presentQueueItem);
    },
  );

  app.post(
    '/api/admin/reports/:targetType/:targetId/resolve',
    { schema: { tags, params: targetParams, body: resolveReportBody, response: { 200: plainText } }, attachValidation: true },
    async (req, reply) => {
      const { targetType, targetId } = req.params;
      const action = await moderation.resolveTarget(ctx, requireUser(req), targetType, targetId, () => validBody(req));
      return sendText(reply, 200, RESOLVED_TEXT[action]);
    },
  );

  app.post(
    '/api/admin/users/:userId/suspend',
    { schema: { tags, params: userParams, body: suspendBody, response: { 200: plainText } }, attachValidation: true },
    async (req, reply) => {
      await suspend(ctx, requireUser(req), req.params.userId, () => validBody(req));
      return sendText(reply, 200, SUSPENSION_TEXTS.suspended);
    },
  );

  app.delete(
    '/api/admin/users/:userId/suspend',
    { schema: { tags, params: userParams, response: { 200: plainText } } },
    async (req, reply) => {
      await unsuspend(ctx, requireUser(req), req.params.userId);
      return sendText(reply, 200, SUSPENSION_TEXTS.lifted);
    },
  );

  app.get(
    '/api/admin/audit',
    { schema: { tags, querystring: z.object({ page: pageParam }), response: { 200: auditPage } } },
    async (req) => mapPage(await moderation.auditLog(ctx, requireUser(req), req.query.page), presentAuditEntry),
  );
}
