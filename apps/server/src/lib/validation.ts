import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BAD_REQUEST_TEXT, FIELD_ERROR_CODES } from '@app/contract';
import { AppError } from './errors.js';

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * The first failed rule decides the answer; schema texts are Korean, anything else is a format error.
 * `errorCode` is a rule's own code for a format error (docs/api.md §9's path ids are `validation_failed`).
 */
export function validationError(firstMessage: string | undefined, inBody: boolean, errorCode?: string): AppError {
  const message = firstMessage ?? '';
  if (!HANGUL.test(message) || message === BAD_REQUEST_TEXT) {
    return new AppError(400, errorCode ?? (inBody ? 'validation_failed' : 'bad_request'), BAD_REQUEST_TEXT);
  }
  return new AppError(400, FIELD_ERROR_CODES[message] ?? 'validation_failed', message);
}

/**
 * The one way a body is validated after the service has loaded and authorized, for the routes where docs/api.md
 * checks existence or permission before field rules: the route declares `body` with `attachValidation: true` (so
 * /docs shows it) and hands `() => validBody(req)` to its service as a {@link Deferred}. Every other route lets
 * Fastify validate.
 */
export function validBody<R extends Pick<FastifyRequest, 'validationError'> & { body: unknown }>(req: R): R['body'] {
  if (req.validationError) throw req.validationError;
  return req.body;
}

/**
 * A body the route has declared but that is checked only when the service asks for it: the service loads and
 * authorizes first, then calls it (`() => validBody(req)`), so a missing record or a refusal answers before a
 * field rule does, where docs/api.md orders them so.
 */
export type Deferred<T> = () => T;

/** With `attachValidation`, a bad path id or query is still refused before the handler (docs/api.md §1.3). */
export function registerEarlyValidation(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    const error = req.validationError as (Error & { validationContext?: string }) | undefined;
    if (error && error.validationContext !== 'body') throw error;
  });
}

/** Validates a value inside a service (for bodies that are not a route's whole body). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message, true);
  return parsed.data;
}
