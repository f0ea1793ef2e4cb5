module.exports = require('../../tools/testing/service-jest-config')('cli', __dirname);
