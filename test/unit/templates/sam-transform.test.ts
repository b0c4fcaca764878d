import { describe, expect, it } from 'vitest';
import { transformSam } from '../../../src/templates/sam/index.js';

// The SAM transform against the shapes SAM's own translator output shows (docs/aws-behaviour/templates.md §5;
// aws/serverless-application-model tests/translator/output: sns_sqs.json, sns_existing_sqs.json,
// function_with_sns_event_source_all_parameters.json).

const CONTEXT = { region: 'us-east-1', accountId: '123456789012', partition: 'aws', stackName: 'sam-stack' };
const TRUST = {
  Version: '2012-10-17',
  Statement: [{ Action: ['sts:AssumeRole'], Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] } }],
};
const BASIC = 'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';
const SQS_EXECUTION = 'arn:aws:iam::aws:policy/service-role/AWSLambdaSQSQueueExecutionRole';
const SAM_TAG = { Key: 'lambda:createdBy', Value: 'SAM' };
const FILTER = { store: ['example_corp'], price_usd: [{ numeric: ['>=', 100] }] };

const sam = (resources: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  Transform: 'AWS::Serverless-2016-10-31',
  ...extra,
  Resources: resources,
});
const fn = (properties: Record<string, unknown>) => ({
  Type: 'AWS::Serverless::Function',
  Properties: {
    CodeUri: 's3://sam-demo-bucket/notifications.zip',
    Handler: 'index.save_notification',
    Runtime: 'nodejs20.x',
    ...properties,
  },
});

describe('transformSam: functions', () => {
  it('a function becomes AWS::Lambda::Function of the same id with a generated <Fn>Role', () => {
    const out = transformSam(sam({ Worker: fn({ Timeout: 30, Tags: { team: 'orders' } }) }), CONTEXT);
    expect(out).toEqual({
      Resources: {
        Worker: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Code: { S3Bucket: 'sam-demo-bucket', S3Key: 'notifications.zip' },
            Handler: 'index.save_notification',
            Runtime: 'nodejs20.x',
            Timeout: 30,
            Role: { 'Fn::GetAtt': ['WorkerRole', 'Arn'] },
            Tags: [SAM_TAG, { Key: 'team', Value: 'orders' }],
          },
        },
        WorkerRole: {
          Type: 'AWS::IAM::Role',
          Properties: {
            AssumeRolePolicyDocument: TRUST,
            ManagedPolicyArns: [BASIC],
            Tags: [SAM_TAG, { Key: 'team', Value: 'orders' }],
          },
        },
      },
    });
  });

  it('a given Role means no generated role; InlineCode, Tracing, DeadLetterQueue and resource attributes carry over', () => {
    const out = transformSam(
      sam({
        Worker: {
          ...fn({
            CodeUri: undefined,
            InlineCode: 'exports.handler = async () => {}',
            Role: 'arn:aws:iam::123456789012:role/given',
            Tracing: 'Active',
            DeadLetterQueue: { Type: 'SQS', TargetArn: { 'Fn::GetAtt': ['Dlq', 'Arn'] } },
          }),
          Condition: 'IsProd',
          DependsOn: 'Dlq',
          Metadata: { note: 1 },
        },
      }),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(resources)).toEqual(['Worker']);
    expect(resources['Worker']).toEqual({
      Condition: 'IsProd',
      DependsOn: 'Dlq',
      Metadata: { note: 1 },
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: { ZipFile: 'exports.handler = async () => {}' },
        Handler: 'index.save_notification',
        Runtime: 'nodejs20.x',
        Role: 'arn:aws:iam::123456789012:role/given',
        TracingConfig: { Mode: 'Active' },
        DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': ['Dlq', 'Arn'] } },
        Tags: [SAM_TAG],
      },
    });
  });

  it('keeps other resources, sections and transforms; removes Globals and the SAM transform', () => {
    const table = { Type: 'AWS::Serverless::SimpleTable', Properties: {} };
    const out = transformSam(
      {
        AWSTemplateFormatVersion: '2010-09-09',
        Transform: ['AWS::LanguageExtensions', 'AWS::Serverless-2016-10-31'],
        Globals: { Function: { Timeout: 5 } },
        Parameters: { Stage: { Type: 'String' } },
        Outputs: { Q: { Value: { Ref: 'Q' } } },
        Resources: { Q: { Type: 'AWS::SQS::Queue' }, Table: table },
      },
      CONTEXT,
    );
    expect(out).toEqual({
      AWSTemplateFormatVersion: '2010-09-09',
      Transform: ['AWS::LanguageExtensions'],
      Parameters: { Stage: { Type: 'String' } },
      Outputs: { Q: { Value: { Ref: 'Q' } } },
      Resources: { Q: { Type: 'AWS::SQS::Queue' }, Table: table },
    });
  });

  it('CodeUri as a map and with a version; EventInvokeConfig as <Fn>EventInvokeConfig', () => {
    const out = transformSam(
      sam({
        Worker: fn({
          CodeUri: { Bucket: 'b', Key: 'k.zip', Version: '3' },
          EventInvokeConfig: {
            MaximumRetryAttempts: 1,
            DestinationConfig: { OnFailure: { Type: 'SQS', Destination: { 'Fn::GetAtt': ['Dlq', 'Arn'] } } },
          },
        }),
      }),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, { Properties: Record<string, unknown> }>;
    expect(resources['Worker']!.Properties['Code']).toEqual({ S3Bucket: 'b', S3Key: 'k.zip', S3ObjectVersion: '3' });
    expect(resources['WorkerEventInvokeConfig']).toEqual({
      Type: 'AWS::Lambda::EventInvokeConfig',
      Properties: {
        FunctionName: { Ref: 'Worker' },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 1,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': ['Dlq', 'Arn'] } } },
      },
    });
    const s3 = transformSam(sam({ W: fn({ CodeUri: 's3://b/k.zip?versionId=7' }) }), CONTEXT);
    expect(
      (s3['Resources'] as Record<string, { Properties: Record<string, unknown> }>)['W']!.Properties['Code'],
    ).toEqual({ S3Bucket: 'b', S3Key: 'k.zip', S3ObjectVersion: '7' });
  });

  it('Policies go on the generated role: managed names and ARNs, inline documents and policy templates as written', () => {
    const statement = { Statement: [{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: '*' }] };
    const template = { SQSSendMessagePolicy: { QueueName: { 'Fn::GetAtt': ['Q', 'QueueName'] } } };
    const out = transformSam(
      sam({
        W: fn({ Policies: ['AmazonSQSFullAccess', 'arn:aws:iam::123456789012:policy/mine', statement, template] }),
      }),
      CONTEXT,
    );
    const role = (out['Resources'] as Record<string, { Properties: Record<string, unknown> }>)['WRole']!.Properties;
    // As SAM's function_with_policy_templates.json: the named ones first, inline ones by their place in the list.
    expect(role['ManagedPolicyArns']).toEqual([
      'arn:aws:iam::aws:policy/AmazonSQSFullAccess',
      'arn:aws:iam::123456789012:policy/mine',
      BASIC,
    ]);
    expect(role['Policies']).toEqual([
      { PolicyName: 'WRolePolicy2', PolicyDocument: statement },
      { PolicyName: 'WRolePolicy3', PolicyDocument: template },
    ]);
    const single = transformSam(sam({ W: fn({ Policies: 'AWSLambdaExecute' }) }), CONTEXT);
    expect(
      (single['Resources'] as Record<string, { Properties: Record<string, unknown> }>)['WRole']!.Properties[
        'ManagedPolicyArns'
      ],
    ).toEqual(['arn:aws:iam::aws:policy/AWSLambdaExecute', BASIC]);
  });

  it("refuses what SAM refuses, in SAM's words", () => {
    expect(() => transformSam(sam({ W: fn({ InlineCode: 'x' }) }), CONTEXT)).toThrow(
      "Resource with id [W] is invalid. Only one of 'InlineCode' or 'CodeUri' can be set.",
    );
    expect(() => transformSam(sam({ W: fn({ CodeUri: undefined }) }), CONTEXT)).toThrow(
      "Resource with id [W] is invalid. Either 'InlineCode' or 'CodeUri' must be set.",
    );
    expect(() => transformSam(sam({ W: fn({}) }, { Globals: { Function: { Role: 'r' } } }), CONTEXT)).toThrow(
      "'Globals' section is invalid. 'Role' is not a supported property of 'Function'.",
    );
  });
});

describe('transformSam: Globals (§5.3)', () => {
  it('scalars: the local one wins; maps merge; lists concatenate global + local; an intrinsic is a scalar', () => {
    const out = transformSam(
      sam(
        {
          A: fn({
            Runtime: 'python3.12',
            Environment: { Variables: { DB: 'mine', EXTRA: 'x' } },
            Layers: ['local-layer'],
            MemorySize: { Ref: 'Memory' },
          }),
          B: fn({}),
        },
        {
          Globals: {
            Function: {
              Runtime: 'nodejs20.x',
              Timeout: 10,
              Environment: { Variables: { DB: 'shared', TABLE: 't' } },
              Layers: ['global-layer'],
              MemorySize: 256,
            },
          },
        },
      ),
      CONTEXT,
    );
    const props = (id: string) =>
      (out['Resources'] as Record<string, { Properties: Record<string, unknown> }>)[id]!.Properties;
    expect(props('A')).toMatchObject({
      Runtime: 'python3.12',
      Timeout: 10,
      Environment: { Variables: { DB: 'mine', TABLE: 't', EXTRA: 'x' } },
      Layers: ['global-layer', 'local-layer'],
      MemorySize: { Ref: 'Memory' },
    });
    expect(props('B')).toMatchObject({ Runtime: 'nodejs20.x', Timeout: 10, MemorySize: 256 });
  });

  it('IgnoreGlobals opts a function out, wholly or by name, and is not written out', () => {
    const globals = { Globals: { Function: { Timeout: 10, MemorySize: 256 } } };
    const out = transformSam(
      sam({ All: { ...fn({}), IgnoreGlobals: '*' }, Some: { ...fn({}), IgnoreGlobals: ['Timeout'] } }, globals),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, { Properties: Record<string, unknown> }>;
    expect(resources['All']!.Properties['Timeout']).toBeUndefined();
    expect(resources['All']!.Properties['MemorySize']).toBeUndefined();
    expect(resources['Some']!.Properties).toMatchObject({ MemorySize: 256 });
    expect(resources['Some']!.Properties['Timeout']).toBeUndefined();
    expect(resources['Some']).not.toHaveProperty('IgnoreGlobals');
  });
});

describe('transformSam: SQS events (§5.1)', () => {
  it('an SQS event is an EventSourceMapping <Fn><Event> with its properties copied, and the SQS policy on the role', () => {
    const out = transformSam(
      sam({
        Worker: fn({
          Events: {
            Orders: {
              Type: 'SQS',
              Properties: {
                Queue: { 'Fn::GetAtt': ['Orders', 'Arn'] },
                BatchSize: 5,
                MaximumBatchingWindowInSeconds: 2,
                Enabled: false,
                FunctionResponseTypes: ['ReportBatchItemFailures'],
                FilterCriteria: { Filters: [{ Pattern: '{"body": {"kind": ["order"]}}' }] },
                ScalingConfig: { MaximumConcurrency: 2 },
              },
            },
          },
        }),
        Orders: { Type: 'AWS::SQS::Queue' },
      }),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, { Properties: Record<string, unknown> }>;
    expect(resources['WorkerOrders']).toEqual({
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        FunctionName: { Ref: 'Worker' },
        EventSourceArn: { 'Fn::GetAtt': ['Orders', 'Arn'] },
        BatchSize: 5,
        Enabled: false,
        MaximumBatchingWindowInSeconds: 2,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        FilterCriteria: { Filters: [{ Pattern: '{"body": {"kind": ["order"]}}' }] },
        ScalingConfig: { MaximumConcurrency: 2 },
      },
    });
    expect(resources['WorkerRole']!.Properties['ManagedPolicyArns']).toEqual([BASIC, SQS_EXECUTION]);
    expect(resources['Worker']!.Properties).not.toHaveProperty('Events');
  });

  it('passes the Condition of the function on; refuses an event without a queue in SAM words', () => {
    const out = transformSam(
      sam({ W: { ...fn({ Events: { E: { Type: 'SQS', Properties: { Queue: 'arn:q' } } } }), Condition: 'C' } }),
      CONTEXT,
    );
    expect((out['Resources'] as Record<string, Record<string, unknown>>)['WE']!['Condition']).toBe('C');
    expect(() => transformSam(sam({ W: fn({ Events: { E: { Type: 'SQS', Properties: {} } } }) }), CONTEXT)).toThrow(
      'Resource with id [W] is invalid. Event with id [E] is invalid. No Queue (for SQS) or Stream',
    );
  });
});

describe('transformSam: SNS events (§5.2)', () => {
  it('without SqsSubscription: a lambda subscription <Fn><Event> and a permission <Fn><Event>Permission', () => {
    const out = transformSam(
      sam({
        MyAwesomeFunction: fn({
          Events: {
            NotificationTopic: {
              Type: 'SNS',
              Properties: { Topic: 'topicArn', Region: 'region', FilterPolicy: FILTER },
            },
          },
        }),
      }),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, unknown>;
    expect(resources['MyAwesomeFunctionNotificationTopic']).toEqual({
      Type: 'AWS::SNS::Subscription',
      Properties: {
        Protocol: 'lambda',
        Endpoint: { 'Fn::GetAtt': ['MyAwesomeFunction', 'Arn'] },
        TopicArn: 'topicArn',
        Region: 'region',
        FilterPolicy: FILTER,
      },
    });
    expect(resources['MyAwesomeFunctionNotificationTopicPermission']).toEqual({
      Type: 'AWS::Lambda::Permission',
      Properties: {
        Action: 'lambda:invokeFunction',
        FunctionName: { Ref: 'MyAwesomeFunction' },
        Principal: 'sns.amazonaws.com',
        SourceArn: 'topicArn',
      },
    });
    expect((resources['MyAwesomeFunctionRole'] as { Properties: Record<string, unknown> }).Properties).toMatchObject({
      ManagedPolicyArns: [BASIC],
    });
  });

  it('SqsSubscription true: the queue, its policy (Principal "*"), the sqs subscription and a mapping of 10', () => {
    const out = transformSam(
      sam({
        SaveNotificationFunction: fn({
          Events: {
            NotificationTopic: {
              Type: 'SNS',
              Properties: {
                Topic: { Ref: 'Notifications' },
                SqsSubscription: true,
                FilterPolicy: FILTER,
                FilterPolicyScope: 'MessageAttributes',
              },
            },
          },
        }),
        Notifications: { Type: 'AWS::SNS::Topic' },
      }),
      CONTEXT,
    );
    const id = 'SaveNotificationFunctionNotificationTopic';
    const queueArn = { 'Fn::GetAtt': [`${id}Queue`, 'Arn'] };
    const resources = out['Resources'] as Record<string, { Properties: Record<string, unknown> }>;
    expect(Object.keys(resources).sort()).toEqual(
      [
        'Notifications',
        'SaveNotificationFunction',
        'SaveNotificationFunctionRole',
        id,
        `${id}Queue`,
        `${id}QueuePolicy`,
        `${id}EventSourceMapping`,
      ].sort(),
    );
    expect(resources[`${id}Queue`]).toEqual({ Type: 'AWS::SQS::Queue', Properties: {} });
    expect(resources[`${id}QueuePolicy`]).toEqual({
      Type: 'AWS::SQS::QueuePolicy',
      Properties: {
        Queues: [{ Ref: `${id}Queue` }],
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Action: 'sqs:SendMessage',
              Effect: 'Allow',
              Principal: '*',
              Resource: queueArn,
              Condition: { ArnEquals: { 'aws:SourceArn': { Ref: 'Notifications' } } },
            },
          ],
        },
      },
    });
    expect(resources[id]).toEqual({
      Type: 'AWS::SNS::Subscription',
      Properties: {
        Protocol: 'sqs',
        Endpoint: queueArn,
        TopicArn: { Ref: 'Notifications' },
        FilterPolicy: FILTER,
        FilterPolicyScope: 'MessageAttributes',
      },
    });
    expect(resources[`${id}EventSourceMapping`]).toEqual({
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        BatchSize: 10,
        Enabled: true,
        EventSourceArn: queueArn,
        FunctionName: { Ref: 'SaveNotificationFunction' },
      },
    });
    expect(resources['SaveNotificationFunctionRole']!.Properties['ManagedPolicyArns']).toEqual([BASIC, SQS_EXECUTION]);
  });

  it('SqsSubscription as a map: an existing queue, the policy id given, the batch size given, Enabled always true', () => {
    const out = transformSam(
      sam({
        SaveNotificationFunction: fn({
          Events: {
            NotificationTopic: {
              Type: 'SNS',
              Properties: {
                Topic: { Ref: 'Notifications' },
                SqsSubscription: {
                  QueueArn: { 'Fn::GetAtt': ['Queue', 'Arn'] },
                  QueueUrl: { Ref: 'Queue' },
                  QueuePolicyLogicalId: 'NotificationA',
                  BatchSize: 8,
                  Enabled: false,
                },
              },
            },
          },
        }),
        Queue: { Type: 'AWS::SQS::Queue' },
        Notifications: { Type: 'AWS::SNS::Topic' },
      }),
      CONTEXT,
    );
    const resources = out['Resources'] as Record<string, { Properties: Record<string, unknown> }>;
    expect(resources['NotificationA']!.Properties['Queues']).toEqual([{ Ref: 'Queue' }]);
    expect(resources['SaveNotificationFunctionNotificationTopicQueue']).toBeUndefined();
    expect(resources['SaveNotificationFunctionNotificationTopicEventSourceMapping']!.Properties).toEqual({
      BatchSize: 8,
      Enabled: true,
      EventSourceArn: { 'Fn::GetAtt': ['Queue', 'Arn'] },
      FunctionName: { Ref: 'SaveNotificationFunction' },
    });
    expect(() =>
      transformSam(
        sam({
          F: fn({ Events: { E: { Type: 'SNS', Properties: { Topic: 't', SqsSubscription: { QueueArn: 'a' } } } } }),
        }),
        CONTEXT,
      ),
    ).toThrow('Resource with id [F] is invalid. Event with id [E] is invalid. No QueueARN or QueueURL provided.');
  });
});
