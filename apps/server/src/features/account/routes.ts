import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkLoginIdBody,
  checkNicknameBody,
  loginBody,
  loginResponse,
  meResponse,
  pathId,
  plainText,
  registerBody,
  updateUserBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { validBody } from '../../lib/validation.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../request-auth.js';
import { sendText } from '../../lib/reply.js';
import { presentMe } from './presenter.js';
import { loginIdTaken } from './queries.js';
import * as accounts from './service.js';
import { withdraw } from './withdrawal.js';
import { ACCOUNT_DELETED, ACCOUNT_UPDATED, REGISTERED } from './texts.js';

const userIdParams = z.object({ id: pathId });

export default function accountRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.post(
    '/api/auth/login',
    {
      schema: { tags, body: loginBody, response: { 200: loginResponse } },
      config: { auth: 'public', rateLimit: [LIMITS.login] },
    },
    async (req) => accounts.login(ctx, req.body.loginId, req.body.password),
  );

  app.post(
    '/api/users/register',
    {
      schema: { tags, body: registerBody, response: { 201: plainText } },
      config: { auth: 'public', rateLimit: [LIMITS.register] },
    },
    async (req, reply) => {
      await accounts.register(ctx, req.body);
      return sendText(reply, 201, REGISTERED);
    },
  );

  app.post(
    '/api/users/check-loginid',
    {
      schema: { tags, body: checkLoginIdBody, response: { 200: z.boolean() } },
      config: { auth: 'public', rateLimit: [LIMITS.duplicateCheck] },
    },
    async (req) => loginIdTaken(ctx.db, req.body.loginId),
  );

  app.post(
    '/api/users/check-nickname',
    {
      schema: { tags, body: checkNicknameBody, response: { 200: z.boolean() } },
      config: { auth: 'public', rateLimit: [LIMITS.duplicateCheck] },
    },
    async (req) => accounts.nicknameTaken(ctx.db, req.body.nickname),
  );

  app.get(
    '/api/users/lookup',
    {
      schema: {
        tags,
        querystring: z.object({ nickname: z.unknown().optional() }),
        response: { 200: z.object({ userId: z.number(), nickname: z.string() }) },
      },
      config: { auth: 'public' },
    },
    async (req) => accounts.lookUpNickname(ctx.db, req.query.nickname),
  );

  app.get('/api/users/me', { schema: { tags, response: { 200: meResponse } } }, async (req) => {
    const { row, operator } = await accounts.me(ctx, requireUser(req));
    return presentMe(row, operator);
  });

  const edit = {
    schema: { tags, params: userIdParams, body: updateUserBody, response: { 200: plainText } },
    attachValidation: true,
  };
  app.put('/api/users/:id', edit, async (req, reply) => {
    await accounts.updateAccount(ctx, requireUser(req), req.params.id, () => validBody(req));
    return sendText(reply, 200, ACCOUNT_UPDATED);
  });

  app.delete('/api/users/:id', { schema: { tags, params: userIdParams, response: { 200: plainText } } }, async (req, reply) => {
    await withdraw(ctx, requireUser(req), req.params.id);
    return sendText(reply, 200, ACCOUNT_DELETED);
  });
}
