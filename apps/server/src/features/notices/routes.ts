import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notice, noticeBody, extensionPathId, plainText } from '@app/contract';
import type { AppContext } from '../../context.js';
import { loadGroupAccess } from '../../lib/access.js';
import { authorize } from '../../lib/authorize.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../lib/request-auth.js';
import { validBody } from '../../lib/validation.js';
import { canManageNotices } from './policy.js';
import { loadNotice } from './queries.js';
import { createNotice, deleteNotice, listNotices, updateNotice } from './service.js';
import { NOTICE_TEXTS } from './texts.js';

const groupParams = z.object({ groupId: extensionPathId });
const noticeParams = z.object({ groupId: extensionPathId, noticeId: extensionPathId });

/** Contract 9.2. Every route: the group exists, the caller is a member; writes: the admin, before any field. */
export default function noticeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];

  const member = async (req: FastifyRequest, groupId: number) => {
    const user = requireUser(req);
    return { user, ...(await loadGroupAccess(ctx.db, groupId, user.id, NOTICE_TEXTS.groupNotFound)) };
  };
  const admin = async (req: FastifyRequest, groupId: number) => {
    const access = await member(req, groupId);
    authorize(canManageNotices(access.membership), NOTICE_TEXTS.adminOnly, 'notice_admin_only');
    return access;
  };

  app.get(
    '/api/groups/:groupId/notices',
    { schema: { tags, params: groupParams, response: { 200: z.array(notice) } } },
    async (req) => {
      await member(req, req.params.groupId);
      return listNotices(ctx, req.params.groupId);
    },
  );

  app.post(
    '/api/groups/:groupId/notices',
    { schema: { tags, params: groupParams, body: noticeBody, response: { 201: notice } }, attachValidation: true },
    async (req, reply) => {
      const access = await admin(req, req.params.groupId);
      return reply.status(201).send(await createNotice(ctx, access, access.user, validBody(req)));
    },
  );

  app.put(
    '/api/groups/:groupId/notices/:noticeId',
    { schema: { tags, params: noticeParams, body: noticeBody, response: { 200: notice } }, attachValidation: true },
    async (req) => {
      const { groupId, noticeId } = req.params;
      await admin(req, groupId);
      await loadNotice(ctx.db, groupId, noticeId);
      return updateNotice(ctx, groupId, noticeId, validBody(req));
    },
  );

  app.delete(
    '/api/groups/:groupId/notices/:noticeId',
    { schema: { tags, params: noticeParams, response: { 200: plainText } } },
    async (req, reply) => {
      await admin(req, req.params.groupId);
      await deleteNotice(ctx, req.params.groupId, req.params.noticeId);
      return sendText(reply, 200, NOTICE_TEXTS.deleted);
    },
  );
}
