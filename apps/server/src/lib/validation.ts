import type { z } from 'zod';
import { BAD_REQUEST_TEXT } from '@app/contract';
import { AppError } from './errors.js';

const HANGUL = /[\uac00-\ud7a3]/;

/** The first failed rule decides the answer; schema texts are Korean, anything else is a format error. */
export function validationError(firstMessage: string | undefined, inBody: boolean): AppError {
  const message = firstMessage ?? '';
  if (!HANGUL.test(message) || message === BAD_REQUEST_TEXT) {
    return new AppError(400, inBody ? 'validation_failed' : 'bad_request', BAD_REQUEST_TEXT);
  }
  return new AppError(400, 'validation_failed', message);
}

/** Validates a body inside a handler, for routes whose permission check must come before validation. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message, true);
  return parsed.data;
}
