const SEOUL_MS = 9 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Chat times: HH:MM for today, otherwise MM.DD HH:MM, in Seoul time. */
export function formatChatTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + SEOUL_MS);
  const today = new Date(now.getTime() + SEOUL_MS);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const sameDay = d.toISOString().slice(0, 10) === today.toISOString().slice(0, 10);
  return sameDay ? time : `${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())} ${time}`;
}
