import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BAD_REQUEST_TEXT } from '@app/contract';
import { AppError, isDatabaseUnavailable, NotFound, ServiceUnavailable } from './errors.js';
import { validationError } from './validation.js';

function send(reply: import('fastify').FastifyReply, err: AppError) {
  return reply
    .status(err.status)
    .headers({ 'x-error-code': err.code, ...err.headers })
    .type('text/plain; charset=utf-8')
    .send(err.message);
}

/** Turns any thrown error into the plain-text Korean error of docs/api.md §1.3. */
function toAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const params = first?.params as { params?: { errorCode?: string } } | undefined;
    return validationError(first?.message, error.validationContext === 'body', params?.params?.errorCode);
  }
  const dbError = fromDatabaseError(error);
  if (dbError) return dbError;
  if (isDatabaseUnavailable(error)) return new ServiceUnavailable();
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', '요청 본문이 너무 큽니다.');
    // only a Content-Type header that does not parse gets here (every media type is read as JSON): malformed, 400
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(400, 'bad_request', BAD_REQUEST_TEXT);
  }
  // A static file path that climbs out of its root names nothing here: 404, never 403 (1.3) or 500.
  if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return new NotFound();
  if (error.statusCode === 400 || (error as { status?: number }).status === 400) {
    return new AppError(400, 'bad_request', BAD_REQUEST_TEXT);
  }
  return null;
}

/**
 * Last line of defence for input the validators let through: a value PostgreSQL cannot take
 * (an integer out of range, a NUL character) is the client's mistake, not a 500.
 */
function fromDatabaseError(error: unknown): AppError | null {
  let e = error as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code === '22003' || e.code === '22P05' || e.code === '22021' || e.code === '22P02') {
      return new AppError(400, 'bad_request', BAD_REQUEST_TEXT);
    }
    e = e.cause as typeof e;
  }
  return null;
}

/** Router-level failures (a malformed URL, an over-long path parameter) answer like every other error. */
export function frameworkErrors(_error: FastifyError, _req: unknown, reply: import('fastify').FastifyReply) {
  return send(reply, new AppError(400, 'bad_request', BAD_REQUEST_TEXT));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KiB, a broken request line):
 * the same plain-text Korean 400-family answer with X-Error-Code as every other error (1.3), not Fastify's JSON.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : [400, 'Bad Request'];
  if (socket.writable) {
    const body = Buffer.from(BAD_REQUEST_TEXT, 'utf8');
    const head =
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n` +
      `X-Error-Code: bad_request\r\nConnection: close\r\n\r\n`;
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  }
  socket.destroy(err);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = toAppError(error);
    if (known) return send(reply, known);
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError(500, 'server_error', '서버 오류가 발생했습니다.'));
  });
}

/**
 * Bodies are JSON whatever Content-Type says: a client posting a JSON string with fetch and no headers sends
 * text/plain, and docs/api.md has no 415. An empty body is allowed (routes with no body); bad syntax is 400.
 */
export function registerBodyParsers(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  const parseJson = (_req: unknown, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'bad_request', BAD_REQUEST_TEXT), undefined);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  // pages outside the API take forms (RFC 8058's one-click unsubscribe posts `List-Unsubscribe=One-Click`)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) =>
    req.url.startsWith('/api/') ? parseJson(req, body, done) : done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJson);
}
