import type { MessageItem } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeNotifications, useRealtimeConnected } from '../../shared/realtime';
import { keys } from '../../shared/api/keys';

const RECENT_SIZE = 5;

/**
 * A new 쪽지 pushed on the user's notification queue shows at once: the badge counts it and the dropdown lists
 * it; then every 쪽지 list is read again to stay exact. A `resync` (pushes may have been lost on the server's
 * side) reads them again.
 */
export function useLiveMessages(token: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications(token, (notification) => {
      if (notification.kind === 'resync') return void client.invalidateQueries({ queryKey: keys.messages.all });
      const { message } = notification;
      client.setQueryData<number>(keys.messages.unreadCount, (n) => (n ?? 0) + 1);
      client.setQueryData<MessageItem[]>(keys.messages.recent, (items) =>
        items ? [message, ...items.filter((m) => m.messageId !== message.messageId)].slice(0, RECENT_SIZE) : items,
      );
      void client.invalidateQueries({ queryKey: keys.messages.all });
    });
  }, [client, token]);

  // a 쪽지 that came while the socket was (re)connecting was pushed to nobody: read again once it is up
  const live = useRealtimeConnected();
  useEffect(() => {
    if (token && live) void client.invalidateQueries({ queryKey: keys.messages.all });
  }, [client, token, live]);
}
