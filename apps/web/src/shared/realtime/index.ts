import type { LiveNotification } from '@app/contract';
import { useSyncExternalStore } from 'react';
import { auth } from '../auth/store';
import type { Realtime } from './client';

/**
 * The page's realtime connection, loaded on first use so that the STOMP and SockJS code stays out of the
 * first load (scripts/web-budget.mjs). Its up/down state is readable without loading it.
 */
let connected = false;
const listeners = new Set<() => void>();
let instance: Promise<Realtime> | null = null;

export const getRealtime = (): Promise<Realtime> =>
  (instance ??= import('./client').then(
    (m) =>
      new m.Realtime({
        onConnectedChange(up) {
          if (up === connected) return;
          connected = up;
          listeners.forEach((l) => l());
        },
        userIdOf: (token) => auth.userId(token),
        onSessionChange: (listener) => auth.subscribe(() => listener(auth.token())),
      }),
    (err: unknown) => {
      // a chunk that failed to load (offline) is tried again on the next use
      instance = null;
      throw err;
    },
  ));

export const useRealtimeConnected = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => connected,
    () => false,
  );

/** Live notifications of the token's user, on the shared connection; returns the unsubscribe. */
export function subscribeNotifications(token: string, onNotification: (n: LiveNotification) => void): () => void {
  let cancel: (() => void) | null = null;
  let cancelled = false;
  getRealtime().then(
    (realtime) => {
      if (!cancelled) cancel = realtime.notifications(token, onNotification);
    },
    () => {}, // without the connection the poll still counts
  );
  return () => {
    cancelled = true;
    cancel?.();
  };
}
