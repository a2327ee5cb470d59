import { useAuth } from '../../shared/auth/store';
import { useUnreadCount, useUnreadCountRefresh } from './api';

/** The header's unread 쪽지 count; refreshed every 30 s, on page changes, after writes and 쪽지 actions. */
export function UnreadBadge() {
  const { token } = useAuth();
  const { data } = useUnreadCount(Boolean(token));
  useUnreadCountRefresh(Boolean(token));
  if (!token || !data) return null;
  return (
    <span
      data-testid="unread-badge"
      aria-label={`읽지 않은 쪽지 ${data}개`}
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1 text-[11px] font-bold leading-none text-white"
    >
      {data > 99 ? '99+' : data}
    </span>
  );
}
