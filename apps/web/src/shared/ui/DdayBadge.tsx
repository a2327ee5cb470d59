import { daysLeft } from '../lib/format';
import { useNow } from '../lib/now';

export type DdayTone = 'red' | 'yellow' | 'gray';

const TONE_CLASS: Record<DdayTone, string> = {
  red: 'bg-red-100 text-red-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  gray: 'bg-gray-100 text-gray-600',
};

/** Detail pages: red at 7 days or fewer, yellow at 30 or fewer; list cards only mark the red range. */
export function ddayTone(days: number, variant: 'detail' | 'card'): DdayTone {
  if (days <= 7) return 'red';
  if (variant === 'detail' && days <= 30) return 'yellow';
  return 'gray';
}

export function DdayBadge({ dueDate, variant = 'card' }: { dueDate: string; variant?: 'detail' | 'card' }) {
  const days = daysLeft(dueDate, useNow());
  const tone = ddayTone(days, variant);
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${TONE_CLASS[tone]}`}
      data-testid="dday-badge"
      data-tone={tone}
    >
      D-{days}
    </span>
  );
}
