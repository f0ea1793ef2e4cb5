import { BadRequestException } from '@nestjs/common';

export const DEFAULT_LIFETIME_HOURS = 24;
export const MAX_LIFETIME_HOURS = 720;
const SECONDS_PER_HOUR = 3600;
export const MAX_LIFETIME_SECONDS = MAX_LIFETIME_HOURS * SECONDS_PER_HOUR;

/**
 * `lifetime_hours` (default 24; greater than 0, at most 720; fractions allowed) in whole seconds,
 * at least one: token times are whole seconds.
 */
export function lifetimeSeconds(hours: number | null | undefined): number {
  const value = hours ?? DEFAULT_LIFETIME_HOURS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_LIFETIME_HOURS) {
    throw new BadRequestException(`lifetime_hours must be greater than 0 and at most ${MAX_LIFETIME_HOURS}`);
  }
  return Math.max(1, Math.round(value * SECONDS_PER_HOUR));
}

/**
 * Expiry (epoch seconds) of a token issued at `nowSeconds` for a session created at
 * `createdAtSeconds`: one lifetime from now, never past 720 h from the session's creation.
 */
export function tokenExpiry(nowSeconds: number, lifetime: number, createdAtSeconds: number): number {
  return Math.min(nowSeconds + lifetime, createdAtSeconds + MAX_LIFETIME_SECONDS);
}
