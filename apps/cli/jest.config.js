module.exports = require('../../tools/testing/service-jest-config.ts').serviceJestConfig('cli', __dirname);
