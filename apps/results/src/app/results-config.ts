import { ServiceDefinition } from '@simsvc/platform';
import { DEFAULT_RUN_DATABASE_LIMITS } from './run-database/run-database-limits';
import { InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';

export interface ResultsConfig {
  /** Absolute; run databases are only ever opened below it. */
  runsRoot: string;
  /** Largest run database read (and copied), in bytes. */
  maxRunDbBytes: number;
  /** Largest run database accepted as the body of POST /runs, in bytes. */
  maxUploadBytes: number;
}

/** Media types of a run database uploaded to POST /runs. */
export const RUN_DATABASE_TYPES = ['application/vnd.sqlite3', 'application/octet-stream'] as const;
/** Media type of POST /register_direct's bulk form: one result per line. */
export const NDJSON_TYPE = 'application/x-ndjson';

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
    {
      flags: '--max-upload-bytes <bytes>',
      description: 'largest run database accepted as the body of POST /runs; a larger one is refused with 413',
      env: 'MAX_UPLOAD_BYTES',
      default: 256 * 1024 * 1024,
      parse: parseByteCount,
    },
  ],
  streamedBodies: [
    { method: 'POST', path: '/runs', types: RUN_DATABASE_TYPES, json: false },
    { method: 'POST', path: '/register_direct', types: [NDJSON_TYPE], json: true },
  ],
  extra: (values) => ({
    runsRoot: resolve(values['runsRoot'] as string),
    maxRunDbBytes: values['maxRunDbBytes'] as number,
    maxUploadBytes: values['maxUploadBytes'] as number,
  }),
};
