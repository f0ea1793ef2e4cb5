module.exports = require('../../tools/build/service-webpack-config.ts').serviceWebpackConfig('catalog');
