import { useState, type KeyboardEvent } from 'react';
import { seoulToday } from '../../shared/lib/format';
import { dayPreview, monthOf, monthWeeks, NAME_COLOURS, namesByDate, shiftMonth, WEEKDAYS } from './calendar';
import { useScheduleTotals } from './api';

interface CalendarProps {
  groupId: string;
  onPickDay(date: string): void;
}

/** The month grid: Sunday first, today highlighted, up to 3 names a day; every day is a button. */
export function Calendar({ groupId, onPickDay }: CalendarProps) {
  const today = seoulToday();
  const [month, setMonth] = useState(() => monthOf(today));
  const totals = useScheduleTotals(groupId);
  const names = namesByDate(totals.data);

  return (
    <section className="card p-3 sm:p-5" aria-label="그룹 일정 달력">
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          className="btn-secondary px-3"
          aria-label="이전 달"
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
        >
          ‹
        </button>
        <h2 className="text-lg font-semibold" aria-live="polite">
          {month.year}년 {month.month}월
        </h2>
        <button
          type="button"
          className="btn-secondary px-3"
          aria-label="다음 달"
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
        >
          ›
        </button>
      </div>
      {totals.isError && (
        <p role="alert" className="mb-2 flex items-center justify-between rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          일정을 불러오지 못했습니다.
          <button type="button" className="btn-secondary px-2 py-1" onClick={() => void totals.refetch()}>
            다시 시도
          </button>
        </p>
      )}
      <div
        onKeyDown={moveFocus}
        className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-gray-200 bg-gray-200 text-xs"
      >
        {WEEKDAYS.map((d, i) => (
          <div
            key={d}
            aria-hidden="true"
            className={`bg-gray-50 py-1 text-center font-medium ${i === 0 ? 'text-red-700' : i === 6 ? 'text-blue-500' : 'text-gray-600'}`}
          >
            {d}
          </div>
        ))}
        {monthWeeks(month)
          .flat()
          .map((date, i) =>
            date ? (
              <DayCell key={date} date={date} names={names.get(date) ?? []} today={date === today} onPick={onPickDay} />
            ) : (
              <div key={`empty-${i}`} className="min-h-16 bg-white sm:min-h-24" aria-hidden="true" />
            ),
          )}
      </div>
    </section>
  );
}

const ARROW_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** Arrow keys move between the days of the shown month (Tab still walks every day). */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const delta = ARROW_DAYS[e.key];
  const from = (e.target as HTMLElement).dataset.date;
  if (!delta || !from) return;
  const target = new Date(Date.parse(`${from}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
  const cell = e.currentTarget.querySelector<HTMLElement>(`[data-date="${target}"]`);
  if (cell) {
    e.preventDefault();
    cell.focus();
  }
}

function DayCell({ date, names, today, onPick }: { date: string; names: string[]; today: boolean; onPick(date: string): void }) {
  const day = Number(date.slice(8));
  const { shown, more } = dayPreview(names);
  return (
    <button
      type="button"
      data-date={date}
      aria-current={today ? 'date' : undefined}
      className={`flex min-h-16 min-w-0 flex-col items-stretch gap-0.5 p-0.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset sm:min-h-24 sm:p-1.5 ${
        today ? 'bg-indigo-50' : 'bg-white hover:bg-gray-50'
      }`}
      onClick={() => onPick(date)}
    >
      <span
        className={`inline-flex h-5 w-5 items-center justify-center self-start rounded-full text-[11px] ${
          today ? 'bg-indigo-600 font-bold text-white' : 'text-gray-700'
        }`}
      >
        {/* the name is read from the content ("11월 1일 …"), so it contains what is seen (label in name) */}
        <span className="sr-only">{Number(date.slice(5, 7))}월 </span>
        {day}
        <span className="sr-only">일{names.length ? `, 일정 ${names.length}개` : ''}</span>
      </span>
      {shown.map((name, i) => (
        <span
          key={i}
          className={`truncate rounded px-0.5 text-[9px] leading-4 sm:px-1 sm:text-xs ${NAME_COLOURS[i % NAME_COLOURS.length]}`}
        >
          {name}
        </span>
      ))}
      {more > 0 && (
        <span className="px-0.5 text-[9px] leading-4 tracking-tighter whitespace-nowrap text-gray-600 sm:px-1 sm:text-xs sm:tracking-normal">
          + {more} more
        </span>
      )}
    </button>
  );
}
