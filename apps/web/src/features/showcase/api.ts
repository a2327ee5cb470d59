import type { Page, ShowcaseItem } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../shared/api/client';
import { useVisitRefetch } from '../../shared/api/first-load';
import { keys } from '../../shared/api/keys';

// The public reads behind the showcase pages (docs/api.md §10.2); the server renders the pages from the same
// queries (app/public-pages.ts), so the client finds them in the page and does not read them again.

/** A page of shown showcases, newest completion first (12 a page). */
export const showcaseListQuery = (page: number) => ({
  queryKey: keys.showcase.list(page),
  queryFn: () => get<Page<ShowcaseItem>>(`/showcase?page=${page}`),
});

/** One shown showcase; 404 when the group is not shown (never completed, switched off, deleted). */
export const showcaseDetailQuery = (groupId: string) => ({
  queryKey: keys.showcase.detail(groupId),
  queryFn: () => get<ShowcaseItem>(`/showcase/${groupId}`),
});

export function useShowcaseList(page: number) {
  const query = showcaseListQuery(page);
  const refetchOnMount = useVisitRefetch(query.queryKey);
  return useQuery({ ...query, placeholderData: (prev) => prev, refetchOnMount });
}

export function useShowcase(groupId: string) {
  const query = showcaseDetailQuery(groupId);
  const refetchOnMount = useVisitRefetch(query.queryKey);
  return useQuery({ ...query, refetchOnMount });
}
