import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, POOL_SIZE, type Database, type DatabaseSource, type StatementHook } from './db/client.js';
import { migrate } from './db/migrate.js';
import { jobStore } from './db/jobs.js';
import { writeViews } from './db/view-records.js';
import { ensureSystemUser } from './features/account/service.js';
import { BOARD_VIEWS } from './features/boards/queries.js';
import { startBackupSocket } from './features/ops/backup.js';
import { POST_VIEWS } from './features/posts/queries.js';
import { Lifecycle } from './features/ops/lifecycle.js';
import { registerOpsRoutes } from './features/ops/routes.js';
import type { DomainEvents } from './features/events.js';
import { features } from './features/index.js';
import { loadServerBundle, pageSource } from './features/pages/pages.js';
import { registerSeoRoutes } from './features/pages/routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { EventBus } from './lib/event-bus.js';
import { clientErrorHandler, frameworkErrors, registerBodyParsers, registerErrorHandling } from './lib/http-errors.js';
import { JobWorker } from './lib/job-worker.js';
import { loggerOptions } from './lib/logging.js';
import { PublicChanges } from './lib/public-changes.js';
import { ReadCache } from './lib/read-cache.js';
import { mailerFromConfig } from './lib/mail/from-config.js';
import type { Mailer } from './lib/mail/mailer.js';
import { Metrics } from './lib/metrics.js';
import { FallbackCounterStore, MemoryCounterStore, RateLimiter, type CounterStore } from './lib/rate-limit.js';
import { redisConnection } from './lib/redis.js';
import { registerRequestAuth } from './request-auth.js';
import { registerTurnGate } from './lib/turn-gate.js';
import { TokenService } from './lib/tokens.js';
import { ViewCounter } from './lib/views.js';
import { loadVapidKeys } from './lib/web-push.js';
import { registerEarlyValidation } from './lib/validation.js';
import { indexHtml, inlineScriptHashes, registerWeb } from './lib/web.js';
import { registerCors } from './lib/cors.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { MemoryBroker } from './realtime/broker/memory.js';
import { RedisBroker } from './realtime/broker/redis.js';
import type { Broker } from './realtime/broker/types.js';
import { Realtime } from './realtime/index.js';

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** defaults to DATABASE_URL, else PGlite under DATA_DIR */
  database?: DatabaseSource;
  logger?: boolean;
  /** where logs go (tests read them); stdout by default */
  logStream?: NodeJS.WritableStream;
  /** replaces the mailer chosen from the config (tests keep the mails in memory) */
  mailer?: Mailer;
  /** the rate-limit counters; defaults to Redis with REDIS_URL (in-process while it is away), else in-process */
  counterStore?: CounterStore;
  /** sees the text of every statement before it runs (tests count them) */
  onStatement?: StatementHook;
  /** the chat broker; defaults to Redis pub/sub with REDIS_URL, else in-process */
  broker?: Broker;
  /**
   * The Redis channel public changes travel on between instances (lib/public-changes.ts). Tests give the instances of
   * one database their own, so apps of other test files on the same Redis evict nothing of theirs.
   */
  changesChannel?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** warming up, serving or stopping: what /readyz says (features/ops/lifecycle.ts) */
  lifecycle: Lifecycle;
  /** every API route as registered (method, url), for route-wide tests */
  apiRoutes: Array<{ method: string; url: string; schema?: { body?: unknown; response?: unknown } }>;
}

const BODY_LIMIT = 1024 * 1024;
/** the longest one statement may run on a PostgreSQL server: the server cancels it, the request answers 503 */
const STATEMENT_LIMIT_MS = 15_000;

/** Writes of this instance (and, with REDIS_URL, of the others) evict what they touched at once; the TTL bounds the rest. */
const readCacheTtlMs = (config: Config) => (config.readCache ? config.readCacheTtlSeconds * 1000 : 0);
/** Public reads that miss the cache may hold half the pool; the other half stays for writes and signed-in reads. */
const PUBLIC_LOADS = Math.ceil(POOL_SIZE / 2);

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const readCache = new ReadCache(readCacheTtlMs(config), PUBLIC_LOADS);
  const changes = new PublicChanges(options.changesChannel);
  changes.subscribe((changed) => readCache.evict(changed));
  // the sources are read at scrape time, once everything below exists
  const metrics = new Metrics(
    {
      pool: () => database.poolStats(),
      openSockets: () => ctx.realtime.openSockets,
      stompSessions: () => ctx.realtime.hub.sessionCount,
      chatDeliveries: () => ctx.realtime.hub.delivered,
    },
    config.metricsToken !== undefined,
  );
  const source = options.database ?? (config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const database = await openDatabase(source, {
    onStatement: options.onStatement,
    onQueryTime: (seconds) => metrics.querySeconds.observe(seconds),
    bounded: true,
    statementLimitMs: STATEMENT_LIMIT_MS,
  });
  await migrate(database.db);
  const systemUserId = await ensureSystemUser(database.db);

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by presenters; skipping response validation keeps ~25% throughput (stack notes).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const redis = config.redisUrl ? redisConnection(config.redisUrl) : null;
  const counterStore = options.counterStore ?? (redis ? new FallbackCounterStore(redis, app.log) : new MemoryCounterStore());
  if (config.redisUrl)
    await changes.share(redisConnection(config.redisUrl), redisConnection(config.redisUrl, { subscriber: true }));
  const tokens = new TokenService(config.jwtSecret);
  const broker = options.broker ?? (config.redisUrl ? new RedisBroker(config.redisUrl, app.log) : new MemoryBroker());
  const limiter = new RateLimiter(counterStore, () => clock.now(), metrics.rateLimitRefused);
  const ctx: AppContext = {
    config,
    db: database.db,
    systemUserId,
    clock,
    tokens,
    limiter,
    log: app.log,
    events: new EventBus<DomainEvents>(),
    readCache,
    changes,
    views: new ViewCounter((batch) => writeViews(database.db, [POST_VIEWS, BOARD_VIEWS], batch), app.log),
    mailer: metrics.countMails(options.mailer ?? mailerFromConfig(config, app.log, clock)),
    realtime: new Realtime({ db: database.db, tokens, clock, limiter, log: app.log, broker }),
    jobs: new JobWorker(jobStore(database.db), clock, app.log, config.jobRetryBaseMs),
    vapid: loadVapidKeys(config.vapid, config.dataDir, (message) => app.log.warn(message)),
  };

  registerErrorHandling(app);
  registerBodyParsers(app);
  registerSecurityHeaders(app, {
    // Served over plain HTTP by default: no HSTS and no upgrade of sub-requests.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...inlineScriptHashes(config.webDist)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  registerCors(app, config.allowedOrigins);
  await app.register(swagger, {
    openapi: {
      info: { title: '팀원·스터디 모집 플랫폼 API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const apiRoutes: BuiltApp['apiRoutes'] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({ method, url: route.url, schema: route.schema as BuiltApp['apiRoutes'][number]['schema'] });
    }
  });

  metrics.register(app);
  if (config.readsPerTurn > 0) registerTurnGate(app, config.readsPerTurn);
  const lifecycle = new Lifecycle();
  registerOpsRoutes(app, { database, redis, metrics, metricsToken: config.metricsToken, lifecycle });
  registerRequestAuth(app, ctx);
  registerEarlyValidation(app);
  for (const feature of features) feature.hooks?.(ctx);
  for (const feature of features) feature.routes?.(app, ctx);
  // the public pages rendered by the web app's own components (features/pages), robots.txt and the sitemap
  const bundle = loadServerBundle(config.webSsr).catch((err: unknown) => {
    app.log.error({ err }, 'the web server bundle cannot be loaded: pages are served as the SPA');
    return null;
  });
  registerSeoRoutes(
    app,
    ctx,
    bundle.then((b) => b?.memberPaths ?? []),
  );
  await registerWeb(app, config.webDist, pageSource(ctx, bundle, indexHtml(config.webDist)));
  ctx.realtime.attach(app.server, { allowedOrigins: config.allowedOrigins, trustProxy: config.trustProxy });

  const stops: Array<() => void | Promise<void>> = [];
  // `npm run backup` asks a running server on the embedded database for a consistent copy (features/ops/backup.ts)
  if ('dataDir' in source) stops.push(await startBackupSocket(config.dataDir, database, app.log));
  if (config.runJobs) {
    app.addHook('onReady', async () => {
      for (const feature of features) if (feature.start) stops.push(await feature.start(ctx));
    });
  }
  // sockets first, with a close frame, so the HTTP server can finish closing
  app.addHook('preClose', async () => ctx.realtime.close());
  // the database and Redis last: stopping jobs and flushing views still write
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop();
    await ctx.views.flush();
    await ctx.mailer.close?.();
    await ctx.realtime.closeBroker();
    await ctx.limiter.close();
    await changes.close();
    await database.close();
  });

  return { app, ctx, database, lifecycle, apiRoutes };
}
