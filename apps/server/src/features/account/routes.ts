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
import { Forbidden } from '../../lib/errors.js';
import { parseBody } from '../../lib/validation.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/request-auth.js';
import { sendText } from '../../lib/reply.js';
import { isSelf } from './policy.js';
import { presentMe } from './presenter.js';
import * as accounts from './service.js';
import { withdraw } from './withdrawal.js';

const noAccess = () => new Forbidden('정보에 접근할 권한이 없습니다.');
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
      return sendText(reply, 201, '회원가입이 완료되었습니다.');
    },
  );

  app.post(
    '/api/users/check-loginid',
    { schema: { tags, body: checkLoginIdBody, response: { 200: z.boolean() } }, config: { auth: 'public', rateLimit: [LIMITS.duplicateCheck] } },
    async (req) => accounts.loginIdTaken(ctx.db, req.body.loginId),
  );

  app.post(
    '/api/users/check-nickname',
    { schema: { tags, body: checkNicknameBody, response: { 200: z.boolean() } }, config: { auth: 'public', rateLimit: [LIMITS.duplicateCheck] } },
    async (req) => accounts.nicknameTaken(ctx.db, req.body.nickname),
  );

  app.get('/api/users/me', { schema: { tags, response: { 200: meResponse } } }, async (req) =>
    presentMe(await accounts.findActiveUser(ctx.db, requireUser(req).id)),
  );

  app.put('/api/users/:id', { schema: { tags, params: userIdParams } }, async (req, reply) => {
    if (!isSelf(requireUser(req), req.params.id)) throw noAccess();
    await accounts.updateAccount(ctx, req.params.id, parseBody(updateUserBody, req.body));
    return sendText(reply, 200, '회원 정보가 수정되었습니다.');
  });

  app.delete('/api/users/:id', { schema: { tags, params: userIdParams } }, async (req, reply) => {
    const user = requireUser(req);
    if (!isSelf(user, req.params.id)) throw noAccess();
    await withdraw(ctx, user);
    return sendText(reply, 200, '회원이 성공적으로 삭제되었습니다.');
  });
}
