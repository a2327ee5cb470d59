import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupLink, linkBody, extensionPathId, plainText } from '@app/contract';
import type { AppContext } from '../../context.js';
import { loadGroupAccess } from '../../lib/access.js';
import { authorize } from '../../lib/authorize.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../lib/request-auth.js';
import { validBody } from '../../lib/validation.js';
import { canDeleteLink } from './policy.js';
import { loadLink } from './queries.js';
import { createLink, deleteLink, listLinks } from './service.js';
import { LINK_TEXTS } from './texts.js';

const groupParams = z.object({ groupId: extensionPathId });
const linkParams = z.object({ groupId: extensionPathId, linkId: extensionPathId });

/** Contract 9.3. Every route: the group exists, the caller is a member, before any field. */
export default function linkRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['links'];

  const member = async (req: FastifyRequest, groupId: number) => {
    const user = requireUser(req);
    return { user, ...(await loadGroupAccess(ctx.db, groupId, user.id, LINK_TEXTS.groupNotFound)) };
  };

  app.get(
    '/api/groups/:groupId/links',
    { schema: { tags, params: groupParams, response: { 200: z.array(groupLink) } } },
    async (req) => {
      await member(req, req.params.groupId);
      return listLinks(ctx, req.params.groupId);
    },
  );

  app.post(
    '/api/groups/:groupId/links',
    { schema: { tags, params: groupParams, body: linkBody, response: { 201: groupLink } }, attachValidation: true },
    async (req, reply) => {
      const { user } = await member(req, req.params.groupId);
      return reply.status(201).send(await createLink(ctx, req.params.groupId, user, validBody(req)));
    },
  );

  app.delete(
    '/api/groups/:groupId/links/:linkId',
    { schema: { tags, params: linkParams, response: { 200: plainText } } },
    async (req, reply) => {
      const { groupId, linkId } = req.params;
      const { user, membership } = await member(req, groupId);
      const link = await loadLink(ctx.db, groupId, linkId);
      authorize(canDeleteLink(user, membership, link), LINK_TEXTS.deleteForbidden);
      await deleteLink(ctx, groupId, linkId);
      return sendText(reply, 200, LINK_TEXTS.deleted);
    },
  );
}
