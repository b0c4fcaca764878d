/**
 * AddPermission, RemovePermission and GetPolicy through the real LambdaClient (docs/aws-behaviour/lambda.md §8), and
 * `AWS::Lambda::Permission` in a template.
 */
import { AddPermissionCommand, GetPolicyCommand, LambdaClient, RemovePermissionCommand } from '@aws-sdk/client-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';

let aws: AwsMock;
let lambda: LambdaClient;
const ARN = 'arn:aws:lambda:us-east-1:000000000000:function';
const RULE = 'arn:aws:events:us-east-1:000000000000:rule/orders';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) });
  aws = createAwsMock();
  lambda = new LambdaClient({ region: 'us-east-1', requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  aws.lambda.createFunction('fn', async () => 'ok');
});
afterEach(() => vi.useRealTimers());

const grant = (extra: object = {}) =>
  lambda.send(
    new AddPermissionCommand({
      FunctionName: 'fn',
      StatementId: 'events',
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      SourceArn: RULE,
      ...extra,
    }),
  );

describe('AddPermission, GetPolicy, RemovePermission', () => {
  it('adds a statement, shows the policy, removes it', async () => {
    const added = await grant();
    expect(added.$metadata.httpStatusCode).toBe(201);
    const statement = {
      Sid: 'events',
      Effect: 'Allow',
      Principal: { Service: 'events.amazonaws.com' },
      Action: 'lambda:InvokeFunction',
      Resource: `${ARN}:fn`,
      Condition: { ArnLike: { 'AWS:SourceArn': RULE } },
    };
    expect(JSON.parse(added.Statement!)).toEqual(statement);
    await grant({
      StatementId: 'mine',
      Principal: '000000000000',
      SourceArn: undefined,
      SourceAccount: '000000000000',
    });
    const { Policy, RevisionId } = await lambda.send(new GetPolicyCommand({ FunctionName: 'fn' }));
    expect(JSON.parse(Policy!)).toEqual({
      Version: '2012-10-17',
      Id: 'default',
      Statement: [
        statement,
        {
          Sid: 'mine',
          Effect: 'Allow',
          Principal: { AWS: 'arn:aws:iam::000000000000:root' },
          Action: 'lambda:InvokeFunction',
          Resource: `${ARN}:fn`,
          Condition: { StringEquals: { 'AWS:SourceAccount': '000000000000' } },
        },
      ],
    });
    expect(RevisionId).toEqual(expect.any(String));
    const removed = await lambda.send(new RemovePermissionCommand({ FunctionName: 'fn', StatementId: 'events' }));
    expect(removed.$metadata.httpStatusCode).toBe(204);
    await lambda.send(new RemovePermissionCommand({ FunctionName: `${ARN}:fn`, StatementId: 'mine' }));
    const gone = await rejectionOf(lambda.send(new GetPolicyCommand({ FunctionName: 'fn' })));
    expect([gone.name, gone.message]).toEqual([
      'ResourceNotFoundException',
      'The resource you requested does not exist.',
    ]);
  });

  it.each([
    [
      { StatementId: 'example.com' },
      'ValidationException',
      "1 validation error detected: Value 'example.com' at 'statementId' failed to satisfy constraint: Member must satisfy regular expression pattern: ([a-zA-Z0-9-_]+)",
    ],
    [
      { FunctionName: 'fn:alias-not-42', Qualifier: '42' },
      'InvalidParameterValueException',
      'The derived qualifier from the function name does not match the specified qualifier.',
    ],
    [
      { FunctionName: 'fn:$LATEST', Qualifier: '$LATEST' },
      'InvalidParameterValueException',
      'We currently do not support adding policies for $LATEST.',
    ],
    [
      { Principal: 'invalid.nonaws.com' },
      'InvalidParameterValueException',
      'The provided principal was invalid. Please check the principal and try again.',
    ],
    [{ FunctionName: 'doesnotexist' }, 'ResourceNotFoundException', `Function not found: ${ARN}:doesnotexist`],
    [
      { FunctionName: 'fn:alias-doesnotexist' },
      'ResourceNotFoundException',
      `Cannot find alias arn: ${ARN}:fn:alias-doesnotexist`,
    ],
    [{ Qualifier: '42' }, 'ResourceNotFoundException', `Function not found: ${ARN}:fn:42`],
    [
      { Qualifier: 'invalid-qualifier-with-?-char' },
      'ValidationException',
      "1 validation error detected: Value 'invalid-qualifier-with-?-char' at 'qualifier' failed to satisfy constraint: Member must satisfy regular expression pattern: \\$(LATEST(\\.PUBLISHED)?)|[a-zA-Z0-9-_$]+",
    ],
  ])('AddPermission %j → %s', async (input, name, message) => {
    const error = await rejectionOf(grant(input));
    expect([error.name, error.message]).toEqual([name, message]);
  });

  it('refuses a second statement with the same id (409)', async () => {
    await grant();
    const error = await rejectionOf(grant());
    expect([
      error.name,
      error.message,
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode,
    ]).toEqual([
      'ResourceConflictException',
      'The statement id (events) provided already exists. Please provide a new statement id, or remove the existing statement.',
      409,
    ]);
  });

  it('RemovePermission and GetPolicy words for what is missing', async () => {
    const words = async (promise: Promise<unknown>) => {
      const error = await rejectionOf(promise);
      return [error.name, error.message];
    };
    expect(await words(lambda.send(new RemovePermissionCommand({ FunctionName: 'fn', StatementId: 's3' })))).toEqual([
      'ResourceNotFoundException',
      'No policy is associated with the given resource.',
    ]);
    expect(
      await words(lambda.send(new RemovePermissionCommand({ FunctionName: 'doesnotexist', StatementId: 's3' }))),
    ).toEqual(['ResourceNotFoundException', `No policy found for: ${ARN}:doesnotexist`]);
    await grant();
    expect(
      await words(lambda.send(new RemovePermissionCommand({ FunctionName: 'fn', StatementId: 'non-existent' }))),
    ).toEqual(['ResourceNotFoundException', 'Statement non-existent is not found in resource policy.']);
    expect(
      await words(
        lambda.send(
          new RemovePermissionCommand({ FunctionName: 'fn', StatementId: 'x', Qualifier: 'alias-doesnotexist' }),
        ),
      ),
    ).toEqual(['ResourceNotFoundException', `Cannot find alias arn: ${ARN}:fn:alias-doesnotexist`]);
    for (const input of [{ FunctionName: 'doesnotexist' }, { FunctionName: 'fn', Qualifier: '77' }]) {
      expect(await words(lambda.send(new GetPolicyCommand(input)))).toEqual([
        'ResourceNotFoundException',
        'The resource you requested does not exist.',
      ]);
    }
  });
});

describe('AWS::Lambda::Permission', () => {
  it('adds its statement to the function, which GetPolicy shows', async () => {
    aws.provision(
      {
        Resources: {
          Handler: {
            Type: 'AWS::Lambda::Function',
            Properties: {
              Runtime: 'nodejs20.x',
              Handler: 'index.handler',
              Role: 'arn:aws:iam::000000000000:role/r',
              Code: { ZipFile: 'x' },
            },
          },
          Allow: {
            Type: 'AWS::Lambda::Permission',
            Properties: {
              Action: 'lambda:InvokeFunction',
              FunctionName: { 'Fn::GetAtt': ['Handler', 'Arn'] },
              Principal: 'events.amazonaws.com',
              SourceArn: RULE,
            },
          },
        },
      },
      { stackName: 'app', functions: { Handler: async () => 'ok' } },
    );
    const [fn] = aws.lambda.functions().filter((view) => view.name !== 'fn');
    const { Policy } = await lambda.send(new GetPolicyCommand({ FunctionName: fn!.name }));
    expect(JSON.parse(Policy!).Statement).toEqual([
      expect.objectContaining({
        Sid: expect.stringMatching(/^app-Allow-/),
        Principal: { Service: 'events.amazonaws.com' },
        Condition: { ArnLike: { 'AWS:SourceArn': RULE } },
      }),
    ]);
  });
});
