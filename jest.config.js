// One Jest run for every project: `npm test` (and `npx jest --selectProjects api`).
/** @type {import('jest').Config} */
module.exports = {
  // Integration tests boot a Nest app against real services; Jest reads the timeout only from this root config.
  testTimeout: 30000,
  projects: ['<rootDir>/libs/contracts', '<rootDir>/libs/machines', '<rootDir>/apps/api', '<rootDir>/apps/web'],
};
