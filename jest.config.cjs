// Jest runs the BUILT package (`npm run build` first): the suites are plain CommonJS that require
// 'sqs-sns-mock' and 'sqs-sns-mock/jest' through the package's `exports`, as a jest user's tests do.
// Two projects: one with jest's globals, one with `injectGlobals: false`, where the matchers must
// still reach `expect` (they take it from '@jest/globals').
const TYPESCRIPT_5 = `${__dirname}/test/fixtures/types/typescript-5/node_modules`;

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {}, // nothing to compile
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'globals',
      testMatch: ['<rootDir>/test/jest/**/*.test.cjs'],
      testPathIgnorePatterns: ['no-globals'],
    },
    {
      // A TypeScript user's set-up: ts-jest with `"module": "commonjs"`, on TypeScript 5.9 (ts-jest cannot run
      // TypeScript 7, which has no JavaScript compiler API), type-checking the test against the built package's types.
      // ts-jest, TypeScript 5.9 and the packed package are what scripts/check-types.mjs installs under
      // test/fixtures/types (npm run test:jest runs `node scripts/check-types.mjs --pack` first).
      ...shared,
      displayName: 'ts-jest',
      rootDir: `${__dirname}/test/fixtures/types/ts-jest`,
      testMatch: ['<rootDir>/*.ts-jest.ts'],
      transform: {
        '^.+\\.ts$': [
          `${TYPESCRIPT_5}/ts-jest`,
          // By path: ts-jest looks its compiler up from the working directory first, where `typescript` is 7
          // (docs/aws-behaviour/packaging.md §3).
          { compiler: `${TYPESCRIPT_5}/typescript`, tsconfig: '<rootDir>/tsconfig.json' },
        ],
      },
    },
    {
      ...shared,
      displayName: 'no-globals',
      testMatch: ['<rootDir>/test/jest/**/no-globals.test.cjs'],
      injectGlobals: false,
    },
  ],
};
