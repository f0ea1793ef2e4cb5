module.exports = require('../../tools/testing/service-jest-config.ts').serviceJestConfig('results', __dirname);
