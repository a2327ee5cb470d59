import type { FastifyInstance } from 'fastify';
import { profileBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { requireUser } from '../../lib/request-auth.js';
import { parseBody } from '../../lib/validation.js';
import * as profiles from './service.js';

export default function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['profile'];

  app.get('/api/user-info/my-info', { schema: { tags } }, async (req) => profiles.myInfo(ctx, requireUser(req).id));

  app.post('/api/user-info', { schema: { tags } }, async (req, reply) => {
    const user = requireUser(req);
    const input = parseBody(profileBody, req.body);
    return reply.status(201).send(await profiles.createProfile(ctx, user.id, input));
  });

  // Contract 3.2: a missing profile (404) is reported before validation.
  app.put('/api/user-info', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    if (!(await profiles.findProfile(ctx.db, user.id))) throw new NotFound('사용자를 찾을 수 없습니다.');
    return profiles.updateProfile(ctx, user.id, parseBody(profileBody, req.body));
  });
}
