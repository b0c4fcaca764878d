/**
 * Run as its own process by test/lambda/runtime-crash.test.ts (a test runner would report the crash as a failed run):
 * handlers that crash their runtime in their own async context, on real timers. A listener stands for the test
 * runner's own, as vitest and jest have one; the mock only watches. Prints what the invocations came to.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { createAwsMock } from '../../src/index.js';

const seenByRunner: string[] = [];
process.on('uncaughtException', (error) => seenByRunner.push(`uncaught: ${error.message}`));
process.on('unhandledRejection', (reason) => seenByRunner.push(`unhandled: ${(reason as Error).message}`));

const aws = createAwsMock();
const lambda = new LambdaClient({ region: aws.region });
lambda.middlewareStack.use(aws.lambda);
let loads = 0;
const never = new Promise<never>(() => undefined);
aws.lambda.createFunction('crashes', {
  load: () => {
    loads++;
    return {
      handler: async (event: { how: string }) => {
        if (event.how === 'throw')
          setTimeout(() => {
            throw new Error('thrown in a timer');
          }, 0);
        if (event.how === 'reject') void Promise.reject(new Error('rejected, unhandled'));
        if (event.how === 'ok') return 'fine';
        return never;
      },
    };
  },
});
const invoke = (how: string) =>
  lambda.send(
    new InvokeCommand({ FunctionName: 'crashes', Payload: new TextEncoder().encode(JSON.stringify({ how })) }),
  );

const results = [];
for (const how of ['ok', 'throw', 'ok', 'reject', 'ok']) {
  const answer = await invoke(how);
  results.push({ how, functionError: answer.FunctionError, payload: JSON.parse(answer.Payload!.transformToString()) });
}
const invocations = aws.lambda.function('crashes').invocations();
console.log(
  JSON.stringify({
    results,
    loads,
    seenByRunner,
    invocations: invocations.map((i) => ({
      outcome: i.outcome,
      coldStart: i.coldStart,
      environmentId: i.environmentId,
    })),
  }),
);
