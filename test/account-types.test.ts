import { describe, expectTypeOf, it } from 'vitest';
import { createAwsMock, mockSns, mockSqs, type AwsMock } from '../src/index.js';

/**
 * The plugins depend on an account interface (src/core/account.ts), not on AwsMock; their `aws` is still typed as the
 * AwsMock that built them, so `aws.sqs.aws.sns` and `mockSqs().aws.reset()` type-check as before (`npm run typecheck`).
 */
describe("the plugins' aws", () => {
  it('is typed as the AwsMock, through the account and through the shorthands', () => {
    const aws = createAwsMock();
    expectTypeOf(aws.sqs.aws).toEqualTypeOf<AwsMock>();
    expectTypeOf(aws.sns.aws).toEqualTypeOf<AwsMock>();
    expectTypeOf(mockSqs().aws).toEqualTypeOf<AwsMock>();
    expectTypeOf(mockSns({ aws }).aws.sqs.aws).toEqualTypeOf<AwsMock>();
  });
});
