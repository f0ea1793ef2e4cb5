import { setTimeout as sleep } from 'node:timers/promises';

/** What `promise` resolves to, or null when it has not within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise, sleep(ms, null, { signal: timer.signal })]);
  } finally {
    timer.abort(); // stops the timer; its AbortError goes to the settled race, which ignores it
  }
}
