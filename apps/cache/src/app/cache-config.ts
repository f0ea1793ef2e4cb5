import { parsePositiveNumber, ServiceDefinition } from '@simsvc/platform';
import { MAX_TTL_HOURS } from '@simsvc/contracts';
import { InvalidArgumentError } from 'commander';

export interface CacheConfig {
  defaultTtlHours: number;
}

const parseTtl = (value: string): number => {
  const hours = parsePositiveNumber(value);
  if (hours > MAX_TTL_HOURS) throw new InvalidArgumentError(`must be at most ${MAX_TTL_HOURS}`);
  return hours;
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
  ],
  extra: (values) => ({ defaultTtlHours: values['defaultTtlHours'] as number }),
};
