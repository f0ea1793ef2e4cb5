// How the runs table shows values: short for reading, the exact value on hover.
import { parseServiceTime } from '../../session/stored-session';

/** A number to 4 significant digits (no exponent between 1e-3 and 1e6); anything else as text. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 1e6) return String(value);
    const magnitude = Math.abs(value);
    if (magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e6)) return value.toExponential(3).replace(/\.?0+e/, 'e');
    return String(Number(value.toPrecision(4)));
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The exact value, for the cell's title; none when the short form is already exact. */
export function exactValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const exact = typeof value === 'string' ? value : JSON.stringify(value);
  return exact === shortValue(value) ? undefined : exact;
}

/** A service timestamp as `2026-11-22 10:12:05` (UTC, said in the column header). */
export function shortTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = parseServiceTime(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

export function shortDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return `${Number(seconds.toPrecision(3))} s`;
  if (seconds < 3600) return `${(seconds / 60).toFixed(1)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
