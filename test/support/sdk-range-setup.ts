/**
 * sdk-range's suites reach the SDK under test through vite's resolve alias, which the mock's synchronous `require`
 * cannot follow (a real install can: docs/aws-behaviour/sdk-reach.md §3.8). So before a test file runs, the mock's own
 * import of each package is made to settle once: from then on `use()` hooks that copy at once, as it hooks a real
 * install's, and a client's first command carries its config.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { loadSdk } from '../../src/sdk-errors.js';
import { createAwsMock } from '../../src/index.js';

const aws = createAwsMock();
new SQSClient({}).middlewareStack.use(aws.sqs);
new SNSClient({}).middlewareStack.use(aws.sns);
new LambdaClient({}).middlewareStack.use(aws.lambda);
await Promise.all([loadSdk('SQS'), loadSdk('SNS'), loadSdk('Lambda')]);
// The install's own continuation of those imports (which records and hooks each package) runs after them.
await new Promise((resolve) => setImmediate(resolve));
