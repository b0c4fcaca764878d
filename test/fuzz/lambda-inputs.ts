import fc from 'fast-check';
import { badString, field, list, numberAround, numericText, optional, record, type Gen } from './values.js';
import { ref } from './sqs-inputs.js';

/**
 * One fast-check arbitrary per emulated LambdaClient command, from the members of its `*CommandInput`
 * (node_modules/@aws-sdk/client-lambda/dist-types/commands/*.d.ts), written out by hand. The integer members get what
 * a loosely typed caller sends: numeric strings, fractions, BigInts (which the SDK sends as plain numbers, so a small
 * one is valid) and Symbols, besides every member's usual wrong types (values.ts `field`).
 */

/** BigInts and Symbols where the model wants an integer (docs/aws-behaviour/sdk.md §3.6: what the SDK sends). */
const oddInteger = fc.constantFrom<unknown>(0n, 10n, 2n ** 70n, -(2n ** 70n), Symbol('n'), Symbol.iterator);

function integer(min: number, max: number): Gen {
  return optional(
    numberAround(min, max),
    fc.oneof(numericText(min, max), oddInteger, fc.constantFrom(min + 0.5, Number.NaN, Number.POSITIVE_INFINITY)),
  );
}

/** Names that break Invoke's documented pattern or length (docs/aws-behaviour/lambda.md §6.3), and some that do not. */
const oddFunctionName = fc.oneof(
  fc.constantFrom(
    'a b',
    'fn:1:2:3',
    'f/g',
    'my.fn',
    'arn:aws:lambda:us-east-1:123400000000@function:myfn',
    'arn:aws:lambda:us-east-1:000000000000:function:worker:$LATEST.PUBLISHED',
    'w'.repeat(257),
    'worker:',
    ':worker',
  ),
  badString,
);

const functionName = field(ref('functionName'), oddFunctionName, { valid: 10 });
const uuid = field(ref('mappingUuid'), badString, { valid: 10 });
const eventSourceArn = field(ref('queueArn'), badString, { valid: 10 });

/** Settings CreateEventSourceMapping and UpdateEventSourceMapping share. */
const settings = {
  BatchSize: integer(1, 10_000),
  MaximumBatchingWindowInSeconds: integer(0, 300),
  ScalingConfig: optional(record({ MaximumConcurrency: integer(2, 1000) })),
  Enabled: optional(fc.boolean()),
  FunctionResponseTypes: optional(
    list(fc.constantFrom('ReportBatchItemFailures', 'Bogus'), { maxLength: 1, tooMany: 2 }),
  ),
  FilterCriteria: optional(
    record({
      Filters: optional(
        list(
          record({
            Pattern: field(fc.constantFrom('{"body":{"a":[1]}}', '{"eventSource":["aws:sqs"]}'), badString),
          }),
          { maxLength: 2 },
        ),
      ),
    }),
  ),
};

/** Payloads of the types the SDK takes (others make its serializer throw, as lambda.md §6 and sdk.md §3.6 say). */
const payload: Gen = {
  clean: fc.constantFrom('{}', '{"a":1}', '[1,2]', '"text"'),
  messy: fc.constantFrom<unknown>('{}', 'not json', '', '{"a":', new Uint8Array([0x87, 0x01]), Buffer.from('{}')),
};

const commands: Record<string, Gen & { readonly input: fc.Arbitrary<Record<string, unknown>> }> = {
  Invoke: record({
    FunctionName: functionName,
    InvocationType: optional(fc.constantFrom('RequestResponse', 'Event', 'DryRun'), badString),
    LogType: optional(fc.constantFrom('None', 'Tail'), badString),
    Qualifier: optional(fc.constantFrom('$LATEST', 'live', '1'), badString),
    ClientContext: optional(
      fc.constantFrom(Buffer.from('{"custom":{"a":1}}').toString('base64')),
      fc.constantFrom('not base64', Buffer.from('[1]').toString('base64')),
    ),
    Payload: optional(payload),
  }),
  CreateEventSourceMapping: record({ FunctionName: functionName, EventSourceArn: eventSourceArn, ...settings }),
  UpdateEventSourceMapping: record({
    UUID: uuid,
    FunctionName: optional(ref('functionName'), oddFunctionName),
    ...settings,
  }),
  GetEventSourceMapping: record({ UUID: uuid }),
  DeleteEventSourceMapping: record({ UUID: uuid }),
  ListEventSourceMappings: record({
    FunctionName: optional(ref('functionName'), oddFunctionName),
    EventSourceArn: optional(ref('queueArn'), badString),
    Marker: optional(ref('mappingUuid'), badString),
    MaxItems: integer(1, 10_000),
  }),
  AddPermission: record({
    FunctionName: functionName,
    StatementId: { clean: fc.constantFrom('events', 'sns-1'), messy: fc.constantFrom('example.com', '', 'a b') },
    Action: { clean: fc.constant('lambda:InvokeFunction'), messy: badString },
    Principal: {
      clean: fc.constantFrom('events.amazonaws.com', '*', '000000000000'),
      messy: fc.constantFrom('invalid.nonaws.com', ''),
    },
    SourceArn: optional(fc.constant('arn:aws:events:us-east-1:000000000000:rule/r'), badString),
    Qualifier: optional(fc.constantFrom('$LATEST', 'live', '1'), badString),
  }),
  RemovePermission: record({
    FunctionName: functionName,
    StatementId: { clean: fc.constantFrom('events', 'sns-1'), messy: badString },
    Qualifier: optional(fc.constantFrom('live', '1'), badString),
  }),
  GetPolicy: record({ FunctionName: functionName, Qualifier: optional(fc.constantFrom('live', '1'), badString) }),
};

export const lambdaInputs: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(commands).map(([name, gen]) => [name, gen.input]),
);
