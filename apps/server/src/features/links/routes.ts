import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupLink, linkBody, extensionPathId, plainText } from '@app/contract';
import type { AppContext } from '../../context.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { presentLink } from './presenter.js';
import { createLink, deleteLink, listLinks } from './service.js';
import { LINK_TEXTS } from './texts.js';

const groupParams = z.object({ groupId: extensionPathId });
const linkParams = z.object({ groupId: extensionPathId, linkId: extensionPathId });

/** docs/api.md §9.3 (the checks are in the service). */
export default function linkRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['links'];

  app.get(
    '/api/groups/:groupId/links',
    { schema: { tags, params: groupParams, response: { 200: z.array(groupLink) } } },
    async (req) => (await listLinks(ctx, requireUser(req), req.params.groupId)).map(presentLink),
  );

  app.post(
    '/api/groups/:groupId/links',
    { schema: { tags, params: groupParams, body: linkBody, response: { 201: groupLink } }, attachValidation: true },
    async (req, reply) => {
      const link = await createLink(ctx, requireUser(req), req.params.groupId, () => validBody(req));
      return reply.status(201).send(presentLink(link));
    },
  );

  app.delete(
    '/api/groups/:groupId/links/:linkId',
    { schema: { tags, params: linkParams, response: { 200: plainText } } },
    async (req, reply) => {
      await deleteLink(ctx, requireUser(req), req.params.groupId, req.params.linkId);
      return sendText(reply, 200, LINK_TEXTS.deleted);
    },
  );
}
