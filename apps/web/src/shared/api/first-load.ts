import { hashKey, type Query, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Keys the first-load prefetch read (app/first-route.ts), or whose data came inside a server-rendered page:
 * that read is the first visit's own read.
 */
const prefetched = new Set<string>();

export function markFirstLoad(queryKey: QueryKey) {
  prefetched.add(hashKey(queryKey));
}

/**
 * `refetchOnMount` for a page that reads again on every visit (the default, shared/api/query-client.ts): its first mount does not repeat
 * the read the first-load prefetch made moments ago, unless a write invalidated it since.
 */
export function useVisitRefetch(queryKey: QueryKey) {
  const [firstLoad] = useState(() => prefetched.delete(hashKey(queryKey)));
  return firstLoad ? (q: Pick<Query, 'state'>) => q.state.isInvalidated : true;
}
