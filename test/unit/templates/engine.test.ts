import { beforeEach, describe, expect, it } from 'vitest';
import { createAwsMock, type AwsMock } from '../../../src/index.js';
import { generatedName } from '../../../src/templates/engine/generated-name.js';
import { StackRegistry } from '../../../src/templates/engine/stack-registry.js';
import { defaultQueueSettings } from '../../../src/services/sqs/queue-attributes.js';
import { fakeTypes, propertiesOf, provisionWith, templateErrorOf, type FakeTypes } from './fake-types.js';

let aws: AwsMock;
let fake: FakeTypes;
beforeEach(() => {
  aws = createAwsMock({ seed: 1 });
  fake = fakeTypes();
});

const thing = (properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  Type: 'Test::Thing',
  Properties: properties,
  ...extra,
});

describe('Parameters', () => {
  const template = (parameters: Record<string, unknown>) => ({
    Parameters: parameters,
    Resources: {
      Subject: thing(Object.fromEntries(Object.keys(parameters).map((name) => [name, { Ref: name }]))),
    },
  });

  it('takes given values over defaults; Number as a string; lists split and trimmed', () => {
    provisionWith(
      aws,
      fake,
      template({
        Env: { Type: 'String', Default: 'dev' },
        Count: { Type: 'Number', Default: 5 },
        Ports: { Type: 'List<Number>', Default: '80, 20' },
        Names: { Type: 'CommaDelimitedList' },
      }),
      { parameters: { Env: 'prod', Names: 'a,b' } },
    );
    expect(propertiesOf(fake, 'Subject')).toEqual({ Env: 'prod', Count: '5', Ports: ['80', '20'], Names: ['a', 'b'] });
  });

  it('needs a value for every parameter, and knows every given name', () => {
    expect(
      templateErrorOf(() => provisionWith(aws, fake, template({ A: { Type: 'String' }, B: { Type: 'Number' } })))
        .message,
    ).toBe('sqs-sns-mock: provision: Parameters: [A, B] must have values');
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, template({ A: { Type: 'String', Default: 'x' } }), { parameters: { Z: 'q' } }),
      ).message,
    ).toContain('Parameters: [Z] do not exist in the template');
    expect(
      templateErrorOf(() => provisionWith(aws, fake, { Resources: { A: thing() } }, { parameters: { Z: 'q' } }))
        .message,
    ).toContain('Parameter values specified for a template which does not require them.');
  });

  it("refuses a parameter name that is not alphanumeric, in CloudFormation's words (§1.2)", () => {
    for (const name of ['my-param', 'AWS::NoValue', 'a_b', '__proto__']) {
      const template = JSON.parse(
        JSON.stringify({ Parameters: { [name]: { Type: 'String', Default: 'x' } } }),
      ) as object;
      expect(
        templateErrorOf(() => provisionWith(aws, fake, { ...template, Resources: { Subject: thing() } })).message,
      ).toBe(`sqs-sns-mock: provision: Template format error: Parameter name ${name} is non alphanumeric.`);
    }
  });

  it('checks AllowedValues, AllowedPattern, lengths, numbers and bounds', () => {
    const run = (spec: Record<string, unknown>, value: string) =>
      templateErrorOf(() => provisionWith(createAwsMock(), fake, template({ P: spec }), { parameters: { P: value } }))
        .message;
    expect(run({ Type: 'String', AllowedValues: ['a', 'b'] }, 'c')).toContain(
      "Parameter 'P' must be one of AllowedValues",
    );
    expect(run({ Type: 'String', AllowedPattern: '[a-z]+' }, 'abc1')).toContain(
      'Parameter P must match pattern [a-z]+',
    );
    expect(run({ Type: 'String', MinLength: 3 }, 'ab')).toContain("Parameter 'P' must contain at least 3 characters");
    expect(run({ Type: 'String', MaxLength: 1 }, 'ab')).toContain("Parameter 'P' must contain at most 1 characters");
    expect(run({ Type: 'Number' }, 'ten')).toContain("Parameter 'P' must be a number");
    expect(run({ Type: 'Number', MinValue: 2 }, '1')).toContain("Parameter 'P' must be a number not less than 2");
    expect(run({ Type: 'Number', MaxValue: 2 }, '3')).toContain("Parameter 'P' must be a number not greater than 2");
    expect(run({ Type: 'String', AllowedValues: ['a'], ConstraintDescription: 'say a' }, 'b')).toContain(
      'Parameter P failed to satisfy constraint: say a',
    );
    expect(run({ Type: 'CommaDelimitedList', AllowedValues: ['a', 'b'] }, 'a,c')).toContain(
      "Parameter 'P' must be one of AllowedValues",
    );
  });

  it('refuses an unknown type', () => {
    expect(
      templateErrorOf(() => provisionWith(aws, fake, template({ P: { Type: 'Strin', Default: 'x' } }))).message,
    ).toContain('Template format error: Unrecognized parameter type: Strin');
  });

  it("ignores CDK's BootstrapVersion and asset parameters unless referred to", () => {
    const cdk = {
      Parameters: {
        BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' },
        AssetParametersabc123S3Bucket: { Type: 'String' },
      },
      Rules: {
        CheckBootstrapVersion: {
          Assertions: [{ Assert: { 'Fn::Not': [{ 'Fn::Contains': [['1'], { Ref: 'BootstrapVersion' }] }] } }],
        },
      },
      Resources: {
        Subject: thing(),
        CDKMetadata: { Type: 'AWS::CDK::Metadata', Properties: { Analytics: 'v2:deflate64:x' } },
      },
    };
    const stack = provisionWith(aws, fake, cdk);
    expect(stack.skipped).toEqual([]);
    const referred = { ...cdk, Resources: { Subject: thing({ V: { Ref: 'BootstrapVersion' } }) } };
    expect(templateErrorOf(() => provisionWith(createAwsMock(), fake, referred)).message).toContain(
      'parameter BootstrapVersion is read from SSM Parameter Store',
    );
  });
});

describe('Conditions', () => {
  const template = {
    Parameters: { Env: { Type: 'String', Default: 'prod' }, Count: { Type: 'Number', Default: 3 } },
    Mappings: { Flags: { prod: { Extra: 'yes' } } },
    Conditions: {
      IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] },
      IsThree: { 'Fn::Equals': [{ Ref: 'Count' }, 3] },
      Both: { 'Fn::And': [{ Condition: 'IsProd' }, { Condition: 'IsThree' }] },
      Either: { 'Fn::Or': [{ 'Fn::Not': [{ Condition: 'IsProd' }] }, { Condition: 'IsThree' }] },
      Neither: { 'Fn::Not': [{ Condition: 'Either' }] },
      Mapped: { 'Fn::Equals': [{ 'Fn::FindInMap': ['Flags', { Ref: 'Env' }, 'Extra'] }, 'yes'] },
      InRegion: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
    },
    Resources: {
      Always: thing(),
      WhenBoth: thing({}, { Condition: 'Both' }),
      WhenNeither: thing({}, { Condition: 'Neither' }),
      WhenMapped: thing({}, { Condition: 'Mapped' }),
      WhenRegion: thing({}, { Condition: 'InRegion' }),
    },
    Outputs: {
      Shown: { Value: 'a', Condition: 'Either' },
      Hidden: { Value: { Ref: 'WhenNeither' }, Condition: 'Neither' },
    },
  };

  it('creates resources and outputs only where the condition holds ("3" equals 3)', () => {
    const stack = provisionWith(aws, fake, template);
    expect(fake.requests.map((request) => request.logicalId)).toEqual([
      'Always',
      'WhenBoth',
      'WhenMapped',
      'WhenRegion',
    ]);
    expect(stack.outputs).toEqual({ Shown: 'a' });
    expect(() => stack.ref('WhenNeither')).toThrow(
      'WhenNeither of stack "test-stack" was not created: its condition Neither is false',
    );
  });

  it('refuses references to resources, undeclared conditions and cycles', () => {
    const withConditions = (conditions: Record<string, unknown>) => ({
      Conditions: conditions,
      Resources: { R: thing({}, { Condition: Object.keys(conditions)[0] }) },
    });
    expect(
      templateErrorOf(() => provisionWith(aws, fake, withConditions({ C: { 'Fn::Equals': [{ Ref: 'R' }, 'x'] } })))
        .message,
    ).toContain(
      'Template format error: Unresolved dependencies [R]. Cannot reference resources in the Conditions block of the template',
    );
    expect(
      templateErrorOf(() => provisionWith(aws, fake, withConditions({ C: { Condition: 'Nope' } }))).message,
    ).toContain('the condition Nope is not declared in Conditions');
    expect(
      templateErrorOf(() => provisionWith(aws, fake, withConditions({ A: { Condition: 'B' }, B: { Condition: 'A' } })))
        .message,
    ).toContain('circular dependency between conditions: [A, B]');
    expect(
      templateErrorOf(() => provisionWith(aws, fake, withConditions({ C: { 'Fn::Equals': ['a'] } }))).message,
    ).toContain('Template error: every Fn::Equals object requires a list of 2 string parameters.');
  });

  it('treats a reference to a resource whose condition is false as unresolved', () => {
    const error = templateErrorOf(() =>
      provisionWith(aws, fake, {
        ...template,
        Resources: { ...template.Resources, Uses: thing({ X: { Ref: 'WhenNeither' } }) },
      }),
    );
    expect(error.message).toContain(
      'Template format error: Unresolved resource dependencies [WhenNeither] in the Resources block of the template',
    );
  });
});

describe('order, DependsOn, cycles and unresolved references', () => {
  it('creates what is referred to first (Ref, GetAtt, Sub, DependsOn), otherwise in template order', () => {
    provisionWith(aws, fake, {
      Resources: {
        Sub: thing({ S: { 'Fn::Sub': '${ByGetAtt.Arn}' } }),
        ByGetAtt: thing({ A: { 'Fn::GetAtt': ['ByRef', 'Arn'] } }),
        ByRef: thing({ R: { Ref: 'Late' } }),
        Late: thing({}, { DependsOn: ['Free'] }),
        Free: thing(),
        Unrelated: thing(),
      },
    });
    expect(fake.requests.map((request) => request.logicalId)).toEqual([
      'Free',
      'Unrelated',
      'Late',
      'ByRef',
      'ByGetAtt',
      'Sub',
    ]);
  });

  it('follows only the branch of Fn::If that its condition picks', () => {
    provisionWith(aws, fake, {
      Conditions: { No: { 'Fn::Equals': ['a', 'b'] } },
      Resources: {
        First: thing({ X: { 'Fn::If': ['No', { Ref: 'Missing' }, { Ref: 'Second' }] } }),
        Second: thing(),
      },
    });
    expect(fake.requests.map((request) => request.logicalId)).toEqual(['Second', 'First']);
  });

  it("gives CloudFormation's texts for unresolved references and cycles", () => {
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, {
          Resources: {
            A: thing({ X: { Ref: 'Nope' } }, { DependsOn: 'Gone' }),
            B: thing({ Y: { 'Fn::Sub': '${Other}' } }),
          },
        }),
      ).message,
    ).toBe(
      'sqs-sns-mock: provision: Template format error: Unresolved resource dependencies [Nope, Gone, Other] in the ' +
        'Resources block of the template',
    );
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, { Resources: { A: thing({ X: { 'Fn::GetAtt': ['Nope', 'Arn'] } }) } }),
      ).message,
    ).toContain('Template error: instance of Fn::GetAtt references undefined resource Nope');
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, {
          Resources: {
            A: thing({ X: { Ref: 'B' } }),
            B: thing({ X: { 'Fn::GetAtt': ['C', 'Arn'] } }),
            C: thing({}, { DependsOn: 'A' }),
            D: thing({ X: { Ref: 'A' } }),
          },
        }),
      ).message,
    ).toBe('sqs-sns-mock: provision: Circular dependency between resources: [A, B, C]');
    expect(
      templateErrorOf(() => provisionWith(aws, fake, { Resources: { Self: thing({ X: { Ref: 'Self' } }) } })).message,
    ).toContain('Circular dependency between resources: [Self]');
    expect(fake.requests).toEqual([]);
  });

  it('checks the references of outputs before anything is created', () => {
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, { Resources: { A: thing() }, Outputs: { O: { Value: { Ref: 'Nope' } } } }),
      ).message,
    ).toContain('Template format error: Unresolved resource dependencies [Nope] in the Outputs block of the template');
    expect(fake.requests).toEqual([]);
  });

  it('treats an output naming a resource whose condition is false as unresolved', () => {
    const template = {
      Conditions: { Never: { 'Fn::Equals': ['a', 'b'] } },
      Resources: { A: thing(), Maybe: thing({}, { Condition: 'Never' }) },
      Outputs: {
        O: { Value: { 'Fn::GetAtt': ['Maybe', 'Arn'] } },
        Fine: { Value: { Ref: 'Maybe' }, Condition: 'Never' },
      },
    };
    expect(templateErrorOf(() => provisionWith(aws, fake, template)).message).toContain(
      'Template error: instance of Fn::GetAtt references undefined resource Maybe',
    );
    const withRef = { ...template, Outputs: { O: { Value: { Ref: 'Maybe' } } } };
    expect(templateErrorOf(() => provisionWith(aws, fake, withRef)).message).toContain(
      'Unresolved resource dependencies [Maybe] in the Outputs block of the template',
    );
  });
});

describe('rollback', () => {
  const template = {
    Resources: {
      First: { Type: 'Test::Queue', Properties: { QueueName: 'first' } },
      Second: { Type: 'Test::Queue', Properties: { QueueName: 'second' }, DependsOn: 'First' },
      Breaks: { Type: 'Test::Fail', Properties: { Why: { Ref: 'Second' } } },
    },
    Outputs: { Exported: { Value: 'v', Export: { Name: 'never' } } },
  };

  it('undoes every created resource in reverse order and names the failing one', () => {
    aws.sqs.backend.create('existing', defaultQueueSettings(false));
    const before = aws.sqs.queues().map((queue) => queue.url);
    const error = templateErrorOf(() => provisionWith(aws, fake, template));
    expect(error.message).toBe(
      'sqs-sns-mock: provision: resource Breaks (Test::Fail) failed: Test::Fail refuses ' +
        'https://sqs.us-east-1.amazonaws.com/000000000000/second',
    );
    expect(error.logicalId).toBe('Breaks');
    expect(fake.undone).toEqual(['Second', 'First']);
    expect(aws.sqs.queues().map((queue) => queue.url)).toEqual(before);
  });

  it('goes on undoing when one undo fails, and reports the first failure', () => {
    const error = templateErrorOf(() =>
      provisionWith(aws, fake, {
        Resources: {
          First: { Type: 'Test::Queue', Properties: { QueueName: 'first' } },
          Stubborn: { Type: 'Test::BadUndo', DependsOn: 'First' },
          Breaks: { Type: 'Test::Fail', DependsOn: 'Stubborn' },
        },
      }),
    );
    expect(error.logicalId).toBe('Breaks');
    expect(fake.undone).toEqual(['Stubborn', 'First']);
    expect(aws.sqs.queues()).toEqual([]);
  });

  it('registers no export and no stack name when it fails late, in the outputs', () => {
    const registry = new StackRegistry();
    const late = {
      Resources: { Q: { Type: 'Test::Queue', Properties: { QueueName: 'q' } } },
      Outputs: {
        Fine: { Value: 'v', Export: { Name: 'fine' } },
        Broken: { Value: { 'Fn::Select': [9, ['a']] } },
      },
    };
    expect(templateErrorOf(() => provisionWith(aws, fake, late, {}, registry)).message).toContain(
      'Fn::Select cannot select nonexistent value at index 9 (at Outputs.Broken.Value.Fn::Select)',
    );
    expect(aws.sqs.queues()).toEqual([]);
    expect(registry.exportNamed('us-east-1', 'fine')).toBeUndefined();
    expect(registry.hasStack('us-east-1', 'test-stack')).toBe(false);
  });
});

describe('outputs and exports', () => {
  it('exports across provisions of one account and region; a second export of a name fails', () => {
    const registry = new StackRegistry();
    const producer = provisionWith(
      aws,
      fake,
      {
        Resources: { Q: thing() },
        Outputs: {
          QueueArn: {
            Value: { 'Fn::GetAtt': ['Q', 'Arn'] },
            Export: { Name: { 'Fn::Sub': '${AWS::StackName}:QueueArn' } },
          },
          Plain: { Value: 7 },
        },
      },
      { stackName: 'producer' },
      registry,
    );
    expect(producer.outputs).toEqual({ QueueArn: 'arn:test:Q', Plain: '7' });
    provisionWith(
      aws,
      fake,
      { Resources: { Consumer: thing({ Source: { 'Fn::ImportValue': 'producer:QueueArn' } }) } },
      { stackName: 'consumer' },
      registry,
    );
    expect(propertiesOf(fake, 'Consumer')).toEqual({ Source: 'arn:test:Q' });

    expect(
      templateErrorOf(() =>
        provisionWith(
          aws,
          fake,
          { Resources: { X: thing() }, Outputs: { O: { Value: 'x', Export: { Name: 'producer:QueueArn' } } } },
          { stackName: 'again' },
          registry,
        ),
      ).message,
    ).toContain('Export with name producer:QueueArn is already exported by stack producer');
    expect(
      templateErrorOf(() =>
        provisionWith(
          aws,
          fake,
          { Resources: { X: thing({ V: { 'Fn::ImportValue': 'nope' } }) } },
          { stackName: 'c2' },
          registry,
        ),
      ).message,
    ).toContain('No export named nope found');
  });

  it('refuses an export name that depends on a resource, and a list value', () => {
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, {
          Resources: { Q: thing() },
          Outputs: { O: { Value: 'x', Export: { Name: { 'Fn::Sub': '${Q}-name' } } } },
        }),
      ).message,
    ).toContain(
      'Template format error: Output O is malformed.  The Name field of Export must not depend on any resources, ' +
        'imported values, or Fn::GetAZs.',
    );
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, { Resources: { Q: thing() }, Outputs: { O: { Value: { 'Fn::GetAZs': '' } } } }),
      ).message,
    ).toContain('The Value field of every Outputs member must evaluate to a String');
  });

  it('keeps exports and stack names until aws.reset()', () => {
    const template = { Resources: { Q: thing() }, Outputs: { O: { Value: 'x', Export: { Name: 'shared' } } } };
    aws.provision(template, {}); // through AwsMock: the real types, which skip Test::Thing
    expect(templateErrorOf(() => aws.provision(template)).message).toContain('Stack [test-stack] already exists');
    aws.reset();
    expect(aws.provision(template).outputs).toEqual({ O: 'x' });
  });
});

describe('the Stack', () => {
  it('answers ref, getAtt, outputs and views by logical id; names unknown ids', () => {
    const stack = provisionWith(
      aws,
      fake,
      {
        Resources: { Orders: { Type: 'Test::Queue' }, Thing: thing(), Bucket: { Type: 'AWS::S3::Bucket' } },
        Outputs: { Url: { Value: { Ref: 'Orders' } } },
      },
      { stackName: 'shop' },
    );
    const queue = stack.queue('Orders');
    expect(queue.name).toMatch(/^shop-Orders-[A-Z0-9]{12}$/);
    expect(stack.ref('Orders')).toBe(queue.url);
    expect(stack.getAtt('Orders', 'Arn')).toBe(queue.arn);
    expect(stack.outputs).toEqual({ Url: queue.url });
    expect(stack.skipped).toEqual([{ logicalId: 'Bucket', type: 'AWS::S3::Bucket' }]);
    expect(() => stack.ref('Nope')).toThrow(
      'stack "shop" has no resource "Nope" (its resources: Orders, Thing, Bucket)',
    );
    expect(() => stack.getAtt('Orders', 'Nope')).toThrow('has no attribute "Nope" (it has: Arn, QueueName, QueueUrl)');
    expect(() => stack.topic('Orders')).toThrow('Orders of stack "shop" is a Test::Queue, not a topic');
    expect(() => stack.queue('Bucket')).toThrow('is a AWS::S3::Bucket, not a queue');
  });

  it('hands the functions to the resource types, and views the function they made', () => {
    const handler = async () => 'done';
    const stack = provisionWith(
      aws,
      fake,
      { Resources: { Worker: { Type: 'Test::Function' } } },
      {
        functions: { Worker: handler },
      },
    );
    expect(stack.function('Worker').arn).toBe(stack.getAtt('Worker', 'Arn'));
    expect(stack.function('Worker').name).toBe(stack.ref('Worker'));
    expect(() =>
      provisionWith(aws, fake, { Resources: { Worker: { Type: 'Test::Function' } } }, { stackName: 'b' }),
    ).toThrow('resource Worker (Test::Function) failed: no handler for Worker');
  });

  it('lists skipped resources in template order, whatever the creation order', () => {
    const stack = provisionWith(aws, fake, {
      Resources: {
        Bucket: { Type: 'AWS::S3::Bucket', DependsOn: 'Key' },
        Key: { Type: 'AWS::KMS::Key' },
        CDKMetadata: { Type: 'AWS::CDK::Metadata' },
      },
    });
    expect(stack.skipped).toEqual([
      { logicalId: 'Bucket', type: 'AWS::S3::Bucket' },
      { logicalId: 'Key', type: 'AWS::KMS::Key' },
    ]);
  });

  it('gives references to skipped resources placeholders', () => {
    const stack = provisionWith(aws, fake, {
      Resources: {
        Key: { Type: 'AWS::KMS::Key' },
        User: thing({ Key: { 'Fn::GetAtt': ['Key', 'Arn'] }, Id: { Ref: 'Key' } }),
      },
    });
    const id = stack.ref('Key');
    expect(id).toMatch(/^test-stack-Key-[A-Z0-9]{12}$/);
    expect(propertiesOf(fake, 'User')).toEqual({ Key: `arn:aws:kms:us-east-1:000000000000:${id}`, Id: id });
  });
});

describe('template shape, transforms and text', () => {
  it('refuses unknown sections, resources without Type, and empty Resources', () => {
    expect(
      templateErrorOf(() => provisionWith(aws, fake, { Resources: { A: thing() }, Resource: {} })).message,
    ).toContain('sqs-sns-mock: provision: Invalid template property or properties [Resource]');
    expect(templateErrorOf(() => provisionWith(aws, fake, { Resources: { A: { Properties: {} } } })).message).toContain(
      'Template format error: [/Resources/A] Every Resources object must contain a Type member.',
    );
    expect(templateErrorOf(() => provisionWith(aws, fake, { Resources: {} })).message).toContain(
      'Template format error: At least one Resources member must be defined.',
    );
  });

  it('refuses a name that is both a parameter and a resource, and options that are not objects', () => {
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, { Parameters: { A: { Type: 'String', Default: 'x' } }, Resources: { A: thing() } }),
      ).message,
    ).toContain('the logical ids [A] name both a parameter and a resource');
    expect(() => provisionWith(aws, fake, { Resources: { A: thing() } }, { parameters: null as never })).toThrow(
      "provision's parameters must be an object",
    );
  });

  it('refuses a transform other than SAM, and a bad stack name', () => {
    expect(
      templateErrorOf(() =>
        provisionWith(aws, fake, { Transform: 'AWS::LanguageExtensions', Resources: { A: thing() } }),
      ).message,
    ).toContain('the template\'s Transform "AWS::LanguageExtensions" is not emulated');
    expect(
      templateErrorOf(() => provisionWith(aws, fake, { Resources: { A: thing() } }, { stackName: '1bad_name' }))
        .message,
    ).toContain("1 validation error detected: Value '1bad_name' at 'stackName' failed to satisfy constraint");
  });

  it('names the place of values of the wrong type', () => {
    const run = (template: unknown, options = {}) =>
      templateErrorOf(() => provisionWith(createAwsMock(), fake, template, options));
    expect(run({ Resources: { A: { Type: 'Test::Thing', Properties: ['x'] } } }).message).toContain(
      'Template format error: [/Resources/A/Properties] must be an object',
    );
    expect(run({ Resources: { A: thing({}, { DependsOn: [5] }) } }).message).toContain(
      'DependsOn of resource A must be a string or a list of strings',
    );
    const ref = run({ Resources: { A: thing({ X: { Ref: ['B'] } }) } });
    expect(ref.message).toBe(
      'sqs-sns-mock: provision: Template format error: Every Ref object must have a single String value. ' +
        '(at Resources.A.Properties.X.Ref)',
    );
    expect(run({ Resources: { A: thing({ X: { 'Fn::Select': ['first', ['a']] } }) } }).message).toContain(
      'Fn::Select requires a list argument with two elements',
    );
    expect(run({ Resources: { A: thing({ X: { 'Fn::Join': [',', [{ a: 1 }]] } }) } }).property).toBe('X.Fn::Join');
    expect(run({ Resources: { A: thing() }, Conditions: { C: 'yes' } }).message).toContain(
      'a condition must be Fn::Equals, Fn::Not, Fn::And, Fn::Or or a Condition reference (at Conditions.C)',
    );
    expect(
      run({ Parameters: { P: { Type: 'String' } }, Resources: { A: thing() } }, { parameters: { P: { a: 1 } } })
        .message,
    ).toContain(`Parameter 'P' must be a string, got {"a":1}`);
  });

  it('reads JSON text, and says where malformed JSON is wrong', () => {
    provisionWith(aws, fake, JSON.stringify({ Resources: { A: thing({ X: 1 }) } }));
    expect(propertiesOf(fake, 'A')).toEqual({ X: 1 });
    expect(templateErrorOf(() => provisionWith(aws, fake, '{\n  "Resources": {\n    "A": }\n}')).message).toMatch(
      /^sqs-sns-mock: provision: Template format error: JSON not well-formed\. \(line 3, column 10\): /,
    );
  });
});

describe('generated names', () => {
  const random = () => 0.5;

  it('is <stack>-<logicalId>-<12 characters>, trimmed evenly, with the suffix kept', () => {
    expect(generatedName('mystack', 'MyQueue', 80, random)).toBe('mystack-MyQueue-SSSSSSSSSSSS');
    const long = generatedName('s'.repeat(100), 'L'.repeat(100), 80, random, '.fifo');
    expect(long).toHaveLength(80);
    expect(long).toBe(`${'s'.repeat(31)}-${'L'.repeat(30)}-SSSSSSSSSSSS.fifo`);
    const shortStack = generatedName('ab', 'L'.repeat(100), 80, random);
    expect(shortStack).toBe(`ab-${'L'.repeat(64)}-SSSSSSSSSSSS`);
  });
});
