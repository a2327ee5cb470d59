import { NOTIFICATION_LABELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType } from '@app/contract';
import { useState } from 'react';
import { sessionExpired } from '../../shared/api/client';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { Switch } from '../../shared/ui/Switch';
import { useNotificationSettings, useSaveSwitch } from './api';
import { PushDevice } from './PushDevice';

const CHANNELS: Array<[NotificationChannel, string]> = [
  ['email', '이메일'],
  ['push', '푸시'],
];

export const switchLabel = (type: NotificationType, channelName: string) =>
  `${NOTIFICATION_LABELS[type].name} ${channelName} 알림`;
export const saveFailedText = (type: NotificationType, channelName: string) =>
  `${switchLabel(type, channelName)} 설정을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.`;

/**
 * 알림 설정 on /myinfo: this device's push first, then one row per type (the contract's order) with an 이메일 and a
 * 푸시 switch, each saved the moment it is flipped. At every width the rows are a three-column grid under the
 * column headers, the type's name and when it comes in the first column.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const save = useSaveSwitch();
  const [problem, setProblem] = useState('');

  const flip = (channel: NotificationChannel, channelName: string, type: NotificationType, on: boolean) => {
    setProblem('');
    save.mutate({ channel, type, on }, { onError: (e) => !sessionExpired(e) && setProblem(saveFailedText(type, channelName)) });
  };

  return (
    <section id="notifications" className="card flex flex-col gap-4 p-6" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className="text-lg font-bold">
        알림 설정
      </h2>
      <PushDevice />
      <p className="text-sm text-gray-600">
        알림은 언제나 쪽지함에 남습니다. 종류마다 이메일과 푸시로도 받을지 고르세요. 푸시는 푸시 알림을 켠 기기에만 갑니다.
      </p>
      {settings.isPending && <SkeletonRows rows={4} />}
      {settings.isError && <LoadError onRetry={() => void settings.refetch()} text="알림 설정을 불러오지 못했습니다." />}
      {settings.data && (
        <table className="w-full text-sm" data-testid="notification-settings">
          <thead>
            <tr className="border-b border-gray-200 text-xs text-gray-500">
              <th scope="col" className="py-2 text-left font-medium">
                알림 종류
              </th>
              {CHANNELS.map(([channel, name]) => (
                <th key={channel} scope="col" className="w-16 py-2 text-center font-medium sm:w-20">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type} data-testid="notification-row">
                <th scope="row" className="py-3 pr-2 text-left font-normal">
                  <span className="block font-medium text-gray-900">{NOTIFICATION_LABELS[type].name}</span>
                  <span className="block text-xs break-keep text-gray-500">{NOTIFICATION_LABELS[type].when}</span>
                </th>
                {CHANNELS.map(([channel, name]) => (
                  <td key={channel} className="py-3 text-center">
                    <Switch
                      label={switchLabel(type, name)}
                      on={settings.data[channel][type]}
                      onChange={(on) => flip(channel, name, type, on)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && (
        <p className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
