/**
 * RedriveExecution (docs/aws-behaviour/stepfunctions.md §1.17): an unsuccessful Standard execution goes on from the
 * state that did not succeed, with the same ARN; what succeeded is not run again.
 */
import {
  DescribeExecutionCommand,
  DescribeMapRunCommand,
  ExecutionNotRedrivable,
  GetExecutionHistoryCommand,
  InvalidArn,
  ListExecutionsCommand,
  ListMapRunsCommand,
  RedriveExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sfnSdk } from '../support/sdk-capabilities.js';
import { advance, sfnSetup, shape, startMachine } from './support.js';

const T0 = Date.UTC(2025, 0, 2);
beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

/** A processor's states: item 2 calls the function `arn`, any other passes. */
const callsOnTwo = (arn: string) => ({
  StartAt: 'Item',
  States: {
    Item: { Type: 'Choice', Choices: [{ Variable: '$', NumericEquals: 2, Next: 'Call' }], Default: 'Keep' },
    Call: { Type: 'Task', Resource: arn, End: true },
    Keep: { Type: 'Pass', End: true },
  },
});

/** An inline Map over `itemsPath` whose item 2 calls the function `arn`. */
const eachItem = (itemsPath: string, arn: string) => ({
  Type: 'Map',
  ItemsPath: itemsPath,
  ItemProcessor: callsOnTwo(arn),
  End: true,
});

/** A function that fails while `broken.value` is true, counting its calls. */
function flaky(setup: ReturnType<typeof sfnSetup>, name: string) {
  const broken = { value: true };
  const fn = setup.aws.lambda.createFunction(name, async (event: unknown) => {
    if (broken.value) throw new Error('not yet');
    return event;
  });
  return { fn, broken };
}

// RedriveExecution came with the model of 2023-11: an older client-sfn (3.347.1, sdk-range's oldest) cannot send it.
describe.skipIf(!sfnSdk.has('RedriveExecution'))('RedriveExecution (§1.17)', () => {
  it('goes on from the failed state with its input and the variables as they were; the history goes on', async () => {
    const setup = sfnSetup();
    const { fn, broken } = flaky(setup, 'charge');
    const { aws, sfn, executionArn } = await startMachine(
      {
        StartAt: 'Prepare',
        States: {
          Prepare: { Type: 'Pass', Assign: { order: 'o-1' }, Result: { amount: 5 }, Next: 'Charge' },
          Charge: { Type: 'Task', Resource: fn.arn, Next: 'Done' },
          Done: {
            Type: 'Pass',
            Parameters: { 'order.$': '$order', 'redrives.$': '$$.Execution.RedriveCount', 'amount.$': '$.amount' },
            End: true,
          },
        },
      },
      {},
      setup,
    );
    await aws.runUntilIdle({ advance });
    expect(aws.sfn.execution(executionArn).status).toBe('FAILED');
    const before = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    expect(before).toMatchObject({ redriveCount: 0, redriveStatus: 'REDRIVABLE' });

    broken.value = false;
    await advance(60_000);
    const { redriveDate } = await sfn.send(new RedriveExecutionCommand({ executionArn }));
    expect(redriveDate).toEqual(new Date(T0 + 60_000));
    await aws.runUntilIdle({ advance });
    const execution = aws.sfn.execution(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.output).toEqual({ order: 'o-1', redrives: 1, amount: 5 });
    expect(fn.invocations()).toHaveLength(2);
    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(shape(events!)).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'PassStateEntered'],
      [3, 2, 'PassStateExited'],
      [4, 3, 'TaskStateEntered'],
      [5, 4, 'LambdaFunctionScheduled'],
      [6, 5, 'LambdaFunctionStarted'],
      [7, 6, 'LambdaFunctionFailed'],
      [8, 7, 'ExecutionFailed'],
      [9, 8, 'ExecutionRedriven'],
      [10, 9, 'TaskStateEntered'],
      [11, 10, 'LambdaFunctionScheduled'],
      [12, 11, 'LambdaFunctionStarted'],
      [13, 12, 'LambdaFunctionSucceeded'],
      [14, 13, 'TaskStateExited'],
      [15, 14, 'PassStateEntered'],
      [16, 15, 'PassStateExited'],
      [17, 16, 'ExecutionSucceeded'],
    ]);
    expect(events![8]!.executionRedrivenEventDetails).toEqual({ redriveCount: 1 });
    expect(events![9]!.stateEnteredEventDetails).toMatchObject({ name: 'Charge', input: '{"amount":5}' });
    const after = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    expect(after).toMatchObject({
      status: 'SUCCEEDED',
      redriveCount: 1,
      redriveDate: new Date(T0 + 60_000),
      redriveStatus: 'NOT_REDRIVABLE',
      redriveStatusReason: 'Execution is SUCCEEDED and cannot be redriven',
    });
    const machineArn = after.stateMachineArn!;
    const redriven = await sfn.send(
      new ListExecutionsCommand({ stateMachineArn: machineArn, redriveFilter: 'REDRIVEN' }),
    );
    expect(redriven.executions!.map((e) => [e.executionArn, e.redriveCount])).toEqual([[executionArn, 1]]);
    const notRedriven = await sfn.send(
      new ListExecutionsCommand({ stateMachineArn: machineArn, redriveFilter: 'NOT_REDRIVEN' }),
    );
    expect(notRedriven.executions).toEqual([]);
  });

  it('refuses what cannot be redriven, with the reason DescribeExecution gives', async () => {
    const running = await startMachine({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 10, End: true } } });
    const refused = running.sfn.send(new RedriveExecutionCommand({ executionArn: running.executionArn }));
    await expect(refused).rejects.toThrow(ExecutionNotRedrivable);
    await expect(refused).rejects.toThrow('Execution is RUNNING and cannot be redriven');
    await running.aws.runUntilIdle({ advance });
    await expect(running.sfn.send(new RedriveExecutionCommand({ executionArn: running.executionArn }))).rejects.toThrow(
      'Execution is SUCCEEDED and cannot be redriven',
    );

    const failed = await startMachine({ StartAt: 'F', States: { F: { Type: 'Fail', Error: 'E' } } });
    await failed.aws.runUntilIdle({ advance });
    await advance(14 * 86_400_000 + 1);
    await expect(failed.sfn.send(new RedriveExecutionCommand({ executionArn: failed.executionArn }))).rejects.toThrow(
      'Execution redrivable period exceeded.',
    );
    expect(await failed.sfn.send(new DescribeExecutionCommand({ executionArn: failed.executionArn }))).toMatchObject({
      redriveStatus: 'NOT_REDRIVABLE',
      redriveStatusReason: 'Execution redrivable period exceeded.',
    });
    await expect(
      failed.sfn.send(
        new RedriveExecutionCommand({
          executionArn: 'arn:aws:states:us-east-1:000000000000:express:m:e:00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).rejects.toThrow(InvalidArn);
  });

  it('an aborted execution goes on from the state that was running', async () => {
    const { aws, sfn, executionArn } = await startMachine({
      StartAt: 'First',
      States: {
        First: { Type: 'Pass', Next: 'Hold' },
        Hold: { Type: 'Wait', Seconds: 100, End: true },
      },
    });
    await advance(10_000);
    await sfn.send(new StopExecutionCommand({ executionArn }));
    await sfn.send(new RedriveExecutionCommand({ executionArn }));
    expect(aws.sfn.execution(executionArn).status).toBe('RUNNING');
    await aws.runUntilIdle({ advance });
    const execution = aws.sfn.execution(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.stoppedAt!.getTime()).toBe(T0 + 110_000);
    expect(shape(execution.history()).slice(4)).toEqual([
      [5, 0, 'ExecutionAborted'],
      [6, 5, 'ExecutionRedriven'],
      [7, 6, 'WaitStateEntered'],
      [8, 7, 'WaitStateExited'],
      [9, 8, 'ExecutionSucceeded'],
    ]);
  });

  it('a Parallel runs again only its branches that failed; an inline Map only its iterations that failed', async () => {
    const setup = sfnSetup();
    const { fn, broken } = flaky(setup, 'flaky');
    const steady = setup.aws.lambda.createFunction('steady', async (event: unknown) => event);
    const { aws, sfn, executionArn } = await startMachine(
      {
        StartAt: 'Both',
        States: {
          Both: {
            Type: 'Parallel',
            Branches: [
              { StartAt: 'A', States: { A: { Type: 'Task', Resource: steady.arn, End: true } } },
              { StartAt: 'B', States: { B: { Type: 'Task', Resource: fn.arn, End: true } } },
            ],
            Next: 'Each',
          },
          Each: eachItem('$[0].items', fn.arn),
        },
      },
      { items: [1, 2, 3] },
      setup,
    );
    await aws.runUntilIdle({ advance });
    expect(aws.sfn.execution(executionArn).status).toBe('FAILED');
    broken.value = false;
    await sfn.send(new RedriveExecutionCommand({ executionArn }));
    await aws.runUntilIdle({ advance });
    expect(aws.sfn.execution(executionArn).status).toBe('SUCCEEDED');
    // The steady branch ran once; the flaky one failed, then ran again with the Map's item 2 after it.
    expect(steady.invocations()).toHaveLength(1);
    expect(fn.invocations()).toHaveLength(3);

    // Now the Map's iteration 1 fails once.
    broken.value = true;
    const again = await startMachine(
      {
        StartAt: 'Each',
        States: { Each: eachItem('$.items', fn.arn) },
      },
      { items: [1, 2, 3] },
      setup,
    );
    await aws.runUntilIdle({ advance });
    broken.value = false;
    await sfn.send(new RedriveExecutionCommand({ executionArn: again.executionArn }));
    await aws.runUntilIdle({ advance });
    const map = aws.sfn.execution(again.executionArn);
    expect(map.output).toEqual([1, 2, 3]);
    const iterations = map
      .history()
      .filter((event) => event.type === 'MapIterationStarted')
      .map((event) => (event['mapIterationStartedEventDetails'] as { index: number }).index);
    expect(iterations).toEqual([0, 1, 2, 1]);
  });

  it("a distributed Map's run is redriven with its parent: MapRunRedriven, its failed children redriven", async () => {
    const setup = sfnSetup();
    const { fn, broken } = flaky(setup, 'child');
    const { aws, sfn, executionArn } = await startMachine(
      {
        StartAt: 'MapState',
        States: {
          MapState: {
            Type: 'Map',
            ItemsPath: '$.items',
            ItemProcessor: {
              ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
              ...callsOnTwo(fn.arn),
            },
            End: true,
          },
        },
      },
      { items: [1, 2] },
      setup,
    );
    await aws.runUntilIdle({ advance });
    const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
    const mapRunArn = mapRuns![0]!.mapRunArn!;
    const children = (await sfn.send(new ListExecutionsCommand({ mapRunArn }))).executions!;
    const failedChild = children.find((child) => child.status === 'FAILED')!.executionArn!;
    await expect(sfn.send(new RedriveExecutionCommand({ executionArn: failedChild }))).rejects.toThrow(
      ExecutionNotRedrivable,
    );
    expect(await sfn.send(new DescribeExecutionCommand({ executionArn: failedChild }))).toMatchObject({
      redriveStatus: 'REDRIVABLE_BY_MAP_RUN',
    });

    broken.value = false;
    await sfn.send(new RedriveExecutionCommand({ executionArn }));
    await aws.runUntilIdle({ advance });
    const execution = aws.sfn.execution(executionArn);
    expect(execution.output).toEqual([1, 2]);
    expect(execution.history().map((event) => event.type)).toContain('MapRunRedriven');
    expect(await sfn.send(new DescribeExecutionCommand({ executionArn: failedChild }))).toMatchObject({
      status: 'SUCCEEDED',
      redriveCount: 1,
    });
    expect(await sfn.send(new DescribeMapRunCommand({ mapRunArn }))).toMatchObject({
      status: 'SUCCEEDED',
      redriveCount: 1,
    });
    expect(fn.invocations()).toHaveLength(2);
  });
});
