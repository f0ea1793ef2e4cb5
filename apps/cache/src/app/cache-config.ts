import { parsePositiveNumber, ServiceDefinition } from '@simsvc/platform';
import { MAX_TTL_HOURS } from '@simsvc/contracts';
import { InvalidArgumentError } from 'commander';

export interface CacheConfig {
  defaultTtlHours: number;
  /** POST /cache per anonymous session and minute (a bucket of this many, refilled evenly); 0: no limit. */
  anonymousWritesPerMinute: number;
  /** PostgreSQL statement_timeout of a key-pattern query, in milliseconds. */
  patternTimeLimitMs: number;
}

const parseTtl = (value: string): number => {
  const hours = parsePositiveNumber(value);
  if (hours > MAX_TTL_HOURS) throw new InvalidArgumentError(`must be at most ${MAX_TTL_HOURS}`);
  return hours;
};

const parseCount = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000) throw new InvalidArgumentError('must be an integer from 0 to 1000000');
  return Number(value);
};

const parseMilliseconds = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 600_000) {
    throw new InvalidArgumentError('must be an integer from 1 to 600000');
  }
  return Number(value);
};

export const CACHE_SERVICE: ServiceDefinition<CacheConfig> = {
  service: 'cache',
  description: 'simsvc cache: references to finished simulation runs under caller-chosen keys',
  extraOptions: [
    {
      flags: '--default-ttl-hours <hours>',
      description: 'lifetime of entries stored without a TTL',
      env: 'DEFAULT_TTL_HOURS',
      default: 24,
      parse: parseTtl,
    },
    {
      flags: '--anonymous-writes-per-minute <count>',
      description: 'POST /cache per anonymous session and minute, beyond which it answers 429 with Retry-After (0: no limit)',
      env: 'ANONYMOUS_WRITES_PER_MINUTE',
      default: 60,
      parse: parseCount,
    },
    {
      flags: '--pattern-time-limit-ms <ms>',
      description: 'PostgreSQL: statement time limit of a key-pattern query, beyond which it answers 503 "pattern too expensive"',
      env: 'PATTERN_TIME_LIMIT_MS',
      default: 2000,
      parse: parseMilliseconds,
    },
  ],
  extra: (values) => ({
    defaultTtlHours: values['defaultTtlHours'] as number,
    anonymousWritesPerMinute: values['anonymousWritesPerMinute'] as number,
    patternTimeLimitMs: values['patternTimeLimitMs'] as number,
  }),
};
