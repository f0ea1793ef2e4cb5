import { AuthError, AuthErrorCode } from './auth.errors';

export const DEFAULT_LIFETIME_HOURS = 24;
export const MAX_LIFETIME_HOURS = 720;
const SECONDS_PER_HOUR = 3600;
export const MAX_LIFETIME_SECONDS = MAX_LIFETIME_HOURS * SECONDS_PER_HOUR;

/**
 * `lifetime_hours` (default 24 or the bound when lower; greater than 0, at most `maxHours`;
 * fractions allowed) in whole seconds, at least one: token times are whole seconds. Anonymous
 * sessions pass a lower bound (--anonymous-max-lifetime-hours); a longer one asked is a 400.
 */
export function lifetimeSeconds(hours: number | null | undefined, maxHours = MAX_LIFETIME_HOURS, what = 'lifetime_hours'): number {
  const value = hours ?? Math.min(DEFAULT_LIFETIME_HOURS, maxHours);
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > maxHours) {
    throw new AuthError(AuthErrorCode.LifetimeOutOfRange, `${what} must be greater than 0 and at most ${maxHours}`);
  }
  return Math.max(1, Math.round(value * SECONDS_PER_HOUR));
}

/** A lifetime bound in hours (a configuration value) as whole seconds. */
export const hoursToSeconds = (hours: number): number => Math.max(1, Math.round(hours * SECONDS_PER_HOUR));

/**
 * Expiry (epoch seconds) of a token issued at `nowSeconds` for a session created at
 * `createdAtSeconds`: one lifetime from now, never past `maxTotalSeconds` (720 h; the anonymous
 * bound for anonymous sessions) from the session's creation.
 */
export function tokenExpiry(
  nowSeconds: number,
  lifetime: number,
  createdAtSeconds: number,
  maxTotalSeconds = MAX_LIFETIME_SECONDS,
): number {
  return Math.min(nowSeconds + lifetime, createdAtSeconds + maxTotalSeconds);
}
