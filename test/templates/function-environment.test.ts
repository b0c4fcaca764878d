/**
 * A template's function as deployed (docs/aws-behaviour/templates.md §3.7, lambda.md §5.5, §5.8): its resolved
 * `Environment.Variables` and `Handler` in `process.env`, its code given as a handler or `{ load, handler }`.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { TemplateError } from '../../src/core/provisioning/resource-type.js';
import { networkTrap } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const TEMPLATE = {
  Parameters: { Stage: { Type: 'String', Default: 'test' } },
  Resources: {
    Orders: { Type: 'AWS::SQS::Queue' },
    Worker: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: { ZipFile: 'exports.main = async () => {}' },
        Role: 'arn:aws:iam::000000000000:role/worker',
        Handler: 'src/worker.main',
        Runtime: 'nodejs22.x',
        Environment: {
          Variables: {
            ORDERS_URL: { Ref: 'Orders' },
            ORDERS_ARN: { 'Fn::GetAtt': ['Orders', 'Arn'] },
            STAGE: { 'Fn::Sub': '${Stage}-${AWS::Region}' },
            PORT: 8080,
          },
        },
      },
    },
  },
};

it('resolves Environment.Variables and Handler into what the loaded code and each invocation see', async () => {
  const aws = createAwsMock();
  const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  let atLoad: string | undefined;
  const stack = aws.provision(TEMPLATE, {
    functions: {
      Worker: {
        load: () => {
          atLoad = process.env['STAGE'];
          return {
            main: async () => ({
              ORDERS_URL: process.env['ORDERS_URL'],
              ORDERS_ARN: process.env['ORDERS_ARN'],
              STAGE: process.env['STAGE'],
              PORT: process.env['PORT'],
              _HANDLER: process.env['_HANDLER'],
            }),
          };
        },
        handler: 'main',
      },
    },
  });
  const answer = await lambda.send(new InvokeCommand({ FunctionName: stack.ref('Worker') }));
  expect(atLoad).toBe('test-us-east-1');
  expect(JSON.parse(answer.Payload!.transformToString())).toEqual({
    ORDERS_URL: stack.ref('Orders'),
    ORDERS_ARN: stack.getAtt('Orders', 'Arn'),
    STAGE: 'test-us-east-1',
    PORT: '8080',
    _HANDLER: 'src/worker.main',
  });
  expect(process.env['ORDERS_URL']).toBeUndefined();
});

it("refuses a reserved key in Environment.Variables as the property's error, creating nothing", () => {
  const aws = createAwsMock();
  const template = structuredClone(TEMPLATE);
  (template.Resources.Worker.Properties.Environment.Variables as Record<string, unknown>)['AWS_REGION'] = 'x';
  let thrown: unknown;
  try {
    aws.provision(template, { functions: { Worker: async () => null } });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TemplateError);
  expect(String((thrown as Error).message)).toContain('Reserved keys used in this request: AWS_REGION');
  expect((thrown as TemplateError).property).toBe('Environment');
  expect(aws.sqs.queues()).toEqual([]);
  expect(aws.lambda.functions()).toEqual([]);
});
