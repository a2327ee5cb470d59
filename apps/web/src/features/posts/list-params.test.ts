// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { filterParams, listParams, postListQuery } from './api';
import { RECRUITMENT, STUDY_GROUP } from './kinds';

describe('list filters in the URL', () => {
  it('reads stacks, open and order, with the contract defaults when absent', () => {
    expect(listParams(new URLSearchParams(''))).toEqual({
      page: 0,
      keyword: '',
      searchType: 'all',
      stacks: [],
      open: false,
      order: 'latest',
    });
    const read = listParams(new URLSearchParams('stack=React&stack=Vue&open=true&order=views&page=2'));
    expect(read).toMatchObject({ page: 2, stacks: ['React', 'Vue'], open: true, order: 'views' });
  });

  it('writes only what differs from the defaults, in the API names', () => {
    expect(filterParams({ stacks: [], open: false, order: 'latest' })).toEqual([]);
    expect(new URLSearchParams(filterParams({ stacks: ['C++', 'Node.js'], open: true, order: 'views' })).toString()).toBe(
      'stack=C%2B%2B&stack=Node.js&open=true&order=views',
    );
  });

  it('drops stacks for study groups (they have no tags), so the prefetch and the page share one cache entry', () => {
    const q = { page: 0, searchType: 'all' as const, keyword: '', stacks: ['React'], open: true, order: 'latest' as const };
    expect(postListQuery(STUDY_GROUP, q).queryKey).toEqual(postListQuery(STUDY_GROUP, { ...q, stacks: [] }).queryKey);
    expect(postListQuery(RECRUITMENT, q).queryKey).not.toEqual(postListQuery(RECRUITMENT, { ...q, stacks: [] }).queryKey);
  });
});
