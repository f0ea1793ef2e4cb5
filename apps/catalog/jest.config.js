module.exports = require('../../tools/testing/service-jest-config')('catalog', __dirname);
