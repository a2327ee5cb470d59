import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myProfileInfo, profile, profileBody } from '@app/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../request-auth.js';
import { validBody } from '../../lib/validation.js';
import { presentMyInfo, presentProfile } from './presenter.js';
import * as profiles from './service.js';

export default function profileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get('/api/user-info/my-info', { schema: { tags, response: { 200: myProfileInfo } } }, async (req) =>
    presentMyInfo(await profiles.myInfo(ctx, requireUser(req).id)),
  );

  app.post('/api/user-info', { schema: { tags, body: profileBody, response: { 201: profile } } }, async (req, reply) => {
    const user = requireUser(req);
    return reply.status(201).send(presentProfile(await profiles.createProfile(ctx, user.id, req.body)));
  });

  app.put(
    '/api/user-info',
    { schema: { tags, body: profileBody, response: { 200: profile } }, attachValidation: true },
    async (req) => presentProfile(await profiles.updateProfile(ctx, requireUser(req).id, () => validBody(req))),
  );
}
