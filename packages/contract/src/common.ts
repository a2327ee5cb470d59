import { z } from 'zod';

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
  });

export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}

/** ISO 8601 with an explicit offset, to whole seconds. */
export const dateTime = z.string().describe('DateTime, e.g. 2025-06-01T13:45:12+09:00');
export const plainText = z.string().describe('text/plain; charset=utf-8');
export const noContent = z.undefined().describe('no body');
