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
      ...shared,
      displayName: 'no-globals',
      testMatch: ['<rootDir>/test/jest/**/no-globals.test.cjs'],
      injectGlobals: false,
    },
  ],
};
