import type { PushSubscriptionBody } from '@app/contract';

/** Web push on this device, as far as the browser tells: nothing here talks to our server. */
export type DevicePush =
  { kind: 'unsupported'; ios: boolean } | { kind: 'denied' } | { kind: 'off' } | { kind: 'on'; subscription: PushSubscription };

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

export const canPush = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * The site's service worker registration. Production builds register it on load (main.tsx); registering again
 * is harmless and makes push work where it was not registered yet (the dev server).
 */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export async function readDevicePush(): Promise<DevicePush> {
  if (!canPush()) return { kind: 'unsupported', ios: isIos() };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const existing = await navigator.serviceWorker.getRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? { kind: 'on', subscription } : { kind: 'off' };
}

/** base64url (the VAPID key as the server gives it) to bytes, as `applicationServerKey` takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Subscribes this browser with the server's key. A subscription made with another key (the server's keys changed)
 * is replaced: the browser refuses a second key for one registration.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const reg = await registration();
  const key = base64UrlBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export const subscriptionBody = (s: PushSubscription) => s.toJSON() as PushSubscriptionBody;
