/**
 * Timestamps are kept as integer microseconds since the Unix epoch (the same in SQLite and
 * PostgreSQL, compared as numbers) and sent as UTC ISO 8601 without a zone, six fractional digits.
 */
export function nowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

export function formatTimestamp(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const fraction = String(micros - millis * 1000).padStart(3, '0');
  return new Date(millis).toISOString().slice(0, 23) + fraction;
}

export function formatOptionalTimestamp(micros: number | null | undefined): string | null {
  return micros === null || micros === undefined ? null : formatTimestamp(micros);
}

/** Parses an ISO 8601 timestamp; one without a zone is taken as UTC. Returns null when invalid. */
export function parseTimestamp(text: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const [, date, time, fraction = '', zone = 'Z'] = match;
  const millis = Date.parse(`${date}T${time}${zone}`);
  if (Number.isNaN(millis)) return null;
  return millis * 1000 + Number(fraction.padEnd(6, '0'));
}
