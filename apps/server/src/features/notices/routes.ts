import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notice, noticeBody, extensionPathId, plainText } from '@app/contract';
import type { AppContext } from '../../context.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { presentNotice } from './presenter.js';
import { createNotice, deleteNotice, listNotices, updateNotice } from './service.js';
import { NOTICE_TEXTS } from './texts.js';

const groupParams = z.object({ groupId: extensionPathId });
const noticeParams = z.object({ groupId: extensionPathId, noticeId: extensionPathId });

/** docs/api.md §9.2 (the checks are in the service). */
export default function noticeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];

  app.get(
    '/api/groups/:groupId/notices',
    { schema: { tags, params: groupParams, response: { 200: z.array(notice) } } },
    async (req) => (await listNotices(ctx, requireUser(req), req.params.groupId)).map(presentNotice),
  );

  app.post(
    '/api/groups/:groupId/notices',
    { schema: { tags, params: groupParams, body: noticeBody, response: { 201: notice } }, attachValidation: true },
    async (req, reply) => {
      const created = await createNotice(ctx, requireUser(req), req.params.groupId, () => validBody(req));
      return reply.status(201).send(presentNotice(created));
    },
  );

  app.put(
    '/api/groups/:groupId/notices/:noticeId',
    { schema: { tags, params: noticeParams, body: noticeBody, response: { 200: notice } }, attachValidation: true },
    async (req) => {
      const { groupId, noticeId } = req.params;
      return presentNotice(await updateNotice(ctx, requireUser(req), groupId, noticeId, () => validBody(req)));
    },
  );

  app.delete(
    '/api/groups/:groupId/notices/:noticeId',
    { schema: { tags, params: noticeParams, response: { 200: plainText } } },
    async (req, reply) => {
      await deleteNotice(ctx, requireUser(req), req.params.groupId, req.params.noticeId);
      return sendText(reply, 200, NOTICE_TEXTS.deleted);
    },
  );
}
