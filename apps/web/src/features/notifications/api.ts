import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationSettings, NotificationType, PushSubscriptionBody } from '@app/contract';
import { del, get, post, put } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

// 알림 설정 and this device's web push (docs/api.md §10.1).

export const useNotificationSettings = () =>
  useQuery({ queryKey: keys.notificationSettings, queryFn: () => get<NotificationSettings>('/notification-settings') });

export interface SwitchChange {
  channel: NotificationChannel;
  type: NotificationType;
  on: boolean;
}

/**
 * One switch, saved at once with a PUT of just that switch. The screen shows the new position before the answer
 * and goes back to the previous one if the save fails; the server's whole answer then replaces the cached settings.
 */
export function useSaveSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: keys.notificationSettings,
    mutationFn: ({ channel, type, on }: SwitchChange) =>
      put<NotificationSettings>('/notification-settings', { [channel]: { [type]: on } }),
    onMutate: async ({ channel, type, on }) => {
      await client.cancelQueries({ queryKey: keys.notificationSettings });
      client.setQueryData<NotificationSettings>(keys.notificationSettings, (s) =>
        s ? { ...s, [channel]: { ...s[channel], [type]: on } } : s,
      );
    },
    onSuccess: (settings) => {
      // while another switch is still on its way, its new position stays on screen until its own answer
      if (client.isMutating({ mutationKey: keys.notificationSettings }) <= 1)
        client.setQueryData(keys.notificationSettings, settings);
    },
    onError: (_e, { channel, type, on }) =>
      // only this switch goes back: another switch saved meanwhile keeps its new position
      client.setQueryData<NotificationSettings>(keys.notificationSettings, (s) =>
        s ? { ...s, [channel]: { ...s[channel], [type]: !on } } : s,
      ),
  });
}

/** The VAPID public key (base64url) that this site's push subscriptions are made with; public, read when needed. */
export const pushPublicKey = queryOptions({
  queryKey: keys.pushPublicKey,
  queryFn: () => get<string>('/push/public-key'),
  staleTime: Infinity,
});

export const pushApi = {
  save: (body: PushSubscriptionBody) => post<unknown>('/push/subscriptions', body),
  remove: (endpoint: string) => del<unknown>('/push/subscriptions', { endpoint }),
};
