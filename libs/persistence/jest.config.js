const path = require('node:path');
const { postgresGlobals } = require('../../tools/testing/postgres-availability.ts');
const { mediumJestProjects } = require('../../tools/testing/service-jest-config.ts');

// The unit specs (the schema checks among them reach both backends through SIMSVC_PG_AVAILABLE),
// and the medium specs of the auth store's repositories once per backend.
module.exports = async () => ({
  projects: [
    {
      displayName: 'persistence',
      preset: '../../jest.preset.js',
      rootDir: __dirname,
      globals: await postgresGlobals('persistence'),
    },
    ...(await mediumJestProjects('persistence', __dirname)),
  ],
});
