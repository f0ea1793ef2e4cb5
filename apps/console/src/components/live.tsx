import { useCallback, useEffect, useState } from 'react';

/** Seconds between polls while answers arrive; doubled after each failed poll, up to MAX. */
export const LIVE_INTERVAL_MS = 5_000;
const MAX_INTERVAL_MS = 80_000;

/** The next poll's delay: the base interval, doubled for each failure in a row (back-off). */
export function liveDelayMs(failuresInARow: number): number {
  return Math.min(MAX_INTERVAL_MS, LIVE_INTERVAL_MS * 2 ** Math.max(0, failuresInARow));
}

export interface Live {
  paused: boolean;
  setPaused(paused: boolean): void;
  /** For useQuery's refetchInterval: false while paused, else the backed-off delay. */
  refetchInterval(query: { state: { fetchFailureCount: number } }): number | false;
}

/**
 * A page that refreshes itself: its queries poll while it is shown (TanStack Query stops polling
 * a hidden tab) and not paused, backing off while the service fails.
 */
export function useLive(): Live {
  const [paused, setPaused] = useState(false);
  const refetchInterval = useCallback(
    (query: { state: { fetchFailureCount: number } }) => (paused ? false : liveDelayMs(query.state.fetchFailureCount)),
    [paused],
  );
  return { paused, setPaused, refetchInterval };
}

/** "Updated 4 s ago" (the oldest of the page's live queries), and the Pause/Resume switch. */
export function LiveStatus({ live, updatedAt, failed }: { live: Live; updatedAt: number[]; failed: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const known = updatedAt.filter((t) => t > 0);
  const oldest = known.length > 0 ? Math.min(...known) : undefined;
  const age = oldest === undefined ? undefined : Math.max(0, Math.round((now - oldest) / 1000));
  return (
    <div className="live">
      <span aria-live="off" className="live-age">
        {live.paused ? 'Paused' : 'Live'}
        {age !== undefined && ` · updated ${age} s ago`}
        {failed && !live.paused && ' · the last update failed, retrying less often'}
      </span>
      <button type="button" className="secondary small" onClick={() => live.setPaused(!live.paused)}>
        {live.paused ? 'Resume live updates' : 'Pause live updates'}
      </button>
    </div>
  );
}
