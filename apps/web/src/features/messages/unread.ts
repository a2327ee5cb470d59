import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { get } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';
import { useRealtimeConnected } from '../../shared/realtime';

// The header's badge is on every page, so this is in the first load; the rest of the 쪽지 reads (api.ts) are not.

const unreadCount = () => get<number>('/messages/unread-count');

const UNREAD_REFRESH_MS = 30_000;
/** while the realtime connection is up, new 쪽지 are pushed: the poll only backs it up */
const UNREAD_REFRESH_LIVE_MS = 300_000;

export const useUnreadCount = (enabled: boolean) => {
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: keys.messages.unreadCount,
    queryFn: unreadCount,
    enabled,
    refetchInterval: live ? UNREAD_REFRESH_LIVE_MS : UNREAD_REFRESH_MS,
  });
};

/**
 * Besides the 30 s poll, the badge catches up on every page change (and after every successful write: the
 * query client's mutation cache, shared/api/query-client.ts).
 */
export function useUnreadCountRefresh(enabled: boolean) {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    // a fetch already under way (the first one on mount) is not started again
    const refresh = () => void client.invalidateQueries({ queryKey: keys.messages.unreadCount }, { cancelRefetch: false });
    refresh();
  }, [client, enabled, pathname]);
}
