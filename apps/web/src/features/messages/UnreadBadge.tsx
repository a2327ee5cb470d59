import { useAuth } from '../../shared/auth/store';
import { useUnreadCount, useUnreadCountRefresh } from './unread';
import { useLiveMessages } from './live';

/**
 * The header's unread 쪽지 count: pushed live over the realtime connection; polled every 30 s (5 min while the
 * connection is up), and refreshed on page changes, after writes and 쪽지 actions.
 */
export function UnreadBadge() {
  const { token } = useAuth();
  const { data } = useUnreadCount(Boolean(token));
  useUnreadCountRefresh(Boolean(token));
  useLiveMessages(token);
  if (!token || !data) return null;
  // read with the button's name: "쪽지함, 읽지 않은 쪽지 3개" (the visible number is part of it)
  return (
    <>
      <span className="sr-only">, 읽지 않은 쪽지 </span>
      <span
        data-testid="unread-badge"
        className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
      >
        {data > 99 ? '99+' : data}
      </span>
      <span className="sr-only">개</span>
    </>
  );
}
