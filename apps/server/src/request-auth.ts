import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { sessionUser } from './features/account/queries.js';
import { isListedOperator, refuseSuspended } from './features/moderation/policy.js';
import type { AuthUser } from './lib/auth-user.js';
import { Unauthorized } from './lib/errors.js';
import { otherRouteLimit, type Limit } from './lib/rate-limit.js';
import type { TokenClaims } from './lib/tokens.js';

export interface RouteLimit {
  limit: Limit;
  by: 'ip' | 'user';
}

declare module 'fastify' {
  interface FastifyRequest {
    claims: TokenClaims | null;
    user: AuthUser | null;
    /** rate-limit counters to give back if this request is refused */
    refundable: string[];
  }
  interface FastifyContextConfig {
    /** 'login' (the default) needs a valid token; 'public' uses one when present. */
    auth?: 'public' | 'login';
    rateLimit?: RouteLimit[];
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * The user the claims name, if the token is still valid for them (withdrawn, system and old-version tokens are not).
 * A suspended user's token, of whatever version, is refused with 403 `account_suspended` and the suspension's end and
 * reason (docs/api.md §10.4): the suspension bumped the version, so once it ends those tokens are simply invalid.
 */
async function userForClaims(ctx: AppContext, claims: TokenClaims): Promise<AuthUser | null> {
  const row = await sessionUser(ctx.db, claims.uid);
  if (!row) return null;
  refuseSuspended(row.suspension, ctx.clock.now());
  if (row.tv !== claims.tv || !row.nickname) return null;
  const operator = row.operatorGranted || isListedOperator(ctx.config.operators, row.loginId);
  return { id: row.id, loginId: row.loginId, nickname: row.nickname, createdAt: row.createdAt, operator };
}

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new Unauthorized();
  return req.user;
}

/**
 * For every API route, in the house order: rate limit, then authenticate.
 * Runs at onRequest, so both come before body size, JSON syntax and validation.
 */
export function registerRequestAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('claims', null);
  app.decorateRequest('user', null);
  app.decorateRequest('refundable');
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!req.routeOptions.url?.startsWith('/api')) return;
    const token = bearerToken(req);
    req.claims = token ? await ctx.tokens.verify(token, ctx.clock.now()) : null;

    // A valid token is one that verifies (signature, expiry); whether its user is still active is read after the limit.
    const limits = config.rateLimit ?? [otherRouteLimit(req.method, req.claims !== null)];
    req.refundable = [];
    await ctx.limiter.consume(
      limits.map(({ limit, by }) => ({
        limit,
        key: by === 'user' && req.claims ? `u:${req.claims.uid}` : `ip:${req.ip}`,
      })),
      req.refundable,
    );

    req.user = req.claims ? await userForClaims(ctx, req.claims) : null;
    if ((config.auth ?? 'login') === 'login' && !req.user) throw new Unauthorized();
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 400 && req.refundable?.length) await ctx.limiter.refund(req.refundable);
  });
}
