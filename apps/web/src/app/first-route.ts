import type { QueryClient } from '@tanstack/react-query';
import { prefetchPopular } from '../features/home/popular';
import { listParams, postListQuery } from '../features/posts/api';
import { RECRUITMENT, STUDY_GROUP } from '../features/posts/kinds';

/**
 * The first route's code and data start together, before React renders: otherwise the lazy route chunk
 * loads, then renders, then asks for its data, one after the other. The same import() and query keys as
 * routes.tsx and the pages, so React.lazy and useQuery find them in flight or done.
 */
export function startFirstRoute(client: QueryClient, url: URL) {
  const lists = { '/recruitments': RECRUITMENT, '/study-groups': STUDY_GROUP } as const;
  if (url.pathname === '/') {
    void import('../features/home/HomePage');
    prefetchPopular(client);
  } else if (url.pathname in lists) {
    const kind = lists[url.pathname as keyof typeof lists];
    void (kind === RECRUITMENT
      ? import('../features/posts/RecruitmentListPage')
      : import('../features/posts/StudyGroupListPage'));
    void client.prefetchQuery(postListQuery(kind, listParams(url.searchParams)));
  }
}
