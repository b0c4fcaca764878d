// Jest runs the BUILT package (`npm run build` first): the suites are plain CommonJS that require
// 'sqs-sns-mock' and 'sqs-sns-mock/jest' through the package's `exports`, as a jest user's tests do.
// Two projects: one with jest's globals, one with `injectGlobals: false`, where the matchers must
// still reach `expect` (they take it from '@jest/globals').
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
      // The package is the one scripts/check-types.mjs unpacks into test/fixtures/types/node_modules (npm run
      // test:package, or `node scripts/check-types.mjs --pack`, which npm run test:jest runs first). package.json
      // points ts-jest's `typescript` peer at TypeScript 7 (`overrides`), only to satisfy npm: `compiler` picks 5.9.
      ...shared,
      displayName: 'ts-jest',
      rootDir: `${__dirname}/test/fixtures/types/ts-jest`,
      testMatch: ['<rootDir>/*.ts-jest.ts'],
      transform: {
        '^.+\\.ts$': ['<rootDir>/transformer.cjs', { compiler: 'typescript-5', tsconfig: '<rootDir>/tsconfig.json' }],
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
