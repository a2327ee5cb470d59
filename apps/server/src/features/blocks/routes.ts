import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedUser, extensionPathId, plainText } from '@app/contract';
import type { AppContext } from '../../context.js';
import { sendText } from '../../lib/reply.js';
import { requireUser } from '../../request-auth.js';
import { presentBlockedUser } from './presenter.js';
import * as blocks from './service.js';
import { BLOCK_TEXTS } from './texts.js';

const userParams = z.object({ userId: extensionPathId });

/** Blocking (차단), docs/api.md §9.4. */
export default function blockRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['blocks'];

  app.get('/api/blocks', { schema: { tags, response: { 200: z.array(blockedUser) } } }, async (req) =>
    (await blocks.listBlocks(ctx, requireUser(req))).map(presentBlockedUser),
  );

  app.put('/api/blocks/:userId', { schema: { tags, params: userParams, response: { 200: plainText } } }, async (req, reply) => {
    await blocks.blockUser(ctx, requireUser(req), req.params.userId);
    return sendText(reply, 200, BLOCK_TEXTS.blocked);
  });

  app.delete(
    '/api/blocks/:userId',
    { schema: { tags, params: userParams, response: { 200: plainText } } },
    async (req, reply) => {
      await blocks.unblockUser(ctx, requireUser(req), req.params.userId);
      return sendText(reply, 200, BLOCK_TEXTS.unblocked);
    },
  );
}
