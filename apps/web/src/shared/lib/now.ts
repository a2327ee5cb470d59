import { useSyncExternalStore } from 'react';

/**
 * The time relative dates and D-day badges are computed from. A server-rendered page carries the instant it
 * was rendered at (`pinNow`): the server renders with it and the client takes the page over with it, so the
 * text matches exactly (no hydration mismatch even for a page cached a while); then the client's own time,
 * advanced every minute, takes over.
 */
let pinned: number | null = null;
let current = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

export function pinNow(instant: number | null) {
  pinned = instant;
}

function subscribe(listener: () => void) {
  // a first subscriber after a long idle time must not start from a stale minute (React reads the snapshot
  // again after subscribing)
  if (listeners.size === 0) current = Date.now();
  listeners.add(listener);
  timer ??= setInterval(() => {
    current = Date.now();
    listeners.forEach((l) => l());
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const clientNow = () => current;

/** Now, as a Date: the page's render time while hydrating, the client's time after. */
export function useNow(): Date {
  const instant = useSyncExternalStore(subscribe, clientNow, () => pinned ?? clientNow());
  return new Date(instant);
}
