/** A failure the client should see: HTTP status, machine code for X-Error-Code, Korean text body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class BadRequest extends AppError {
  constructor(message: string, code = 'validation_failed') {
    super(400, code, message);
  }
}
export class Unauthorized extends AppError {
  constructor(message = '로그인이 필요합니다.', code = 'login_required') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = '권한이 없습니다.', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = '요청한 리소스를 찾을 수 없습니다.', code = 'not_found') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code: string) {
    super(409, code, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds: number, message = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.', code = 'rate_limited') {
    super(429, code, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export const BAD_REQUEST = () => new BadRequest('요청 형식이 올바르지 않습니다.', 'bad_request');

/** PostgreSQL unique_violation, optionally on a named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code === '23505')
      return !constraint || e.constraint === constraint || String((e as Error).message).includes(constraint);
    e = e.cause as typeof e;
  }
  return false;
}

/** PostgreSQL foreign_key_violation: a concurrent request removed a referenced row or added a referencing one. */
export function isForeignKeyViolation(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const SERVICE_UNAVAILABLE_TEXT = '서버가 일시적으로 응답할 수 없습니다. 잠시 후 다시 시도해주세요.';

/** 503 `service_unavailable` (docs/api.md §1.3): the database, or another service a request needs, does not answer. */
export class ServiceUnavailable extends AppError {
  constructor() {
    super(503, 'service_unavailable', SERVICE_UNAVAILABLE_TEXT, { 'Retry-After': '5' });
  }
}

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// node-postgres reports a lost or refused connection and its own timeouts by message only
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * The database server cannot be reached or is restarting: connection refused or lost, SQLSTATE class 08
 * (connection exception), 57P01-57P03 (shut down, crashed, starting up), 57014 (a statement ran past the
 * statement limit and was cancelled), 53300 (too many connections), or one of node-postgres's bounded waits ran out.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_ERRORS.has(code) || code.startsWith('08') || /^57(014|P0[123])$/.test(code) || code === '53300') return true;
    if (LOST_CONNECTION.test(String(e.message))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
