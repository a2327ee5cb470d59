import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, sessionExpired } from '../../shared/api/client';
import { pushApi, pushPublicKey } from './api';
import { readDevicePush, subscribeDevice, subscriptionBody, type DevicePush } from './device-push';

export const PUSH_ON_BUTTON = '이 기기에서 푸시 알림 받기';
export const PUSH_OFF_BUTTON = '이 기기의 푸시 알림 끄기';
export const PUSH_DISMISSED_TEXT = '알림을 허용해야 이 기기에서 푸시 알림을 받을 수 있습니다.';
export const PUSH_FAILED_TEXT = '이 기기에서 푸시 알림을 켜지 못했습니다. 잠시 후 다시 시도해 주세요.';

/** What this device does with push, with the one action that fits: turn it on, turn it off, or how to allow it. */
export function PushDevice() {
  const client = useQueryClient();
  const [device, setDevice] = useState<DevicePush | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const refresh = useCallback(async () => {
    const next = await readDevicePush().catch((): DevicePush => ({ kind: 'off' }));
    setDevice(next);
    return next;
  }, []);

  useEffect(() => {
    // a subscription this browser holds is stated again, so the server has it even if it had dropped it
    void refresh().then((d) => d.kind === 'on' && pushApi.save(subscriptionBody(d.subscription)).catch(() => {}));
    // the person may allow or block notifications in the browser's settings while the page is open
    let live = true;
    let status: PermissionStatus | undefined;
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (!live) return;
        status = s;
        s.onchange = () => void refresh();
      })
      .catch(() => {});
    return () => {
      live = false;
      if (status) status.onchange = null;
    };
  }, [refresh]);

  const turnOn = async () => {
    setBusy(true);
    setProblem('');
    try {
      // first, straight from the click: browsers ask only in answer to a person's gesture
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'default') setProblem(PUSH_DISMISSED_TEXT);
        return;
      }
      const subscription = await subscribeDevice(await client.fetchQuery(pushPublicKey));
      try {
        await pushApi.save(subscriptionBody(subscription));
      } catch (e) {
        await subscription.unsubscribe().catch(() => {});
        throw e;
      }
    } catch (e) {
      if (!sessionExpired(e)) setProblem(e instanceof ApiError ? e.message : PUSH_FAILED_TEXT);
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const turnOff = async (subscription: PushSubscription) => {
    setBusy(true);
    setProblem('');
    // ended on both sides; if the server cannot be told now, the push service's 410 tells it at the next send
    await Promise.allSettled([pushApi.remove(subscription.endpoint), subscription.unsubscribe()]);
    await refresh();
    setBusy(false);
  };

  if (!device) return <div className="h-16" aria-hidden="true" />;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-gray-50 p-4 text-sm" data-testid="push-device">
      {device.kind === 'unsupported' && (
        <p className="text-gray-700">
          이 브라우저에서는 푸시 알림을 받을 수 없습니다.{' '}
          {device.ios
            ? 'iPhone·iPad에서는 Safari 공유 메뉴의 ‘홈 화면에 추가’로 팀메이트를 추가한 뒤, 홈 화면의 팀메이트에서 사용할 수 있습니다.'
            : '이메일 알림은 그대로 받을 수 있습니다.'}
        </p>
      )}
      {device.kind === 'denied' && (
        <p className="text-gray-700">
          이 브라우저에서 팀메이트의 알림이 차단되어 있습니다. 주소창 왼쪽의 사이트 정보 아이콘을 눌러 알림을 ‘허용’으로 바꾼 뒤
          이 페이지를 새로고침해 주세요.
        </p>
      )}
      {device.kind === 'off' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-gray-700">이 기기에서는 푸시 알림을 받지 않고 있습니다.</p>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void turnOn()}>
            {PUSH_ON_BUTTON}
          </button>
        </div>
      )}
      {device.kind === 'on' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-gray-700">이 기기에서 푸시 알림을 받고 있습니다.</p>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void turnOff(device.subscription)}>
            {PUSH_OFF_BUTTON}
          </button>
        </div>
      )}
      {problem && (
        <p className="text-red-700" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
