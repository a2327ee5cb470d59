import type { FastifyInstance } from 'fastify';

const EXPOSED_HEADERS = 'X-Error-Code, Retry-After, Location';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Cache-Control';

/**
 * CORS for browser clients on other origins. An allowed origin (ALLOWED_ORIGINS, or this server's own) gets its
 * origin back with credentials and the headers a client reads, and its preflight is answered at once (204, before
 * rate limits and tokens); any other origin gets no CORS header, and its preflight is not found. Every answer varies
 * by Origin. Every value is fixed at start-up: options made per request (the form a plugin needs to compare the
 * origin with the request's own host) cost about 4 % of a cached read's CPU to normalize.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const listed = new Set(allowedOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !(listed.has(origin) || origin === `${req.protocol}://${req.headers.host}`)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (req.method !== 'OPTIONS') return done();
    if (!req.headers['access-control-request-method']) {
      void reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    void reply.code(204).header('content-length', '0').send();
  });
}
