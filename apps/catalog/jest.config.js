module.exports = require('../../tools/testing/service-jest-config.ts').serviceJestConfig('catalog', __dirname);
