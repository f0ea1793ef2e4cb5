import { formatOptionalTimestamp, formatTimestamp, nowMicros, parseTimestamp } from './timestamp';

describe('timestamps', () => {
  it('formats microseconds as UTC ISO 8601 without zone, six fractional digits', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 10, 12, 25, 123) * 1000)).toBe('2026-11-22T10:12:25.123000');
    expect(formatTimestamp(Date.UTC(2026, 0, 1) * 1000 + 7)).toBe('2026-01-01T00:00:00.000007');
    expect(formatTimestamp(Date.UTC(2026, 0, 1) * 1000 + 999_999)).toBe('2026-01-01T00:00:00.999999');
    expect(formatOptionalTimestamp(null)).toBeNull();
  });

  it('agrees with Date.toISOString across days, day ends and before 1970', () => {
    const viaDate = (micros: number) => {
      const millis = Math.floor(micros / 1000);
      return new Date(millis).toISOString().slice(0, 23) + String(micros - millis * 1000).padStart(3, '0');
    };
    const start = Date.UTC(2026, 10, 22) * 1000;
    const samples = [-1, 0, 1, -86_400_000_000, start - 1, start, start + 86_399_999_999];
    for (let step = 0; step < 500; step += 1) samples.push(start - step * 7_654_321_123 + step);
    for (const micros of samples) expect(formatTimestamp(micros)).toBe(viaDate(micros));
  });

  it('parses with or without zone and fraction, and round-trips', () => {
    const micros = Date.UTC(2026, 10, 22, 10, 12, 25) * 1000 + 123_456;
    expect(parseTimestamp('2026-11-22T10:12:25.123456')).toBe(micros);
    expect(parseTimestamp('2026-11-22 10:12:25.123456')).toBe(micros);
    expect(parseTimestamp('2026-11-22T12:12:25.123456+02:00')).toBe(micros);
    expect(parseTimestamp('2026-11-22T10:12:25Z')).toBe(micros - 123_456);
    expect(parseTimestamp(formatTimestamp(micros))).toBe(micros);
    expect(parseTimestamp('yesterday')).toBeNull();
    expect(parseTimestamp('2026-13-45T99:00:00')).toBeNull();
  });

  it('moves forward with sub-millisecond resolution', () => {
    const first = nowMicros();
    const second = nowMicros();
    expect(second).toBeGreaterThanOrEqual(first);
    expect(Math.abs(first / 1000 - Date.now())).toBeLessThan(50);
  });
});
