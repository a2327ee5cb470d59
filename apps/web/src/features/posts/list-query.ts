import type { Page, SearchType } from '@app/contract';
import { get } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';
import type { PostKind } from './kinds';

// The list pages' read, apart from the rest of ./api: the first-load prefetch (app/first-route.ts) is in the
// entry chunk and needs only this.

export type ListOrder = 'latest' | 'views' | 'relevance';

/** The optional filters (docs/api.md §9.5): any of these stacks, only open posts, most viewed first. */
export interface ListFilters {
  stacks: string[];
  open: boolean;
  order: ListOrder;
}

export interface ListQuery extends Partial<ListFilters> {
  page: number;
  searchType?: SearchType;
  keyword?: string;
}

/** The filters as query parameters, in the same names on the page URL and the API; defaults are left out. */
export function filterParams(f: Partial<ListFilters>): Array<[string, string]> {
  return [
    ...(f.stacks ?? []).map((s): [string, string] => ['stack', s]),
    ...(f.open ? [['open', 'true'] as [string, string]] : []),
    ...(f.order && f.order !== 'latest' ? [['order', f.order] as [string, string]] : []),
  ];
}

/** `/recruitments` or `/study-groups`: the list, or the search when a keyword is given. */
export function listPosts<T>(base: string, q: ListQuery) {
  const filters = filterParams(q);
  if (!q.keyword) {
    if (filters.length === 0) return get<Page<T>>(`${base}?page=${q.page}`);
    return get<Page<T>>(`${base}?${new URLSearchParams([['page', String(q.page)], ...filters])}`);
  }
  const params = new URLSearchParams([
    ['searchType', q.searchType ?? 'all'],
    ['keyword', q.keyword],
    ['page', String(q.page)],
    ...filters,
  ]);
  return get<Page<T>>(`${base}/search?${params}`);
}

/**
 * The list page's read: its key and its fetch, shared with the first-load prefetch (app/first-route.ts).
 * Study groups have no tags, so their stacks are dropped.
 */
export const postListQuery = <T>(kind: PostKind, q: Required<ListQuery>) => {
  const query = { ...q, stacks: kind.key === 'recruitment' ? q.stacks : [] };
  return {
    queryKey: [...keys.posts.list(kind.key), q.page, q.searchType, q.keyword, query.stacks, q.open, q.order] as const,
    queryFn: () => listPosts<T>(kind.api, query),
  };
};

/** The list page's URL parameters as it reads them. */
export function listParams(params: URLSearchParams) {
  return {
    page: Math.max(0, Number(params.get('page')) || 0),
    keyword: params.get('keyword') ?? '',
    searchType: (params.get('searchType') as SearchType | null) ?? 'all',
    stacks: params.getAll('stack').slice(0, 10),
    open: params.get('open') === 'true',
    order: (params.get('order') === 'views' || params.get('order') === 'relevance' ? params.get('order') : 'latest') as ListOrder,
  };
}
