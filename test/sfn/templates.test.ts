/** `aws.provision` of Step Functions' resource types (docs/aws-behaviour/stepfunctions.md §6.3). */
import { DescribeStateMachineCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sfnSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

describe('AWS::StepFunctions::StateMachine', () => {
  it('Definition is stored with sorted keys, DefinitionString as given, substitutions applied; Ref is the ARN', async () => {
    const { aws, sfn } = sfnSetup();
    const stack = aws.provision({
      Resources: {
        Role: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: {} } },
        Sorted: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            StateMachineName: 'sorted',
            RoleArn: { 'Fn::GetAtt': ['Role', 'Arn'] },
            Definition: { StartAt: 'A', States: { A: { Type: 'Pass', Result: '${Greeting}', End: true } } },
            DefinitionSubstitutions: { Greeting: 'hello' },
          },
        },
        Verbatim: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            RoleArn: { 'Fn::GetAtt': ['Role', 'Arn'] },
            DefinitionString: '{"StartAt":"A","States":{"A":{"Type":"Pass","Result":"x","End":true}}}',
          },
        },
        Worker: { Type: 'AWS::StepFunctions::Activity', Properties: { Name: 'worker' } },
      },
      Outputs: {
        Arn: { Value: { Ref: 'Sorted' } },
        Name: { Value: { 'Fn::GetAtt': ['Verbatim', 'Name'] } },
        Activity: { Value: { Ref: 'Worker' } },
      },
    });
    expect(stack.outputs['Arn']).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:sorted');
    expect(stack.outputs['Activity']).toBe('arn:aws:states:us-east-1:000000000000:activity:worker');
    const sorted = await sfn.send(new DescribeStateMachineCommand({ stateMachineArn: stack.outputs['Arn'] as string }));
    expect(sorted.definition).toBe('{"StartAt":"A","States":{"A":{"End":true,"Result":"hello","Type":"Pass"}}}');
    const name = stack.outputs['Name'] as string;
    const verbatim = aws.sfn.stateMachine(name);
    const described = await sfn.send(new DescribeStateMachineCommand({ stateMachineArn: verbatim.arn }));
    expect(described.definition).toBe('{"StartAt":"A","States":{"A":{"Type":"Pass","Result":"x","End":true}}}');
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: stack.outputs['Arn'] as string }),
    );
    await aws.idle();
    expect(aws.sfn.execution(executionArn!).output).toBe('hello');
  });
});

describe('AWS::Serverless::StateMachine (§6.5)', () => {
  it('becomes a state machine with its role, and its Schedule and EventBridgeRule events start executions', async () => {
    const { aws, events } = sfnSetup();
    aws.provision({
      Transform: 'AWS::Serverless-2016-10-31',
      Resources: {
        Flow: {
          Type: 'AWS::Serverless::StateMachine',
          Properties: {
            Name: 'sam-flow',
            Definition: { StartAt: 'A', States: { A: { Type: 'Pass', Result: '${Word}', End: true } } },
            DefinitionSubstitutions: { Word: 'hi' },
            Events: {
              Hourly: { Type: 'Schedule', Properties: { Schedule: 'rate(1 hour)', Input: '{"from":"schedule"}' } },
              Orders: { Type: 'EventBridgeRule', Properties: { Pattern: { source: ['shop'] } } },
            },
          },
        },
      },
    });
    const { PutEventsCommand } = await import('@aws-sdk/client-eventbridge');
    await events.send(new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'order', Detail: '{}' }] }));
    await vi.advanceTimersByTimeAsync(3_600_000);
    await aws.idle();
    const executions = aws.sfn.stateMachine('sam-flow').executions();
    expect(executions.map((e) => e.output)).toEqual(['hi', 'hi']);
    expect(executions.map((e) => e.input)).toContainEqual({ from: 'schedule' });
  });
});
