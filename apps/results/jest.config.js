module.exports = require('../../tools/testing/service-jest-config')('results', __dirname);
