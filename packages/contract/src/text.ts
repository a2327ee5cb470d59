import { z } from 'zod';

/** Length in Unicode code points, as the contract counts it. */
export const codePoints = (s: string): number => [...s].length;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line text keeps tabs and line breaks; NUL and other controls cannot be stored. */
// eslint-disable-next-line no-control-regex
const MULTILINE_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const INVALID_CHARS_TEXT = '사용할 수 없는 문자가 포함되어 있습니다.';
export const BAD_REQUEST_TEXT = '요청 형식이 올바르지 않습니다.';

export interface TextRule {
  /** shown when missing, not a string, or shorter than min */
  required: string;
  tooShort?: string;
  tooLong: string;
  min?: number;
  max: number;
  multiline?: boolean;
}

/** A trimmed text field checked in the contract's order: type, min, max, characters. */
export function text(rule: TextRule) {
  const min = rule.min ?? 1;
  return z
    .string({ error: rule.required })
    .trim()
    .refine((s) => codePoints(s) >= min, { message: rule.tooShort ?? rule.required, abort: true })
    .refine((s) => codePoints(s) <= rule.max, { message: rule.tooLong, abort: true })
    .refine((s) => !(rule.multiline ? MULTILINE_CONTROL_CHARS : CONTROL_CHARS).test(s), {
      message: INVALID_CHARS_TEXT,
      abort: true,
    });
}

/** A missing or non-object body has no fields: it is read as `{}`, so the first field's own text answers. */
export const asFields = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A body schema over `fields`, read with {@link asFields}. */
export const fieldsBody = <T extends z.ZodRawShape>(fields: T) => z.preprocess(asFields, z.object(fields));

/** A list of short strings: trimmed, empty dropped, case-insensitive duplicates dropped (first kept). */
export function stringList(rule: { maxItems: number; maxLength: number; tooMany: string; tooLong: string }) {
  return z
    .array(z.string({ error: rule.tooLong }), { error: rule.tooMany })
    .nullish()
    .transform((items) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of items ?? []) {
        const item = raw.trim();
        const key = item.toLowerCase();
        if (item && !seen.has(key)) {
          seen.add(key);
          out.push(item);
        }
      }
      return out;
    })
    .refine((items) => items.length <= rule.maxItems, { message: rule.tooMany, abort: true })
    .refine((items) => items.every((i) => codePoints(i) <= rule.maxLength), { message: rule.tooLong, abort: true })
    .refine((items) => !items.some((i) => CONTROL_CHARS.test(i)), { message: INVALID_CHARS_TEXT, abort: true });
}

/** Ids are stored as 32-bit integers. */
const MAX_STORED_ID = 2_147_483_647;
/**
 * A well-formed id too large to be stored: it names nothing, so lookups answer "not found" (404)
 * instead of the database refusing the parameter. Never falsy, never a real row.
 */
export const UNKNOWN_ID = -1;

const toId = (n: number) => (n > MAX_STORED_ID ? UNKNOWN_ID : n);

/** A positive integer id given as a number or a numeric string. */
export function bodyId(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,30}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return toId(n);
  });
}

/** A path or query id: positive integer in base 10; anything else is bad_request. */
export const pathId = z
  .string()
  .regex(/^\d{1,30}$/, { message: BAD_REQUEST_TEXT })
  .transform(Number)
  .refine((n) => n > 0, { message: BAD_REQUEST_TEXT })
  .transform(toId);

/**
 * A path id of the routes added in docs/api.md §9: the same rule as {@link pathId}, but docs/api.md §9 refuses a
 * malformed one as 400 `validation_failed` (the issue's `errorCode` param tells the error handler so).
 */
export const extensionPathId = z.string().transform((v, ctx) => {
  if (/^\d{1,30}$/.test(v) && Number(v) > 0) return toId(Number(v));
  ctx.addIssue({ code: 'custom', message: BAD_REQUEST_TEXT, params: { errorCode: 'validation_failed' } });
  return z.NEVER;
});

/** The zero-based page query parameter; anything malformed means 0 (docs/api.md §1.4). */
export const pageParam = z
  .unknown()
  .optional() // without this zod 4 refuses a missing key
  .transform((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : 0));

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A required calendar date in exactly YYYY-MM-DD. */
export function dateField(message: string, invalidMessage = message) {
  return z
    .string({ error: message })
    .trim()
    .refine((s) => s.length > 0, { message, abort: true })
    .refine(isCalendarDate, { message: invalidMessage, abort: true });
}
