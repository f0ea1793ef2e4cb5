import { ServiceDefinition } from '@simsvc/platform';
import { InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';

export interface ResultsConfig {
  /** Absolute; run databases are only ever opened below it. */
  runsRoot: string;
}

const parseDirectory = (value: string): string => {
  if (value.trim() === '' || value.includes('\0')) throw new InvalidArgumentError('must be a directory path');
  return value;
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
  ],
  extra: (values) => ({ runsRoot: resolve(values['runsRoot'] as string) }),
};
