import { matchPublicRoute } from '@app/contract/public-routes';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { prefetchPopular } from '../features/home/popular';
import { listParams, postListQuery } from '../features/posts/list-query';
import { RECRUITMENT, STUDY_GROUP } from '../features/posts/kinds';
import { markFirstLoad } from '../shared/api/first-load';
import { routes } from './routes';

/**
 * The first route's code and data start together, before React renders: otherwise the lazy route chunk
 * loads, then renders, then asks for its data, one after the other. The same query keys as the pages, so
 * useQuery finds them in flight or done; the reads themselves may already have started in index.html (its
 * inline script; shared/api/client.ts takes them). Resolves when the route's chunk is in (or failed), so the
 * first render needs no Suspense fallback.
 */
export function startFirstRoute(client: QueryClient, url: URL): Promise<unknown> {
  const match = matchPublicRoute(url.pathname);
  const name = match && match !== 'not-found' ? match.name : null;
  const kind = name === 'recruitments' ? RECRUITMENT : name === 'studyGroups' ? STUDY_GROUP : null;
  if (name === 'home') prefetchPopular(client);
  else if (kind) {
    const query = postListQuery(kind, listParams(url.searchParams));
    markFirstLoad(query.queryKey);
    // only what is missing: a server-rendered page brought its reads
    void client.prefetchQuery({ ...query, staleTime: Infinity });
  }
  // the route <Routes> will pick (same ranking)
  const route = matchRoutes(routes, url.pathname)?.[0]?.route;
  return route ? route.Page.preload().catch(() => undefined) : Promise.resolve();
}
