import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  allowedOrigins: string[];
  trustProxy: boolean;
  /** NEW_ACCOUNT_LIMITS=off: no limits on accounts younger than 24 hours (docs/api.md §10.4; test suites) */
  newAccountLimits: boolean;
  webDist: string;
  /**
   * WEB_SSR: the web app's server bundle (apps/web/dist-ssr), which renders the public pages; by default the
   * one built beside the default WEB_DIST, none when WEB_DIST alone is set; `off` serves index.html everywhere
   */
  webSsr: string | null;
  logLevel: string;
  /** disables the periodic jobs (tests drive them by hand) */
  runJobs: boolean;
  /** JOB_RETRY_BASE_MS (30,000, at least 1,000): the wait before a failed job's first retry, doubling after */
  jobRetryBaseMs: number;
  /** READ_CACHE=off: every public read goes to the database (lib/read-cache.ts) */
  readCache: boolean;
  /** READ_CACHE_TTL (seconds, 30): the longest a cached read lives without a write seen by this instance */
  readCacheTtlSeconds: number;
  /** READS_PER_TURN (4): reads started per turn of the event loop under a flood, 0 for no limit (lib/turn-gate.ts) */
  readsPerTurn: number;
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer <token>`; unset, it is off (404) */
  metricsToken: string | undefined;
  /** PUBLIC_URL: where people reach the site (links in mails and pushes, calendar feed URLs); no trailing slash */
  publicUrl: string;
  /** PUSH_TEST_ORIGINS: http origins accepted as push endpoints besides https (tests only, never in production) */
  pushTestOrigins: string[];
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: without the keys a pair is made once and kept in DATA_DIR */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** OAUTH_{KAKAO|NAVER|GITHUB|GOOGLE}_*: the sign-in providers (docs/operations.md); one without a client id is off */
  oauth: Partial<Record<'kakao' | 'naver' | 'github' | 'google', OAuthProviderConfig>>;
  /**
   * SIGTERM (features/ops/graceful-stop.ts): STOP_DELAY_MS (0) is how long the instance keeps answering, /readyz at
   * 503, before it stops listening (a load balancer's health check interval times the checks it needs to fail);
   * STOP_TIMEOUT (seconds, 20) bounds the wait for requests in flight
   */
  stop: { delayMs: number; timeoutMs: number };
  /** WARM_START=off: /readyz says ready without running the hot reads once first (features/ops/warm-up.ts) */
  warmStart: boolean;
  /** OPERATORS: login ids (lower-cased) that are operators while listed, besides those granted (docs/api.md §10.4) */
  operators: string[];
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string | undefined;
  /** endpoint overrides (a local provider in tests); unset, the provider's own */
  authorizeUrl: string | undefined;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  /** GitHub: GET /user/emails */
  emailsUrl: string | undefined;
  /** Google: the ID token's expected `iss` */
  issuer: string | undefined;
}

function oauthProviders(env: Env): Config['oauth'] {
  const out: Config['oauth'] = {};
  for (const name of ['kakao', 'naver', 'github', 'google'] as const) {
    const v = (key: string) => env[`OAUTH_${name.toUpperCase()}_${key}`] || undefined;
    const clientId = v('CLIENT_ID');
    if (!clientId) continue;
    out[name] = {
      clientId,
      clientSecret: v('CLIENT_SECRET'),
      authorizeUrl: v('AUTHORIZE_URL'),
      tokenUrl: v('TOKEN_URL'),
      userinfoUrl: v('USERINFO_URL'),
      emailsUrl: v('EMAILS_URL'),
      issuer: v('ISSUER'),
    };
  }
  return out;
}

type Env = Record<string, string | undefined>;

const list = (value: string | undefined) =>
  (value || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || secretFromDataDir(dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    redisUrl: env.REDIS_URL || undefined,
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    operators: list(env.OPERATORS).map((id) => id.toLowerCase()),
    newAccountLimits: env.NEW_ACCOUNT_LIMITS !== 'off',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDist: path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    webSsr:
      env.WEB_SSR === 'off'
        ? null
        : env.WEB_SSR
          ? path.resolve(env.WEB_SSR)
          : env.WEB_DIST
            ? null
            : path.join(import.meta.dirname, '../../web/dist-ssr'),
    logLevel: env.LOG_LEVEL || 'info',
    runJobs: env.RUN_JOBS !== 'false',
    jobRetryBaseMs: Math.max(1000, Number(env.JOB_RETRY_BASE_MS) || 30_000),
    readCache: env.READ_CACHE !== 'off',
    readCacheTtlSeconds: Number(env.READ_CACHE_TTL || 30),
    readsPerTurn: Number(env.READS_PER_TURN ?? 4),
    metricsToken: env.METRICS_TOKEN || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT || 8080)}`).replace(/\/+$/, ''),
    pushTestOrigins: list(env.PUSH_TEST_ORIGINS),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || `mailto:${env.MAIL_FROM || 'no-reply@localhost'}`,
    },
    oauth: oauthProviders(env),
    stop: { delayMs: Number(env.STOP_DELAY_MS || 0), timeoutMs: Number(env.STOP_TIMEOUT || 20) * 1000 },
    warmStart: env.WARM_START !== 'off',
  };
}
