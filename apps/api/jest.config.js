const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/__tests__/**/*.spec.ts', '<rootDir>/src/**/__tests__/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
