const path = require('node:path');
const { postgresGlobals } = require('../../tools/testing/postgres-availability.ts');

module.exports = async () => ({
  displayName: 'persistence',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  globals: await postgresGlobals('persistence'),
});
