import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds (the SMS code's resend wait): `start(seconds)` begins it, `remaining`
 * falls to 0 once a second. Measured against the clock, so a throttled timer does not stretch it.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endsAt === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    if (seconds > 0) setEndsAt(Date.now() + seconds * 1000);
  }, []);

  return { remaining, start };
}
