import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myProfileInfo, profile, profileBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/request-auth.js';
import { validBody } from '../../lib/validation.js';
import { loadProfile } from './queries.js';
import * as profiles from './service.js';
import { PROFILE_NOT_FOUND } from './texts.js';

export default function profileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get('/api/user-info/my-info', { schema: { tags, response: { 200: myProfileInfo } } }, async (req) =>
    profiles.myInfo(ctx, requireUser(req).id),
  );

  app.post('/api/user-info', { schema: { tags, body: profileBody, response: { 201: profile } } }, async (req, reply) => {
    const user = requireUser(req);
    return reply.status(201).send(await profiles.createProfile(ctx, user.id, req.body));
  });

  // Contract 3.2: a missing profile (404) is reported before validation.
  app.put(
    '/api/user-info',
    { schema: { tags, body: profileBody, response: { 200: profile } }, attachValidation: true },
    async (req) => {
      const user = requireUser(req);
      await loadProfile(ctx.db, user.id, PROFILE_NOT_FOUND);
      return profiles.updateProfile(ctx, user.id, validBody(req));
    },
  );
}
