import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  checkEmailBody,
  findIdVerifyBody,
  findPasswordVerifyBody,
  loginIdEmailBody,
  maskedLoginIdsResponse,
  plainText,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { sendText } from '../../lib/reply.js';
import { changePassword } from './password-reset.js';
import { presentMaskedLoginIds } from './presenter.js';
import * as recovery from './service.js';
import { TEXTS } from './texts.js';

const GRANT_COOKIE = 'reset_grant';
const GRANT_PATH = '/api/change-password';
const grantCookie = (value: string, maxAge: number) =>
  `${GRANT_COOKIE}=${value}; HttpOnly; Secure; SameSite=Strict; Path=${GRANT_PATH}; Max-Age=${maxAge}`;

/** The reset-grant cookie's value from the Cookie header, if any (no cookie plugin for one cookie). */
function grantFromCookies(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === GRANT_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** 200 with an empty body (the check routes). */
const emptyOk = (reply: FastifyReply) => reply.status(200).send();

export default function recoveryRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['recovery'];
  const pub = (limit: (typeof LIMITS)[keyof typeof LIMITS]) => ({ auth: 'public' as const, rateLimit: [limit] });

  app.post(
    '/api/users/check-email',
    { schema: { tags, body: checkEmailBody, response: { 200: z.null() } }, config: pub(LIMITS.duplicateCheck) },
    async (req, reply) => {
      await recovery.checkEmail(ctx, req.body.email);
      return emptyOk(reply);
    },
  );

  app.post(
    '/api/find/send-code',
    { schema: { tags, body: checkEmailBody, response: { 200: plainText } }, config: pub(LIMITS.sendCode) },
    async (req, reply) => {
      await recovery.sendFindIdCode(ctx, req.body.email);
      return sendText(reply, 200, TEXTS.codeSent);
    },
  );

  app.post(
    '/api/find/verify-code',
    { schema: { tags, body: findIdVerifyBody, response: { 200: maskedLoginIdsResponse } }, config: pub(LIMITS.verifyCode) },
    async (req) => presentMaskedLoginIds(await recovery.verifyFindIdCode(ctx, req.body.email, req.body.code)),
  );

  app.post(
    '/api/users/check-loginid-email',
    { schema: { tags, body: loginIdEmailBody, response: { 200: z.null() } }, config: pub(LIMITS.duplicateCheck) },
    async (req, reply) => {
      await recovery.userOfPair(ctx, req.body.loginId, req.body.email);
      return emptyOk(reply);
    },
  );

  app.post(
    '/api/find-password/send-code',
    { schema: { tags, body: loginIdEmailBody, response: { 200: plainText } }, config: pub(LIMITS.sendCode) },
    async (req, reply) => {
      await recovery.sendFindPasswordCode(ctx, req.body.loginId, req.body.email);
      return sendText(reply, 200, TEXTS.codeSent);
    },
  );

  app.post(
    '/api/find-password/verify-code',
    { schema: { tags, body: findPasswordVerifyBody, response: { 200: z.literal(true) } }, config: pub(LIMITS.verifyCode) },
    async (req, reply) => {
      const grant = await recovery.verifyFindPasswordCode(ctx, req.body.loginId, req.body.email, req.body.code);
      reply.header('set-cookie', grantCookie(grant, 600));
      return true as const;
    },
  );

  app.post(
    GRANT_PATH,
    { schema: { tags, body: changePasswordBody, response: { 200: plainText } }, config: pub(LIMITS.changePassword) },
    async (req, reply) => {
      await changePassword(ctx, req.body, grantFromCookies(req));
      reply.header('set-cookie', grantCookie('', 0));
      return sendText(reply, 200, TEXTS.passwordChanged);
    },
  );
}
