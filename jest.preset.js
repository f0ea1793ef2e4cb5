// Shared jest settings. SWC transpiles TypeScript with decorator metadata (NestJS dependency
// injection needs it) and also the ESM-only packages (NestJS 12 and a few of its dependencies),
// so tests run as CommonJS exactly like the built services do.
const { nxPreset } = require('@nx/jest/preset');

const esmOnlyPackages = ['@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', '@borewit', 'uint8array-extras'];

module.exports = {
  ...nxPreset,
  testEnvironment: 'node',
  testMatch: ['**/?(*.)+(spec|e2e-spec).ts'],
  // Medium specs (*.medium.spec.ts) need a database: they run in the <name>:medium:<backend>
  // projects of tools/testing/service-jest-config.ts, never with the unit specs.
  testPathIgnorePatterns: ['/node_modules/', '\\.medium\\.spec\\.ts$'],
  transform: {
    '^.+\\.[cm]?[tj]s$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  setupFiles: ['reflect-metadata'],
  // A guard against hangs, not a speed assertion: e2e set-up (a fresh PostgreSQL database, a
  // booted service, password hashing for test users) can take seconds on a busy 2-core machine.
  testTimeout: 30_000,
};
