module.exports = require('../../tools/testing/service-jest-config.ts').serviceJestConfig('client', __dirname);
