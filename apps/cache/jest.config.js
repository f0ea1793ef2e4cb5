module.exports = require('../../tools/testing/service-jest-config')('cache', __dirname);
