import { describe, expect, it } from 'vitest';
import { pageParam } from '@app/contract';
import { pageRequest, toPage } from './paging.js';

describe('paging (docs/api.md §1.4)', () => {
  it('reads malformed, negative or over-long page numbers as 0', () => {
    for (const raw of [undefined, 'undefined', '-1', '1.5', '1e3', '1234567890', ' 2', '']) expect(pageParam.parse(raw)).toBe(0);
    expect(pageParam.parse('3')).toBe(3);
    expect(pageParam.parse('123456789')).toBe(123456789);
  });

  it('describes an empty result as a single first-and-last empty page with 0 pages', () => {
    expect(toPage([], pageRequest(0, 10), 0)).toEqual({
      content: [],
      number: 0,
      size: 10,
      totalElements: 0,
      totalPages: 0,
      first: true,
      last: true,
      empty: true,
    });
  });

  it('keeps the totals past the end', () => {
    expect(toPage([], pageRequest(5, 10), 25)).toMatchObject({ number: 5, totalPages: 3, first: false, last: true, empty: true });
    expect(toPage([1], pageRequest(1, 10), 25)).toMatchObject({ totalPages: 3, first: false, last: false, empty: false });
  });
});
