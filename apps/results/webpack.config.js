// RunDatabaseWorkers starts its workers from run-database.worker.js, next to main.js.
module.exports = require('../../tools/build/service-webpack-config.ts').serviceWebpackConfig('results', [
  { entryName: 'run-database.worker', entryPath: 'apps/results/src/app/run-database/run-database.worker.ts' },
]);
