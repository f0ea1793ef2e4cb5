module.exports = require('../../tools/testing/service-jest-config.ts').serviceJestConfig('cache', __dirname);
