import type { Page } from '@app/contract';

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

export function pageRequest(page: number, size: number): PageRequest {
  return { page, size, offset: page * size };
}

export function toPage<T>(content: T[], req: PageRequest, totalElements: number): Page<T> {
  const totalPages = Math.ceil(totalElements / req.size);
  return {
    content,
    number: req.page,
    size: req.size,
    totalElements,
    totalPages,
    first: req.page === 0,
    last: req.page >= totalPages - 1,
    empty: content.length === 0,
  };
}

/** The same page with each item turned into what the route answers (a presenter). */
export function mapPage<T, U>(page: Page<T>, present: (item: T) => U): Page<U> {
  return { ...page, content: page.content.map(present) };
}
