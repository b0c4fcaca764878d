/**
 * Templates CloudFormation could never receive: a cyclic object, YAML aliases (an alias bomb among them), values JSON
 * cannot hold (BigInt, NaN, functions, Dates, Maps, ...) and nesting thousands deep. Each is refused with the library's
 * TemplateError naming the problem and the place, before anything is created (docs/aws-behaviour/templates.md §7.4).
 */
import { GetQueueAttributesCommand, ListQueueTagsCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, TemplateError, type AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const WORKER = {
  Type: 'AWS::Lambda::Function',
  Properties: { Code: { ZipFile: 'exports.handler = async () => {}' }, Role: 'arn:aws:iam::000000000000:role/worker' },
};

/** A template whose first resources are fine, so that a late refusal would have created them. */
function template(orders: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Resources: {
      Worker: WORKER,
      Events: { Type: 'AWS::SNS::Topic' },
      First: { Type: 'AWS::SQS::Queue' },
      Orders: { Type: 'AWS::SQS::Queue', Properties: orders },
    },
    ...extra,
  };
}

function what(aws: AwsMock): string[] {
  return [
    ...aws.sqs.queues().map((queue) => queue.url),
    ...aws.sns.topics().map((topic) => topic.arn),
    ...aws.lambda.functions().map((fn) => fn.name),
  ];
}

/** Provisions `source` and returns the error, checking it is a TemplateError and that nothing was left created. */
function refusal(source: unknown): TemplateError {
  const aws = createAwsMock();
  aws.provision({ Resources: { Existing: { Type: 'AWS::SQS::Queue' } } }, { stackName: 'before' });
  const before = what(aws);
  let error: unknown;
  try {
    aws.provision(source, { functions: { Worker: async () => null } });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(TemplateError);
  expect(what(aws)).toEqual(before);
  return error as TemplateError;
}

async function delaySeconds(sqs: ReturnType<typeof sqsSetup>['sqs'], url: string): Promise<string | undefined> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
  return Attributes?.['DelaySeconds'];
}

describe('a cyclic object template', () => {
  it('is refused naming where the cycle closes and what it points back to', () => {
    const orders: Record<string, unknown> = { QueueName: 'orders' };
    const source = template(orders);
    orders['self'] = source;
    const error = refusal(source);
    expect(error.message).toContain('Resources.Orders.Properties.self');
    expect(error.message).toContain('refers back to the template itself');
    expect(error).toMatchObject({ logicalId: 'Orders', property: 'self' });
  });

  it('is refused for a cycle inside a list, and in a section the engine never reads (Metadata)', () => {
    const tags: unknown[] = [{ Key: 'a', Value: 'b' }];
    tags.push(tags);
    expect(refusal(template({ Tags: tags })).message).toMatch(
      /Resources\.Orders\.Properties\.Tags\[1\] refers back to Resources\.Orders\.Properties\.Tags: the template is cyclic/,
    );
    const metadata: Record<string, unknown> = {};
    metadata['loop'] = { back: metadata };
    expect(refusal(template({}, { Metadata: metadata })).message).toContain(
      'Metadata.loop.back refers back to Metadata',
    );
  });

  it('accepts one object used at two places (no cycle): JSON would hold two copies', async () => {
    const { aws, sqs } = sqsSetup();
    const tags = [{ Key: 'team', Value: 'shop' }];
    const stack = aws.provision({
      Resources: {
        A: { Type: 'AWS::SQS::Queue', Properties: { Tags: tags } },
        B: { Type: 'AWS::SQS::Queue', Properties: { Tags: tags } },
      },
    });
    const { Tags } = await sqs.send(new ListQueueTagsCommand({ QueueUrl: stack.ref('B') }));
    expect(Tags).toEqual({ team: 'shop' });
  });
});

describe('YAML aliases', () => {
  const YAML_PLAIN = `
Resources:
  First:
    Type: AWS::SQS::Queue
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: &name orders
      Tags:
        - Key: name
          Value: *name
`;

  it("are refused with CloudFormation's text and where the alias is", () => {
    const error = refusal(YAML_PLAIN);
    expect(error.message).toBe(
      'sqs-sns-mock: provision: Template error: YAML aliases are not allowed in CloudFormation templates ' +
        '(line 11, column 18)',
    );
  });

  it('are refused in a merge key and inside a short-form tag', () => {
    const merge = `
Metadata:
  Defaults: &defaults { DelaySeconds: 5 }
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      <<: *defaults
`;
    expect(refusal(merge).message).toContain('YAML aliases are not allowed in CloudFormation templates (line 8');
    const tagged = `
Metadata:
  Name: &name orders
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Join ['-', [*name, !Ref AWS::Region]]
`;
    expect(refusal(tagged).message).toContain('YAML aliases are not allowed in CloudFormation templates (line 8');
  });

  it('a "billion laughs" alias bomb is refused before anything is expanded', () => {
    const levels = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (const [name, previous] of [...'bcdefghij'].map((name, i) => [name, 'abcdefghij'[i]!])) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    }
    const bomb = `Metadata:\n${levels.map((line) => `  ${line}`).join('\n')}
Resources:
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      Tags: !Split [',', !Join [',', *j]]
`;
    const error = refusal(bomb);
    expect(error.message).toContain('YAML aliases are not allowed in CloudFormation templates (line 3, column');
  });

  it('a mapping key that is a list or a map is refused (JSON keys are text)', () => {
    const text = 'Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n    Metadata:\n      ? [a, b]\n      : 1\n';
    expect(refusal(text).message).toBe(
      'sqs-sns-mock: provision: Template format error: a YAML mapping key is a list or a map, which JSON cannot ' +
        'hold (line 5, column 9)',
    );
    expect(refusal('Resources: { Orders: { Type: AWS::SQS::Queue, Metadata: { {a: 1}: 2 } } }').message).toContain(
      'a YAML mapping key is a list or a map, which JSON cannot hold (line 1, column 59)',
    );
  });

  it('an anchor no alias uses is accepted', async () => {
    const { aws, sqs } = sqsSetup();
    const stack = aws.provision(
      'Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n    Properties: &p\n      DelaySeconds: 5\n',
    );
    expect(await delaySeconds(sqs, stack.ref('Orders'))).toBe('5');
  });
});

describe('values JSON cannot hold, in an object template', () => {
  it('a BigInt is refused naming its path', () => {
    const error = refusal(template({ Tags: [{ Key: 'a', Value: 'b' }, { Key: 'c', Value: 'd' }, {}, 7n] }));
    expect(error.message).toContain('Resources.Orders.Properties.Tags[3] is a BigInt (7n)');
    expect(error).toMatchObject({ logicalId: 'Orders', property: 'Tags.3' });
    expect(refusal(template({ DelaySeconds: 5n })).message).toContain(
      'Resources.Orders.Properties.DelaySeconds is a BigInt (5n), which JSON cannot hold',
    );
    expect(refusal({ ...template({}), Metadata: { Count: 1n } }).message).toContain('Metadata.Count is a BigInt');
  });

  it.each([
    ['NaN', Number.NaN, 'is NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'is Infinity'],
    ['a function', () => 'x', 'is a function'],
    ['a symbol', Symbol('x'), 'is a symbol'],
    ['a Date', new Date(0), 'is a Date'],
    ['a Map', new Map([['a', 1]]), 'is a Map'],
    ['a Set', new Set([1]), 'is a Set'],
    ['a class instance', new (class Settings {})(), 'is a Settings'],
    ['a RegExp', /x/, 'is a RegExp'],
    ['a boxed string', Object('x'), 'is a String'],
  ])('%s is refused naming its path', (_name, value, text) => {
    const error = refusal(template({ RedrivePolicy: { Statement: [{ Sid: 'one' }, { Condition: value }] } }));
    expect(error.message).toContain(`Resources.Orders.Properties.RedrivePolicy.Statement[1].Condition ${text}`);
  });

  it('undefined (or a hole) inside a list is refused; undefined as a property value means absent, as in JSON', () => {
    expect(refusal(template({ Tags: [{ Key: 'a', Value: 'b' }, undefined] })).message).toContain(
      'Resources.Orders.Properties.Tags[1] is undefined inside a list',
    );
    // eslint-disable-next-line no-sparse-arrays
    expect(refusal(template({ Tags: [, { Key: 'a', Value: 'b' }] })).message).toContain(
      'Resources.Orders.Properties.Tags[0] is undefined inside a list',
    );
    const aws = createAwsMock();
    const stack = aws.provision({
      Resources: { Orders: { Type: 'AWS::SQS::Queue', Properties: { QueueName: undefined } } },
    });
    expect(stack.queue('Orders').name).toMatch(/^test-stack-Orders-/);
  });

  it('null is a JSON value; an empty or null template is refused as not an object, as before', () => {
    const aws = createAwsMock();
    const stack = aws.provision({ Resources: { Orders: { Type: 'AWS::SQS::Queue', Metadata: { a: [null, 1] } } } });
    expect(stack.ref('Orders')).toMatch(/Orders/);
    for (const empty of [null, '', '# nothing\n']) {
      expect(refusal(empty).message).toContain('the template must be a JSON or YAML object');
    }
  });

  it('an object with no prototype is a plain object', async () => {
    const { aws, sqs } = sqsSetup();
    const properties = Object.assign(Object.create(null) as object, { DelaySeconds: 3 });
    const stack = aws.provision({ Resources: { Orders: { Type: 'AWS::SQS::Queue', Properties: properties } } });
    expect(await delaySeconds(sqs, stack.ref('Orders'))).toBe('3');
  });
});

describe('a template nested thousands deep', () => {
  const deepArray = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };
  const deepObject = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it('as an object: refused naming the path, never a stack overflow', () => {
    const error = refusal(template({ Tags: deepArray(10_000) }));
    expect(error.message).toMatch(
      /^sqs-sns-mock: provision: Template format error: Resources\.Orders\.Properties\.Tags\[0\]\[0\].*… nests more than 100 levels deep/,
    );
    expect(error).toMatchObject({ logicalId: 'Orders' });
    expect(refusal(template({ RedrivePolicy: deepObject(10_000) })).message).toContain(
      'Resources.Orders.Properties.RedrivePolicy.a.a',
    );
  });

  it('as JSON text and as YAML text (flow and block style)', () => {
    const json = JSON.stringify(template({})).replace(
      '"Properties":{}',
      `"Properties":{"Tags":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    );
    expect(refusal(json).message).toContain('Resources.Orders.Properties.Tags[0][0]');
    expect(refusal(json).message).toContain('nests more than 100 levels deep');
    const flow = `Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n    Properties:\n      Tags: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expect(refusal(flow).message).toMatch(
      /the YAML nests more than 100 levels deep, the most sqs-sns-mock reads \(line 5, column \d+\)/,
    );
    let block = 'Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n    Properties:\n      RedrivePolicy:\n';
    for (let i = 0; i < 3000; i++) block += `${' '.repeat(8 + i)}a:\n`;
    expect(refusal(block).message).toMatch(
      /the YAML nests more than 100 levels deep, the most sqs-sns-mock reads \(line \d+, column \d+\)/,
    );
  });

  it('100 levels are read', () => {
    // The root object is the first level, Resources the second, Orders the third, its Metadata the fourth.
    const resource = (metadata: unknown) => ({
      Resources: { Orders: { Type: 'AWS::SQS::Queue', Metadata: metadata } },
    });
    expect(
      createAwsMock()
        .provision(resource(deepObject(97)))
        .queue('Orders').name,
    ).toMatch(/^test-stack-Orders-/);
    expect(refusal(resource(deepObject(98))).message).toContain('nests more than 100 levels deep');
  });

  it('shared objects expanding past what a 1 MB template can hold are refused', () => {
    let value: unknown = 'x';
    for (let i = 0; i < 30; i++) value = [value, value];
    expect(refusal(template({ Tags: value })).message).toContain('more than 524288 values');
  });
});
