export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function monthOf(date: string): Month {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function shiftMonth({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month's weeks, Sunday first: each cell a date (YYYY-MM-DD) or null outside the month. */
export function monthWeeks({ year, month }: Month): Array<Array<string | null>> {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: firstWeekday }, () => null);
  for (let d = 1; d <= days; d++) cells.push(isoDate(year, month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Nicknames per date, in the server's order. */
export function namesByDate(entries: Array<{ date: string; nickname: string }> | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const e of entries ?? []) map.set(e.date, [...(map.get(e.date) ?? []), e.nickname]);
  return map;
}

export const MAX_NAMES_PER_DAY = 3;
export const NAME_COLOURS = ['bg-indigo-100 text-indigo-800', 'bg-emerald-100 text-emerald-800', 'bg-amber-100 text-amber-800'];
export const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** Up to three names shown, the rest counted: '+ N more'. */
export function dayPreview(names: string[]): { shown: string[]; more: number } {
  return { shown: names.slice(0, MAX_NAMES_PER_DAY), more: Math.max(0, names.length - MAX_NAMES_PER_DAY) };
}
