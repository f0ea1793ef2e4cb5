/** @ApiProperty options of a timestamp (contract §1). */
export const TIMESTAMP_API = {
  type: String,
  example: '2026-11-22T10:12:25.123000',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}$',
  description: 'UTC, ISO 8601 without time zone, six fractional digits',
} as const;
