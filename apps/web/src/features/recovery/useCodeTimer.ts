import { CODE_TTL_SECONDS } from '@app/contract';
import { useEffect, useState } from 'react';

/** The 3-minute code timer: counts down from a deadline, so a throttled tab never drifts; `start` restarts it. */
export function useCodeTimer(seconds = CODE_TTL_SECONDS) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const remaining = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = remaining !== null && remaining > 0;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [running]);

  return {
    /** seconds left; null before the first start */
    remaining,
    start() {
      const t = Date.now();
      setNow(t);
      setDeadline(t + seconds * 1000);
    },
  };
}

/** `m:ss` while running. */
export const formatRemaining = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
