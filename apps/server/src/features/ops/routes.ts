import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, NotFound, ServiceUnavailable } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';
import { bearerToken } from '../../request-auth.js';
import { readinessProblems, type ReadinessDeps } from './health.js';
import { registerLifecycle, type Lifecycle } from './lifecycle.js';
import { OPS_TEXTS } from './texts.js';

export interface OpsDeps extends ReadinessDeps {
  metrics: Metrics;
  metricsToken: string | undefined;
  lifecycle: Lifecycle;
}

const plain = (reply: FastifyReply, text: string) =>
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Outside /api, so neither rate limited nor authenticated by the API hook, and hidden from /docs.
 * - GET /healthz: the process answers (no database call).
 * - GET /readyz: the instance is serving (not warming up, not stopping: then 503 at once), the database answers,
 *   migrations are current, Redis answers (with REDIS_URL); else 503.
 * - GET /metrics: Prometheus text, only with METRICS_TOKEN set and given as a Bearer token.
 * Bodies say nothing of versions or internals; the failed check goes to the log.
 */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps) {
  const hidden = { schema: { hide: true } };

  app.get('/healthz', hidden, async (_req, reply) => plain(reply, 'ok'));

  registerLifecycle(app, deps.lifecycle);

  app.get('/readyz', hidden, async (req, reply) => {
    if (!deps.lifecycle.serving) throw new ServiceUnavailable();
    const problems = await readinessProblems(deps);
    if (problems.length > 0) {
      req.log.warn({ problems }, 'not ready');
      throw new ServiceUnavailable();
    }
    return plain(reply, 'ok');
  });

  app.get('/metrics', hidden, async (req, reply) => {
    if (!deps.metricsToken) throw new NotFound();
    const given = bearerToken(req);
    if (!given || !timingSafeEqual(digest(given), digest(deps.metricsToken))) {
      throw new AppError(401, 'login_required', OPS_TEXTS.metricsToken, { 'WWW-Authenticate': 'Bearer' });
    }
    const body = await deps.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(body);
  });
}
