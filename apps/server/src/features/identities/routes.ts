import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identitiesResponse,
  oauthExchangeBody,
  oauthExchangeResponse,
  oauthLinkResponse,
  oauthStartQuery,
  plainText,
  providerParams,
  registerSocialBody,
  registerSocialResponse,
  setPasswordBody,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { sendText } from '../../lib/reply.js';
import { validBody } from '../../lib/validation.js';
import { requireUser } from '../../request-auth.js';
import { presentExchange, presentIdentities } from './presenter.js';
import * as identities from './service.js';
import { TEXTS } from './texts.js';

/**
 * The browser's flow cookie: HttpOnly, SameSite=Lax (it must come back with the provider's top-level redirect). POST
 * link sets it too (its path is under the cookie's), so that the link start URL works only in the asking browser.
 */
const BROWSER_COOKIE = 'oauth_browser';
const COOKIE_PATH = '/api/auth/oauth';

function browserCookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BROWSER_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const rawQueryOf = (req: FastifyRequest) => {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
};

const redirect = z.null().describe('302 with Location (docs/api.md §10.3)');

export default function identityRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['identities'];
  // built now, so that a provider configured so that it cannot work is reported at start
  identities.configuredProviders(ctx);
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const maxAge = identities.FLOW_TTL_MS / 1000;
  const flowCookie = (value: string) =>
    `${BROWSER_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=${COOKIE_PATH}; Max-Age=${maxAge}${secure}`;

  app.get(
    '/api/auth/providers',
    { schema: { tags, response: { 200: z.array(z.string()) } }, config: { auth: 'public' } },
    async () => identities.configuredProviders(ctx),
  );

  app.get(
    '/api/auth/oauth/:provider/start',
    {
      schema: { tags, params: providerParams, querystring: oauthStartQuery, response: { 302: redirect } },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const result = await identities.startFlow(ctx, req.params.provider, req.query, browserCookieOf(req));
      if (result.browser) reply.header('set-cookie', flowCookie(result.browser));
      return reply.redirect(result.location, 302);
    },
  );

  app.get(
    '/api/auth/oauth/:provider/callback',
    { schema: { tags, params: providerParams, response: { 302: redirect } }, config: { auth: 'public' } },
    async (req, reply) => {
      const location = await identities.finishFlow(ctx, req.params.provider, rawQueryOf(req), browserCookieOf(req));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    '/api/auth/oauth/:provider/link',
    { schema: { tags, params: providerParams, response: { 200: oauthLinkResponse } } },
    async (req, reply) => {
      const link = await identities.linkStartUrl(ctx, requireUser(req), req.params.provider, browserCookieOf(req));
      return reply.header('set-cookie', flowCookie(link.browser)).send({ url: link.url });
    },
  );

  app.post(
    '/api/auth/oauth/exchange',
    { schema: { tags, body: oauthExchangeBody, response: { 200: oauthExchangeResponse } }, config: { auth: 'public' } },
    async (req) => presentExchange(await identities.exchangeCode(ctx, req.body.code)),
  );

  app.post(
    '/api/users/register-social',
    {
      schema: { tags, body: registerSocialBody, response: { 201: registerSocialResponse } },
      config: { auth: 'public', rateLimit: [LIMITS.register] },
    },
    async (req, reply) => reply.status(201).send(await identities.registerSocial(ctx, req.body)),
  );

  app.post(
    '/api/users/me/password',
    { schema: { tags, body: setPasswordBody, response: { 200: plainText } }, attachValidation: true },
    async (req, reply) => {
      await identities.setFirstPassword(ctx, requireUser(req), () => validBody(req));
      return sendText(reply, 200, TEXTS.passwordSet);
    },
  );

  app.get('/api/users/me/identities', { schema: { tags, response: { 200: identitiesResponse } } }, async (req) =>
    presentIdentities(await identities.myIdentities(ctx, requireUser(req))),
  );

  app.delete(
    '/api/users/me/identities/:provider',
    { schema: { tags, params: providerParams, response: { 200: plainText } } },
    async (req, reply) => {
      await identities.unlink(ctx, requireUser(req), req.params.provider);
      return sendText(reply, 200, TEXTS.unlinked);
    },
  );
}
