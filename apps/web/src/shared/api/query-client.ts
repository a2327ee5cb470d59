import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { keys } from './keys';

/**
 * The app's query client. Reads are stale at once (the default): a page shows what it has and reads again on
 * every visit, so counts and states are never a visit behind; a read that may be reused says so itself.
 * Errors of the caller (4xx) are not retried. After every successful write the 쪽지 badge catches up: an
 * action of one's own (applying, creating a group) may have sent oneself a [시스템] 쪽지.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 1,
      },
    },
    mutationCache: new MutationCache({
      // a fetch already under way is not started again
      // (a view count sends no 쪽지: `meta.quiet`)
      onSuccess: (_data, _vars, _ctx, mutation) =>
        mutation.meta?.quiet
          ? undefined
          : void client.invalidateQueries({ queryKey: keys.messages.unreadCount }, { cancelRefetch: false }),
    }),
  });
  return client;
}
