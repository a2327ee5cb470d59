import { WITHDRAWN_NAME, type CalendarFeed } from '@app/contract';
import ical from 'ical-generator';
import type { FeedContent } from './service.js';
import { writerLine } from './texts.js';

/** The member's feed address: `{PUBLIC_URL}/cal/{secret}.ics`. */
export const presentFeedUrl = (publicUrl: string, secret: string): CalendarFeed => ({ url: `${publicUrl}/cal/${secret}.ics` });

/** A date-only value at UTC midnight: ical-generator writes all-day dates with the UTC fields when no zone is set. */
const day = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + plusDays));
};

const CALENDAR_TIMEZONE = 'X-WR-TIMEZONE:Asia/Seoul';

/**
 * The feed as iCalendar (RFC 5545): one all-day event per entry, its UID stable for the entry and its SEQUENCE the
 * entry's edits, so a subscribed calendar updates the event it already shows.
 */
export function renderCalendar(publicUrl: string, { groupName, entries }: FeedContent): string {
  const host = new URL(publicUrl).hostname;
  // no calendar-wide timezone: ical-generator would then write DTSTAMP as a floating local time instead of UTC
  const calendar = ical({ name: groupName, prodId: { company: host, product: 'calendar-feed', language: 'KO' }, ttl: 60 * 60 });
  for (const entry of entries) {
    calendar.createEvent({
      id: `schedule-${entry.id}@${host}`,
      allDay: true,
      start: day(entry.date),
      end: day(entry.date, 1),
      summary: entry.content,
      description: writerLine(entry.nickname ?? WITHDRAWN_NAME),
      sequence: entry.sequence,
      stamp: entry.updatedAt,
      created: entry.createdAt,
      lastModified: entry.updatedAt,
    });
  }
  // ical-generator writes calendar x-properties after the events; RFC 5545 puts calendar properties first
  const body = calendar.toString();
  const firstEvent = body.indexOf('\r\nBEGIN:VEVENT');
  const at = firstEvent >= 0 ? firstEvent : body.indexOf('\r\nEND:VCALENDAR');
  return `${body.slice(0, at)}\r\n${CALENDAR_TIMEZONE}${body.slice(at)}`;
}
