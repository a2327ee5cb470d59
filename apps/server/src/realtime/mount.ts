import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import sockjs from 'sockjs';
import { type AppError, isDatabaseUnavailable, ServiceUnavailable, TooManyRequests } from '../lib/errors.js';
import { MINUTE, type Limit, type RateLimiter } from '../lib/rate-limit.js';
import type { SocketAuth } from './auth.js';
import { STOMP_TEXTS } from './texts.js';

export const CHAT_PREFIX = '/ws/chat';
/** transports that open a session (docs/api.md §5.1); iframe, JSONP, eventsource and htmlfile are not offered */
const OPENING_TRANSPORTS = new Set(['websocket', 'xhr_streaming', 'xhr']);
const SESSION_TRANSPORTS = new Set([...OPENING_TRANSPORTS, 'xhr_send']);
const NEW_SESSION_LIMIT: Limit = { name: 'ws-session', max: 30, windowMs: MINUTE };

export interface MountOptions {
  auth: SocketAuth;
  limiter: RateLimiter;
  allowedOrigins: string[];
  trustProxy: boolean;
  /** a verified socket for the app to run STOMP on */
  onConnection(conn: sockjs.Connection): void;
  /** the SockJS session id's user, while the session is open */
  sessionOwner(sessionId: string): { token: string } | undefined;
}

type Refusal = { status: number; code: string; text: string; headers?: Record<string, string> };

const refusalOf = (err: AppError): Refusal => ({ status: err.status, code: err.code, text: err.message, headers: err.headers });
const SERVER_ERROR: Refusal = { status: 500, code: 'server_error', text: STOMP_TEXTS.serverError };
/** the token's user could not be read: the database is away (a restart, a failover), as the API's 503 */
const UNAVAILABLE = refusalOf(new ServiceUnavailable());

interface ChatPath {
  kind: 'info' | 'raw-websocket' | 'session' | 'other' | 'refused';
  sessionId?: string;
  transport?: string;
}

function classify(pathname: string): ChatPath {
  const rest = pathname.slice(CHAT_PREFIX.length).replace(/\/$/, '');
  if (rest === '/info') return { kind: 'info' };
  if (rest === '/websocket') return { kind: 'raw-websocket' };
  const m = /^\/([^/.]+)\/([^/.]+)\/([a-z_]+)$/.exec(rest);
  if (m) return SESSION_TRANSPORTS.has(m[3]) ? { kind: 'session', sessionId: m[2], transport: m[3] } : { kind: 'refused' };
  if (rest === '' || rest === '/chunking_test') return { kind: 'other' };
  return { kind: 'refused' };
}

/**
 * Mounts SockJS at /ws/chat on the HTTP server, in front of Fastify, whose hooks do not run here. Each request
 * is checked first (docs/api.md §5.1, §1.7): the token (401), the Origin (403), and the per-IP limit on new
 * sessions and WebSocket upgrades (429); requests of an open session must carry its user's token.
 */
export function mountSockJs(server: Server, options: MountOptions): sockjs.Server {
  const sockServer = sockjs.createServer({
    prefix: CHAT_PREFIX,
    disconnect_delay: 5000,
    websocket: true,
    log: () => {},
  });
  sockServer.on('connection', (conn: sockjs.Connection | null) => conn && options.onConnection(conn));
  const handler = (sockServer as unknown as { listener(o: object): { getHandler(): (...args: unknown[]) => boolean } })
    .listener({ prefix: CHAT_PREFIX })
    .getHandler();

  const intercept = (event: 'request' | 'upgrade') => {
    const previous = server.listeners(event).slice() as Array<(...args: unknown[]) => void>;
    server.removeAllListeners(event);
    server.on(event, (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer) => {
      const url = req.url ?? '';
      if (url !== CHAT_PREFIX && !url.startsWith(CHAT_PREFIX + '/') && !url.startsWith(CHAT_PREFIX + '?')) {
        if (previous.length === 0 && event === 'upgrade') (resOrSocket as Duplex).destroy();
        for (const listener of previous) listener.call(server, req, resOrSocket, head);
        return;
      }
      // Node takes its own 'error' listener off an upgrade's socket: without one, a client that resets the connection
      // while it is checked (a slow database, a balancer giving up) would end the process
      if (event === 'upgrade') (resOrSocket as Duplex).on('error', () => (resOrSocket as Duplex).destroy());
      void guard(req, options).then(
        (refusal) => (refusal ? refuse(resOrSocket, refusal) : handler(req, resOrSocket, head)),
        (err: unknown) => refuse(resOrSocket, isDatabaseUnavailable(err) ? UNAVAILABLE : SERVER_ERROR),
      );
    });
  };
  intercept('request');
  intercept('upgrade');
  return sockServer;
}

async function guard(req: IncomingMessage, options: MountOptions): Promise<Refusal | null> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = classify(url.pathname);
  if (path.kind === 'refused') return { status: 404, code: 'not_found', text: STOMP_TEXTS.notFound };
  if (req.method === 'OPTIONS' || path.kind === 'other') return null;

  const token = url.searchParams.get('token');
  const owner = path.sessionId ? options.sessionOwner(path.sessionId) : undefined;
  if (owner) {
    // a request of an open session (poll, send): the same token, nothing more to look up
    return token === owner.token ? null : { status: 401, code: 'login_required', text: STOMP_TEXTS.loginRequired };
  }
  if (!(await options.auth.authenticate(token))) return { status: 401, code: 'login_required', text: STOMP_TEXTS.loginRequired };
  if (!originAllowed(req, options)) return { status: 403, code: 'forbidden', text: STOMP_TEXTS.originRefused };
  if (path.kind === 'raw-websocket' || (path.kind === 'session' && OPENING_TRANSPORTS.has(path.transport!))) {
    try {
      await options.limiter.consume([{ limit: NEW_SESSION_LIMIT, key: `ip:${clientIp(req, options.trustProxy)}` }]);
    } catch (err) {
      if (err instanceof TooManyRequests) return refusalOf(err);
      throw err;
    }
  }
  return null;
}

function originAllowed(req: IncomingMessage, options: MountOptions): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const forwarded = options.trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  const protocol = forwarded || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  return origin === `${protocol}://${req.headers.host}` || options.allowedOrigins.includes(origin);
}

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  return forwarded || req.socket.remoteAddress || 'unknown';
}

function refuse(target: ServerResponse | Duplex, refusal: Refusal) {
  const headers = {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Error-Code': refusal.code,
    'Cache-Control': 'no-store',
    ...refusal.headers,
  };
  if ('writeHead' in target) {
    target.writeHead(refusal.status, headers).end(refusal.text);
    return;
  }
  // an upgrade request: answer on the raw socket
  const body = Buffer.from(refusal.text);
  const lines = Object.entries({ ...headers, 'Content-Length': String(body.length), Connection: 'close' }).map(
    ([k, v]) => `${k}: ${v}`,
  );
  target.end(
    Buffer.concat([
      Buffer.from(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n`),
      body,
    ]),
  );
}
