// Webpack configuration of a service (apps/<service>/webpack.config.js): a Node bundle of
// src/main.ts in dist/apps/<service>, with the worker scripts its pools start next to main.js.
// The CLI (apps/cli/webpack.config.js) builds on the same NxAppWebpackPlugin options.
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
    plugins: [nodeBundle({ additionalEntryPoints: [SQLITE_READ_WORKER, ...workers], generatePackageJson: true })],
  };
}

/** The Nx plugin bundling an app's src/main.ts for Node, unminified with source maps; `options` add to or override these. */
export function nodeBundle(options: ConstructorParameters<typeof NxAppWebpackPlugin>[0] = {}): NxAppWebpackPlugin {
  return new NxAppWebpackPlugin({
    target: 'node',
    compiler: 'tsc',
    main: './src/main.ts',
    tsConfig: './tsconfig.app.json',
    optimization: false,
    outputHashing: 'none',
    sourceMap: true,
    ...options,
  });
}
