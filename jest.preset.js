// Shared Jest settings: SWC with decorator metadata (NestJS DI needs it), and NestJS 12's ESM packages transformed to CJS.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@scure|@noble|file-type|load-esm|strtok3|token-types|@tokenizer|uint8array-extras|uid|@standard-schema)/)',
  ],
  moduleNameMapper: {
    '^@library/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
    '^@library/machines$': '<rootDir>/../../libs/machines/src/index.ts',
  },
};
