// Webpack configuration of a service (apps/<service>/webpack.config.js): a Node bundle of
// src/main.ts in dist/apps/<service>, with the worker scripts its pools start next to main.js.
import path from 'node:path';
import { NxAppWebpackPlugin } from '@nx/webpack/app-plugin';

export interface WorkerEntry {
  entryName: string;
  entryPath: string;
}

/** SqliteReadPool's worker: every service reads SQLite snapshots through it. */
const SQLITE_READ_WORKER: WorkerEntry = {
  entryName: 'sqlite-read.worker',
  entryPath: 'libs/persistence/src/lib/database/sqlite-read.worker.ts',
};

export function serviceWebpackConfig(service: string, workers: WorkerEntry[] = []) {
  return {
    output: { path: path.join(import.meta.dirname, '../../dist/apps', service), clean: true },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        additionalEntryPoints: [SQLITE_READ_WORKER, ...workers],
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        sourceMap: true,
      }),
    ],
  };
}
