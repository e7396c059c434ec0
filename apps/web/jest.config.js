const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.spec.ts?(x)'],
  setupFiles: ['<rootDir>/jest.setup.js'],
};
