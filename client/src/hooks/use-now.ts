import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` while the component is mounted: countdowns and "late" marks move on
 * their own without waiting for the next server update.
 */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
