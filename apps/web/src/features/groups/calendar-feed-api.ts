import type { CalendarFeed } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

/** My secret iCalendar address of the group (docs/api.md §10.1). */
export const calendarFeedApi = {
  feed: (groupId: number) => get<CalendarFeed>(`/groups/${groupId}/calendar-feed`),
  renew: (groupId: number) => post<CalendarFeed>(`/groups/${groupId}/calendar-feed`),
};

export const useCalendarFeed = (groupId: number) =>
  useQuery({ queryKey: keys.groups.calendarFeed(groupId), queryFn: () => calendarFeedApi.feed(groupId) });

/** A new address; the old one stops working at once. */
export function useRenewCalendarFeed(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => calendarFeedApi.renew(groupId),
    onSuccess: (feed) => queryClient.setQueryData(keys.groups.calendarFeed(groupId), feed),
  });
}
