// Kept in the emitted vitest.d.ts (tsc drops a plain reference, and the `import { expect } from 'vitest'` below, which
// is a value): without a link to 'vitest' there, the `declare module 'vitest'` below would declare a new module
// instead of augmenting vitest's, and the published package would type no matcher (docs/aws-behaviour/packaging.md
// §1.2; scripts/check-types.mjs).
/// <reference types="vitest" preserve="true" />
/**
 * `import 'sqs-sns-mock/vitest'` (in a test file or a `setupFiles` entry) adds the matchers of types.ts (queues,
 * topics, Lambda functions) to vitest's `expect`, with their types.
 */
import { expect } from 'vitest';
import { frameworkMatchers } from './extend.js';
import type { SqsSnsMatchers } from './types.js';

export type { MessageMatch, SqsSnsMatchers } from './types.js';

expect.extend(frameworkMatchers);

// Augmenting `Assertion` and `AsymmetricMatchersContaining` (rather than vitest 3.2+'s `Matchers`)
// works on every vitest from 0.x to 4 and does not depend on `Matchers`' type parameters, which the
// next major changes. The asymmetric forms (`expect.toContainMessage(...)` inside `toEqual`) are typed
// `any`, as vitest types its own asymmetric matchers.
declare module 'vitest' {
  interface Assertion<T = any> extends SqsSnsMatchers<void> {}
  interface AsymmetricMatchersContaining extends SqsSnsMatchers<any> {}
}
