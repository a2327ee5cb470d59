/** 11 digits as 3-4-4, 10 digits as 3-3-4; anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}-${value.slice(3, 7)}-${value.slice(7)}`;
  if (/^\d{10}$/.test(value)) return `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}`;
  return value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A server DateTime (with offset) shown as Seoul time: YYYY.MM.DD HH:mm. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

/** Today's date in Asia/Seoul as YYYY-MM-DD. */
export function seoulToday(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/** Days until dueDate (Seoul), rounded up, never below 0. */
export function daysLeft(dueDate: string, now = new Date()): number {
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const today = Date.parse(`${seoulToday(now)}T00:00:00Z`);
  return Math.max(0, Math.ceil((due - today) / 86_400_000));
}

/** A business date YYYY-MM-DD in the one date style of the app: YYYY.MM.DD. */
export function formatDay(ymd: string | null | undefined): string {
  return ymd ? ymd.replaceAll('-', '.') : '';
}

/** When something happened: 방금 전 / N분 전 / N시간 전 within the last day, otherwise YYYY.MM.DD. */
export function formatWhen(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 0 || minutes >= 24 * 60) return formatDate(iso);
  if (minutes < 1) return '방금 전';
  if (minutes < 60) return `${minutes}분 전`;
  return `${Math.floor(minutes / 60)}시간 전`;
}
