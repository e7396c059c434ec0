const preset = require('../../jest.preset');

module.exports = { ...preset, displayName: 'contracts', rootDir: __dirname, testMatch: ['<rootDir>/src/**/__tests__/**/*.spec.ts'] };
