import { z } from 'zod';
import { codePoints } from './text.js';

// Optional list filters beyond the contract (docs/product-decisions.md). Without them the list and search routes answer as
// docs/api.md §3.3/3.4 says, byte for byte.

export const LIST_ORDERS = ['latest', 'views', 'relevance'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export const STACK_FILTER_MAX = 10;
export const STACKS_TOO_MANY_TEXT = '기술 스택은 최대 10개까지 선택할 수 있습니다.';
export const STACK_TOO_LONG_TEXT = '기술 스택은 항목당 최대 20자까지 입력할 수 있습니다.';
export const OPEN_INVALID_TEXT = '모집 중 여부는 true 또는 false로 입력해주세요.';
export const ORDER_INVALID_TEXT = '정렬 기준은 latest 또는 views로 입력해주세요.';

const one = (v: unknown): unknown => (Array.isArray(v) ? v[v.length - 1] : v);
const blank = (v: unknown) => v === undefined || v === '';

/** `stack` (repeatable): trimmed, empty dropped, case-insensitive duplicates dropped; at most 10 of at most 20 characters. */
export const stackParam = z
  .unknown()
  .optional()
  .transform((v) => {
    const items = (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((s) => String(s).trim()).filter(Boolean);
    const seen = new Set<string>();
    return items.filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
  })
  .refine((items) => items.length <= STACK_FILTER_MAX, { message: STACKS_TOO_MANY_TEXT, abort: true })
  .refine((items) => items.every((s) => codePoints(s) <= 20), { message: STACK_TOO_LONG_TEXT, abort: true })
  .describe('tech stack, repeatable (stack=React&stack=Vue): a post matches when it has any of them');

/** `open=true`: only posts still recruiting (not closed, due date not passed). */
export const openParam = z
  .unknown()
  .optional()
  .refine((v) => blank(one(v)) || one(v) === 'true' || one(v) === 'false', { message: OPEN_INVALID_TEXT, abort: true })
  .transform((v) => one(v) === 'true')
  .describe('true: only posts still recruiting');

/**
 * `order=views`: most viewed first (then newest); `relevance` (docs/api.md §10.5): on a search, the best-matching
 * field first, then newest; without a keyword newest first; `latest` or missing: newest first.
 */
export const orderParam = z
  .unknown()
  .optional()
  .refine((v) => blank(one(v)) || (LIST_ORDERS as readonly unknown[]).includes(one(v)), {
    message: ORDER_INVALID_TEXT,
    abort: true,
  })
  .transform((v): ListOrder => (one(v) === 'views' || one(v) === 'relevance' ? one(v) : 'latest') as ListOrder)
  .describe('latest (default), views or relevance (searches: best match first)');

/** The filters of the study-group lists; recruitments add `stack`. */
export const listFilterFields = { open: openParam, order: orderParam };
export const recruitmentFilterFields = { ...listFilterFields, stack: stackParam };

export interface ListFilter {
  open: boolean;
  order: ListOrder;
  stacks: string[];
}

export const popularTag = z.object({ name: z.string(), count: z.number().int() });
export type PopularTag = z.infer<typeof popularTag>;
export const POPULAR_TAGS_LIMIT = 20;
