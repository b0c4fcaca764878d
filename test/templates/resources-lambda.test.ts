import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceSetup, thrownBy } from './resources-support.js';

// AWS::Lambda::Function, EventSourceMapping and Permission, and the IAM resources beside them
// (docs/aws-behaviour/templates.md §3.6–§3.9).

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const CODE = { ZipFile: 'exports.handler = async () => {}' };
const ROLE = 'arn:aws:iam::000000000000:role/worker';

describe('AWS::Lambda::Function', () => {
  it('binds the handler given under the logical id; Ref is the name, Arn the ARN; the settings apply', () => {
    const handler = async () => 'done';
    const { aws, create } = resourceSetup({ stackName: 'shop', functions: { Worker: handler } });
    const fn = create('AWS::Lambda::Function', 'Worker', {
      Code: CODE,
      Role: ROLE,
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Timeout: 30,
      MemorySize: '512',
      ReservedConcurrentExecutions: 2,
      Environment: { Variables: { STAGE: 'test' } },
    });
    expect(fn.ref).toMatch(/^shop-Worker-\w{12}$/);
    expect(fn.attributes).toEqual({ Arn: `arn:aws:lambda:us-east-1:000000000000:function:${fn.ref}` });
    expect(fn.view).toEqual({ kind: 'function', arn: fn.attributes['Arn'] });
    const view = aws.lambda.function(fn.ref);
    expect({ timeout: view.timeout, memorySize: view.memorySize, reserved: view.reservedConcurrency }).toEqual({
      timeout: 30,
      memorySize: 512,
      reserved: 2,
    });
  });

  it('binds by FunctionName too, and defaults as CreateFunction does (3 s, 128 MB)', () => {
    const { aws, create } = resourceSetup({ functions: { 'order-worker': async () => null } });
    const fn = create('AWS::Lambda::Function', 'Worker', { FunctionName: 'order-worker', Code: CODE, Role: ROLE });
    expect(fn.ref).toBe('order-worker');
    expect(aws.lambda.function('order-worker')).toMatchObject({ timeout: 3, memorySize: 128 });
  });

  it('an unbound function is an error naming it and how to bind it', () => {
    const { create } = resourceSetup();
    const error = thrownBy(() => create('AWS::Lambda::Function', 'Worker', { Code: CODE, Role: ROLE }));
    expect(error.message).toContain('no handler given for function Worker; pass functions: { Worker: handler }');
    expect(error).toMatchObject({ name: 'TemplateError', logicalId: 'Worker' });
  });

  it('a generated name is at most 64 characters', () => {
    const long = 'F'.repeat(80);
    const { create } = resourceSetup({ functions: { [long]: async () => null } });
    expect(
      (create('AWS::Lambda::Function', long, { Code: CODE, Role: ROLE }).ref as string).length,
    ).toBeLessThanOrEqual(64);
  });

  it('refuses a missing Code or Role, a bad setting (naming the property) and a taken name; undo() deletes', () => {
    const { aws, create } = resourceSetup({ functions: { Worker: async () => null } });
    expect(thrownBy(() => create('AWS::Lambda::Function', 'Worker', { Role: ROLE })).message).toContain(
      '#: required key [Code] not found',
    );
    expect(
      thrownBy(() => create('AWS::Lambda::Function', 'Worker', { Code: CODE, Role: ROLE, Timeout: 0 })),
    ).toMatchObject({ logicalId: 'Worker', property: 'Timeout' });
    aws.lambda.createFunction('taken', async () => null);
    expect(
      thrownBy(() => create('AWS::Lambda::Function', 'Worker', { FunctionName: 'taken', Code: CODE, Role: ROLE }))
        .message,
    ).toContain("Resource of type 'AWS::Lambda::Function' with identifier 'taken' already exists.");

    const fn = create('AWS::Lambda::Function', 'Worker', { Code: CODE, Role: ROLE });
    fn.undo();
    expect(aws.lambda.functions().map((f) => f.name)).toEqual(['taken']);
  });
});

describe('AWS::Lambda::EventSourceMapping', () => {
  /** A queue, a function bound to a recording handler, and what the handler saw. */
  function wired(queueProperties: Record<string, unknown> = {}, functionProperties: Record<string, unknown> = {}) {
    const batches: number[] = [];
    const handler = async (event: { Records: unknown[] }) => {
      batches.push(event.Records.length);
    };
    const setup = resourceSetup({ functions: { Worker: handler } });
    const queue = setup.create('AWS::SQS::Queue', 'Orders', queueProperties);
    const fn = setup.create('AWS::Lambda::Function', 'Worker', { Code: CODE, Role: ROLE, ...functionProperties });
    const send = (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          setup.sqs.send(new SendMessageCommand({ QueueUrl: queue.ref, MessageBody: `m${i}` })),
        ),
      );
    const idle = () => setup.aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    return { ...setup, queue, fn, batches, send, idle };
  }

  it('checks its properties before Lambda sees them', () => {
    const { create } = resourceSetup();
    expect(thrownBy(() => create('AWS::Lambda::EventSourceMapping', 'M', { EventSourceArn: 'x' })).message).toContain(
      '#: required key [FunctionName] not found',
    );
    expect(
      thrownBy(() => create('AWS::Lambda::EventSourceMapping', 'M', { FunctionName: 'f', BatchSize: 'ten' })),
    ).toMatchObject({ property: 'BatchSize' });
  });

  it('maps the queue to the function: Ref is the UUID, GetAtt Id and EventSourceMappingArn; batches of BatchSize', async () => {
    const { create, queue, fn, batches, send, idle } = wired();
    const mapping = create('AWS::Lambda::EventSourceMapping', 'Mapping', {
      FunctionName: fn.ref,
      EventSourceArn: queue.attributes['Arn'],
      BatchSize: '5',
      Enabled: 'true',
      ScalingConfig: { MaximumConcurrency: '2' },
    });
    expect(mapping.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(mapping.attributes).toEqual({
      Id: mapping.ref,
      EventSourceMappingArn: `arn:aws:lambda:us-east-1:000000000000:event-source-mapping:${mapping.ref}`,
    });
    await send(7);
    await idle();
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(7);
    expect(Math.max(...batches)).toBeLessThanOrEqual(5);
  });

  it("answers Lambda's own text, as CreateEventSourceMapping does (§3.6)", () => {
    const { aws, create, queue, fn } = wired({ VisibilityTimeout: 30 }, { Timeout: 60 });
    const input = { FunctionName: fn.ref, EventSourceArn: queue.attributes['Arn'] as string };
    const expected = thrownBy(() => aws.lambda.mappings.create(input, 'us-east-1'));
    expect(expected.message).toContain(
      'Queue visibility timeout: 30 seconds is less than Function timeout: 60 seconds',
    );
    const error = thrownBy(() => create('AWS::Lambda::EventSourceMapping', 'Mapping', input));
    expect(error.message).toContain(`Mapping (AWS::Lambda::EventSourceMapping): ${expected.message}`);
    expect(error).toMatchObject({ name: 'TemplateError', logicalId: 'Mapping' });
  });

  it('undo() removes the mapping: the queue keeps its messages', async () => {
    const { sqs, create, queue, fn, batches, send, idle } = wired();
    const mapping = create('AWS::Lambda::EventSourceMapping', 'Mapping', {
      FunctionName: fn.ref,
      EventSourceArn: queue.attributes['Arn'],
    });
    mapping.undo();
    await send(2);
    await idle();
    expect(batches).toEqual([]);
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queue.ref, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    expect(Attributes?.['ApproximateNumberOfMessages']).toBe('2');
  });
});

describe('AWS::Lambda::Permission and IAM', () => {
  it('a permission is recorded with an id, nothing enforced; its function must exist', () => {
    const { aws, create } = resourceSetup();
    const fn = aws.lambda.createFunction('fn', async () => null);
    const allow = (FunctionName: string) => ({
      Action: 'lambda:InvokeFunction',
      FunctionName,
      Principal: 'sns.amazonaws.com',
      SourceArn: 'arn:aws:sns:us-east-1:000000000000:t',
    });
    expect(create('AWS::Lambda::Permission', 'ByArn', allow(fn.arn)).ref).toMatch(/^test-stack-ByArn-/);
    expect(thrownBy(() => create('AWS::Lambda::Permission', 'Missing', allow('missing'))).message).toContain(
      'Missing (AWS::Lambda::Permission): Function not found: arn:aws:lambda:us-east-1:000000000000:function:missing',
    );
    const permission = create('AWS::Lambda::Permission', 'Allow', {
      Action: 'lambda:InvokeFunction',
      FunctionName: 'fn',
      Principal: 'sns.amazonaws.com',
      SourceArn: 'arn:aws:sns:us-east-1:000000000000:t',
    });
    expect(permission.ref).toMatch(/^test-stack-Allow-/);
    expect(
      thrownBy(() => create('AWS::Lambda::Permission', 'P', { Action: 'x', FunctionName: 'f' })).message,
    ).toContain('#: required key [Principal] not found');
  });

  it('roles and policies give the Ref and Arn other resources read (§2.1)', () => {
    const { create } = resourceSetup();
    const role = create('AWS::IAM::Role', 'WorkerRole', { AssumeRolePolicyDocument: {}, Path: '/service/' });
    expect(role.ref).toMatch(/^test-stack-WorkerRole-/);
    expect(role.attributes['Arn']).toBe(`arn:aws:iam::000000000000:role/service/${role.ref}`);
    expect(role.attributes['RoleId']).toMatch(/^AROA[A-Z0-9]{17}$/);
    const named = create('AWS::IAM::Role', 'Named', { AssumeRolePolicyDocument: {}, RoleName: 'worker' });
    expect(named.attributes['Arn']).toBe('arn:aws:iam::000000000000:role/worker');
    const policy = create('AWS::IAM::Policy', 'Policy', { PolicyName: 'p', PolicyDocument: {}, Roles: [role.ref] });
    expect(policy.ref).toMatch(/^test-stack-Policy-/);
    const managed = create('AWS::IAM::ManagedPolicy', 'Managed', { PolicyDocument: {}, ManagedPolicyName: 'm' });
    expect(managed.ref).toBe('arn:aws:iam::000000000000:policy/m');
  });
});
