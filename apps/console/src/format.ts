import { parseServiceTime } from './session/stored-session';

/** A service timestamp (UTC, no zone) as `2026-11-22 10:12 UTC`. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = parseServiceTime(value);
  return Number.isNaN(time) ? value : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}

export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return seconds < 60 ? `${seconds.toFixed(2)} s` : `${(seconds / 60).toFixed(1)} min`;
}
