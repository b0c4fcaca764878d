import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { CreateStateMachineCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { vi } from 'vitest';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { networkTrap } from '../helpers.js';

export const ROLE = 'arn:aws:iam::000000000000:role/sfn';

/** An account with Step Functions and the services its tasks reach plugged in, as users would write it. */
export function sfnSetup(options: AwsMockOptions = {}) {
  const aws: AwsMock = createAwsMock(options);
  const sfn = new SFNClient({ region: aws.region, requestHandler: networkTrap });
  sfn.middlewareStack.use(aws.sfn);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  const events = new EventBridgeClient({ region: aws.region, requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  return { aws, sfn, sqs, sns, lambda, events };
}

/** A definition as the JSON text CreateStateMachine takes. */
export const definition = (machine: object): string => JSON.stringify(machine);

/** Events as (id, previousEventId, type), the part of a history recordings pin. */
export const shape = (events: readonly { id?: number; previousEventId?: number; type?: string }[]) =>
  events.map(({ id, previousEventId, type }) => [id, previousEventId, type]);

let machines = 0;

/** Creates a machine of `machine` and starts an execution of it on `input`, as a user would. */
export async function startMachine(machine: object, input: unknown = {}, setup = sfnSetup()) {
  const { sfn } = setup;
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({ name: `machine${machines++}`, definition: definition(machine), roleArn: ROLE }),
  );
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  return { ...setup, stateMachineArn: stateMachineArn!, executionArn: executionArn! };
}

/** Moves vitest's fake timers as `aws.runUntilIdle` asks. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Runs `machine` on `input` to its end on vitest's fake timers; answers the execution's view. */
export async function runMachine(machine: object, input: unknown = {}, setup = sfnSetup()) {
  const { aws, executionArn } = await startMachine(machine, input, setup);
  await aws.runUntilIdle({ advance });
  return aws.sfn.execution(executionArn);
}
