/**
 * The mock's Step Functions errors against the ones the SDK's own AWS JSON deserializer builds from the response Step
 * Functions sends, `{"__type": "<Code>", "message": …}` (docs/aws-behaviour/stepfunctions.md §1.1, sdk.md §3.7), in
 * whichever SDK the suite runs against: a second client without the mock reads that response. The SDKs before schemas
 * build a class only for an error the operation lists, with a `message` that is not enumerable; the current ones
 * build any modelled class, with `__type` after `message`.
 */
import {
  CreateStateMachineCommand,
  DescribeExecutionCommand,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { listedFor } from '../../src/core/sdk-errors.js';
import { SFN_OPERATION_ERRORS } from '../../src/services/sfn/operation-errors.js';
import { rejectionOf } from '../helpers.js';
import { expectSameException } from '../support/same-exception.js';
import { wireHandler } from '../wire-errors.js';
import { ROLE, sfnSetup } from './support.js';

const MACHINE = 'arn:aws:states:us-east-1:000000000000:stateMachine:missing';
const DEFINITION = JSON.stringify({ StartAt: 'A', States: { A: { Type: 'Succeed' } } });

/** The mock's error for `make()`, and what the SDK alone throws when Step Functions answers it with `__type`. */
async function expectAsFromStepFunctions(make: () => object, type: string, status = 400) {
  const { sfn } = sfnSetup();
  const ours = await rejectionOf(sfn.send(make() as never));
  const requestId = (ours['$metadata'] as { requestId: string }).requestId;
  const headers = { 'x-amzn-requestid': requestId, 'content-type': 'application/x-amz-json-1.0' };
  const client = new SFNClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: wireHandler(status, headers, JSON.stringify({ __type: type, message: ours.message })),
  });
  expectSameException(ours, await rejectionOf(client.send(make() as never)));
  return ours;
}

describe('Step Functions errors are the ones the SDK builds from the response (stepfunctions.md §1.1)', () => {
  it('a class the operation lists', async () => {
    const execution = 'arn:aws:states:us-east-1:000000000000:execution:missing:run';
    await expectAsFromStepFunctions(
      () => new DescribeExecutionCommand({ executionArn: execution }),
      'ExecutionDoesNotExist',
    );
    await expectAsFromStepFunctions(
      () => new StartExecutionCommand({ stateMachineArn: MACHINE }),
      'StateMachineDoesNotExist',
    );
    const status = () => new ListExecutionsCommand({ stateMachineArn: MACHINE, statusFilter: 'NOPE' as never });
    await expectAsFromStepFunctions(status, 'ValidationException');
  });

  it('ValidationException, which CreateStateMachine lists from the model of versions and aliases (2023-06) on', async () => {
    const create = () =>
      new CreateStateMachineCommand({ name: 'm', definition: DEFINITION, roleArn: ROLE, type: 'BOGUS' as never });
    const error = await expectAsFromStepFunctions(create, 'ValidationException');
    expect(error.name).toBe('ValidationException');
  });

  it('an error added to an operation by a later model is its class only in SDKs with that model', () => {
    const listed = (sdk: Record<string, unknown>) => listedFor(SFN_OPERATION_ERRORS, 'CreateStateMachine', sdk);
    expect(listed({})('ValidationException')).toBe(false);
    expect(listed({ PublishStateMachineVersionCommand: class {} })('ValidationException')).toBe(true);
    expect(listed({})('StateMachineAlreadyExists')).toBe(true);
    expect(listedFor(SFN_OPERATION_ERRORS, 'NoSuchOperation', {})('InvalidArn')).toBe(false);
  });
});
