import type { FastifyInstance } from 'fastify';
import { createGroupBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/request-auth.js';
import { parseBody } from '../../lib/validation.js';
import { createGroup } from './service.js';

export default function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/groups', { schema: { tags: ['groups'] } }, async (req, reply) => {
    const user = requireUser(req);
    const input = parseBody(createGroupBody, req.body);
    return reply.status(201).send(await createGroup(ctx, user, input));
  });
}
