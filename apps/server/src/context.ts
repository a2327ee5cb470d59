import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { AppEvents } from './features/events.js';
import type { PublicChanges } from './lib/public-changes.js';
import type { ReadCache } from './lib/read-cache.js';
import type { Mailer } from './lib/mail/mailer.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { TokenService } from './lib/tokens.js';
import type { ViewCounter } from './lib/views.js';
import type { JobWorker } from './lib/job-worker.js';
import type { VapidKeys } from './lib/web-push.js';
import type { Realtime } from './realtime/index.js';

/** What every feature needs; built once in app.ts and handed to each feature's routes. */
export interface AppContext {
  config: Config;
  db: Db;
  /** the flagged `[시스템]` sender, made or found at start-up (docs/api.md §2.1) */
  systemUserId: number;
  clock: Clock;
  tokens: TokenService;
  /** one per app, shared by the routes and the sockets */
  readonly limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** cross-area reactions inside a transaction, with after-commit effects (features/events.ts) */
  events: AppEvents;
  /** public reads cached until a write touches what they hold (lib/read-cache.ts) */
  readCache: ReadCache;
  /** what committed writes changed that anyone may read, on every instance (lib/public-changes.ts) */
  changes: PublicChanges;
  /** post and board views, once per viewer per 24 h, written in batches (lib/views.ts) */
  views: ViewCounter;
  /** recovery codes and notices: SMTP, the dev mailbox or memory (lib/mail/) */
  mailer: Mailer;
  /** STOMP over SockJS: destinations to register, and publishes that reach every instance */
  realtime: Realtime;
  /** the durable job queue in the database: areas register handlers; each instance runs due jobs */
  jobs: JobWorker;
  /** the VAPID pair web push is signed with (lib/web-push.ts) */
  vapid: VapidKeys;
}
