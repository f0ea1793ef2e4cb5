const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

module.exports = {
  output: { path: join(__dirname, '../../dist/apps/results'), clean: true },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      // SqliteReadPool and RunDatabaseWorkers start their workers from these files, next to main.js.
      additionalEntryPoints: [
        { entryName: 'sqlite-read.worker', entryPath: 'libs/persistence/src/lib/database/sqlite-read.worker.ts' },
        { entryName: 'run-database.worker', entryPath: 'apps/results/src/app/run-database/run-database.worker.ts' },
      ],
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: true,
      sourceMap: true,
    }),
  ],
};
