import { daysLeft, formatDateTime, seoulToday } from '../../shared/lib/format';
import { useNow } from '../../shared/lib/now';

/** Whether the review window ending at `end` is still open now. */
export const windowOpen = (end: string, now: Date) => now.getTime() < new Date(end).getTime();

/** The review window's end as a D-day (counted in Seoul days), or 마감 once it has passed. */
export function WindowDday({ end }: { end: string }) {
  const now = useNow();
  const open = windowOpen(end, now);
  const days = daysLeft(seoulToday(new Date(end)), now);
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${
        !open ? 'bg-gray-100 text-gray-600' : days <= 3 ? 'bg-red-100 text-red-700' : 'bg-indigo-100 text-indigo-700'
      }`}
      data-testid="review-dday"
      title={`${formatDateTime(end)}까지`}
    >
      {open ? `D-${days}` : '마감'}
    </span>
  );
}
