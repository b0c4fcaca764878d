/**
 * `require('sqs-sns-mock/jest')` / `import 'sqs-sns-mock/jest'` (in a test file or `setupFilesAfterEnv`)
 * adds the matchers of types.ts (queues, topics, Lambda functions) to jest's `expect`, with their types.
 */
// `@jest/globals` rather than the global `expect`: jest's runtime answers this import itself (it is
// never resolved from node_modules, so it works wherever jest runs, and under pnpm), and it gives the
// same `expect` with `injectGlobals: false`, where there is no global one. Outside jest it throws
// "Do not import `@jest/globals` outside of the Jest test environment".
import { expect } from '@jest/globals';
import { frameworkMatchers } from './extend.js';
import type { SqsSnsMatchers } from './types.js';

export type { MessageMatch, SqsSnsMatchers } from './types.js';

expect.extend(frameworkMatchers);

// `expect` is where jest 30 declares `Matchers`; `@jest/globals` and `@jest/expect` re-export it.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends SqsSnsMatchers<R> {}
  interface AsymmetricMatchers extends SqsSnsMatchers<void> {}
}

// The global `jest` namespace, for projects typed by `@types/jest` (whose `expect` reads `jest.Matchers`).
// Without `@types/jest` this only declares interfaces nobody reads. Type parameters as in `@types/jest`.
declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends SqsSnsMatchers<R> {}
    interface Expect extends SqsSnsMatchers<any> {}
    interface InverseAsymmetricMatchers extends SqsSnsMatchers<any> {}
  }
}
