const preset = require('../../jest.preset');

module.exports = { ...preset, displayName: 'machines', rootDir: __dirname, testMatch: ['<rootDir>/src/**/__tests__/**/*.spec.ts'] };
