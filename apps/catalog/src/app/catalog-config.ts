import { parsePositiveNumber, ServiceDefinition } from '@simsvc/platform';
import { InvalidArgumentError } from 'commander';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

export interface CatalogConfig {
  /** Directory scanned for simulation.json manifests; undefined: automatic registration off. */
  watchDir?: string;
  /** Register valid new manifests at once instead of queueing them for approval. */
  autoRegister: boolean;
  /** Seconds between full rescans of the watch directory (events can be lost; rescans catch up). */
  rescanSeconds: number;
}

export const DEFAULT_RESCAN_SECONDS = 60;

// An empty value (e.g. `SIMSVC_CATALOG_WATCH_DIR=` in a compose file) means "not set".
const parseDirectory = (value: string): string | undefined => {
  if (value.trim() === '') return undefined;
  const path = resolve(value);
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw new InvalidArgumentError('must be an existing directory');
  }
  if (!isDirectory) throw new InvalidArgumentError('must be a directory');
  return path;
};

const parseFlag = (value: string): boolean => {
  if (value.trim() === '') return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new InvalidArgumentError('must be true or false');
};

export const CATALOG_SERVICE: ServiceDefinition<CatalogConfig> = {
  service: 'catalog',
  description: 'simsvc catalog: simulation tools, their versions and schemas, and their executions',
  extraOptions: [
    {
      flags: '--watch-dir <dir>',
      description: 'scan this directory (any depth) for simulation.json manifests at start-up, on change and periodically',
      env: 'WATCH_DIR',
      parse: parseDirectory,
    },
    {
      flags: '--auto-register [enabled]',
      description: 'register valid new manifests at once instead of queueing them for approval (true/false; the bare flag means true)',
      env: 'AUTO_REGISTER',
      default: false,
      parse: parseFlag,
    },
    {
      flags: '--rescan-seconds <seconds>',
      description: 'interval of the full rescan of the watch directory',
      env: 'RESCAN_SECONDS',
      default: DEFAULT_RESCAN_SECONDS,
      parse: parsePositiveNumber,
    },
  ],
  extra: (values) => ({
    watchDir: (values['watchDir'] as string | undefined) || undefined,
    autoRegister: values['autoRegister'] === true,
    rescanSeconds: values['rescanSeconds'] as number,
  }),
};
