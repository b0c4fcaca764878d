// The TestState example of docs/guide/stepfunctions.md ("Testing one state with a mock"), as written there.
import { SFNClient, TestStateCommand } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { sfnSdk } from '../support/sdk-capabilities.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) }));
afterEach(() => vi.useRealTimers());

// The guide's client-sfn is one from late 2025 on: an older one does not send `mock`.
it.runIf(sfnSdk.testStateMock)('tests the charge step with a mocked result and a mocked error', async () => {
  const aws = createAwsMock();
  const sfn = new SFNClient({ region: 'us-east-1' });
  sfn.middlewareStack.use(aws.sfn);

  const charge = {
    Type: 'Task',
    Resource: 'arn:aws:states:::lambda:invoke',
    Parameters: { FunctionName: 'charge', 'Payload.$': '$' },
    ResultSelector: { 'receipt.$': '$.Payload.receipt' },
    ResultPath: '$.payment',
    Retry: [{ ErrorEquals: ['PaymentDeclined'], IntervalSeconds: 2, MaxAttempts: 3 }],
    Next: 'Ship',
  };
  const paid = await sfn.send(
    new TestStateCommand({
      definition: JSON.stringify(charge),
      input: JSON.stringify({ order: 'o-1' }),
      mock: { result: JSON.stringify({ StatusCode: 200, Payload: { receipt: 'r-1' } }) },
    }),
  );
  expect(paid).toMatchObject({
    status: 'SUCCEEDED',
    nextState: 'Ship',
    output: '{"order":"o-1","payment":{"receipt":"r-1"}}',
  });

  const declined = await sfn.send(
    new TestStateCommand({
      definition: JSON.stringify(charge),
      inspectionLevel: 'DEBUG',
      mock: { errorOutput: { error: 'PaymentDeclined', cause: 'card expired' } },
      stateConfiguration: { retrierRetryCount: 1 },
    }),
  );
  expect(declined.status).toBe('RETRIABLE');
  expect(declined.inspectionData!.errorDetails).toEqual({ retryBackoffIntervalSeconds: 4, retryIndex: 0 });
});
