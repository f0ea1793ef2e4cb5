import { ServiceDefinition } from '@simsvc/platform';
import { DEFAULT_RUN_DATABASE_LIMITS } from './run-database/run-database-limits';
import { InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';

export interface ResultsConfig {
  /** Absolute; run databases are only ever opened below it. */
  runsRoot: string;
  /** Largest run database read (and copied), in bytes. */
  maxRunDbBytes: number;
}

const parseDirectory = (value: string): string => {
  if (value.trim() === '' || value.includes('\0')) throw new InvalidArgumentError('must be a directory path');
  return value;
};

const parseByteCount = (value: string): number => {
  const bytes = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(bytes) || bytes < 1)
    throw new InvalidArgumentError('must be a whole number of bytes, at least 1');
  return bytes;
};

export const RESULTS_SERVICE: ServiceDefinition<ResultsConfig> = {
  service: 'results',
  description: 'simsvc results: introspects finished runs and keeps their parameters searchable, with statistics',
  extraOptions: [
    {
      flags: '--runs-root <dir>',
      description: 'directory holding the run databases; none outside it is ever opened',
      env: 'RUNS_ROOT',
      default: './data/runs',
      parse: parseDirectory,
    },
    {
      flags: '--max-run-db-bytes <bytes>',
      description: 'largest run database read (it is copied whole first); a larger one is refused with 413',
      env: 'MAX_RUN_DB_BYTES',
      default: DEFAULT_RUN_DATABASE_LIMITS.maxFileBytes,
      parse: parseByteCount,
    },
  ],
  extra: (values) => ({ runsRoot: resolve(values['runsRoot'] as string), maxRunDbBytes: values['maxRunDbBytes'] as number }),
};
