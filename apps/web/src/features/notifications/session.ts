/**
 * When the session changes (logout, another person's login, a 401), this browser stops receiving the previous
 * person's push notifications: its subscription ends here, and the push service's 410 makes the server forget it.
 * Small on purpose: the session owner (main.tsx) loads it with the app's entry.
 */
export function dropDevicePush() {
  navigator.serviceWorker
    ?.getRegistration()
    .then((r) => r?.pushManager?.getSubscription())
    .then((s) => s?.unsubscribe())
    .catch(() => {});
}
