// One Jest run for every project: `npm test` (and `npx jest --selectProjects api`).
/** @type {import('jest').Config} */
module.exports = {
  projects: ['<rootDir>/libs/contracts', '<rootDir>/libs/machines', '<rootDir>/apps/api', '<rootDir>/apps/web'],
};
