module.exports = { displayName: 'run-database', preset: '../../jest.preset.js', rootDir: __dirname };
