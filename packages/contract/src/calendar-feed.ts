import { z } from 'zod';

/** A member's secret iCalendar address of a group's schedules (docs/api.md §10.1). */
export const calendarFeed = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeed>;
