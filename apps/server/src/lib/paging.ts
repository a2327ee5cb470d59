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
