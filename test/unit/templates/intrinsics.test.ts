import { beforeEach, describe, expect, it } from 'vitest';
import { createAwsMock, type AwsMock } from '../../../src/index.js';
import { fakeTypes, propertiesOf, provisionWith, templateErrorOf, type FakeTypes } from './fake-types.js';

let aws: AwsMock;
let fake: FakeTypes;
beforeEach(() => {
  aws = createAwsMock({ accountId: '123456789012', region: 'eu-west-1', seed: 7 });
  fake = fakeTypes();
});

/** Provisions one `Test::Thing` with `properties` (and `Other`, a thing to refer to) and returns what it was given. */
function resolved(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  provisionWith(aws, fake, {
    ...extra,
    Resources: {
      Other: { Type: 'Test::Thing' },
      Subject: { Type: 'Test::Thing', Properties: properties },
    },
  });
  return propertiesOf(fake, 'Subject');
}

describe('Ref and Fn::GetAtt', () => {
  it('gives a resource ref, a GetAtt attribute in both forms (the string form split at the first dot)', () => {
    expect(
      resolved(
        {
          R: { Ref: 'Other' },
          A: { 'Fn::GetAtt': ['Other', 'Arn'] },
          S: { 'Fn::GetAtt': 'Other.Deep.Name' },
          N: { 'Fn::GetAtt': ['Other', { Ref: 'AttributeName' }] },
        },
        { Parameters: { AttributeName: { Type: 'String', Default: 'Count' } } },
      ),
    ).toEqual({ R: 'ref-of-Other', A: 'arn:test:Other', S: 'deep-Other', N: 3 });
  });

  it('refuses an attribute the resource does not have, and a malformed GetAtt', () => {
    expect(templateErrorOf(() => resolved({ A: { 'Fn::GetAtt': ['Other', 'Nope'] } })).message).toContain(
      'Template error: resource Other does not support attribute type Nope in Fn::GetAtt ' +
        '(at Resources.Subject.Properties.A.Fn::GetAtt)',
    );
    const malformed = templateErrorOf(() => resolved({ A: { 'Fn::GetAtt': ['Other'] } }));
    expect(malformed.message).toContain(
      'Template error: every Fn::GetAtt object requires two non-empty parameters, the resource name and the ' +
        'resource attribute',
    );
    expect(malformed.logicalId).toBe('Subject');
    expect(malformed.property).toBe('A.Fn::GetAtt');
  });

  it('gives the pseudo parameters from the account and the stack', () => {
    const stack = provisionWith(
      aws,
      fake,
      {
        Resources: {
          Subject: {
            Type: 'Test::Thing',
            Properties: {
              Account: { Ref: 'AWS::AccountId' },
              Region: { Ref: 'AWS::Region' },
              Partition: { Ref: 'AWS::Partition' },
              Suffix: { Ref: 'AWS::URLSuffix' },
              Name: { Ref: 'AWS::StackName' },
              Id: { Ref: 'AWS::StackId' },
              Notifications: { Ref: 'AWS::NotificationARNs' },
            },
          },
        },
      },
      { stackName: 'orders' },
    );
    const properties = propertiesOf(fake, 'Subject');
    expect(properties).toMatchObject({
      Account: '123456789012',
      Region: 'eu-west-1',
      Partition: 'aws',
      Suffix: 'amazonaws.com',
      Name: 'orders',
      Notifications: [],
    });
    expect(properties['Id']).toMatch(
      /^arn:aws:cloudformation:eu-west-1:123456789012:stack\/orders\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(stack.id).toBe(properties['Id']);
    expect(stack.name).toBe('orders');
  });

  it('uses the partition and URL suffix of China and GovCloud regions', () => {
    const china = createAwsMock({ region: 'cn-north-1' });
    provisionWith(china, fake, {
      Resources: {
        Subject: {
          Type: 'Test::Thing',
          Properties: { P: { Ref: 'AWS::Partition' }, S: { Ref: 'AWS::URLSuffix' } },
        },
      },
    });
    expect(propertiesOf(fake, 'Subject')).toEqual({ P: 'aws-cn', S: 'amazonaws.com.cn' });
  });
});

describe('Fn::Sub', () => {
  const parameters = { Parameters: { Env: { Type: 'String', Default: 'test' }, Size: { Type: 'Number', Default: 3 } } };

  it('substitutes parameters, pseudo parameters, refs and attributes, and keeps ${!Literal}', () => {
    expect(
      resolved(
        {
          S: { 'Fn::Sub': '${Env}-${AWS::Region}-${Other}-${Other.Arn}-${!Literal}-${AWS::URLSuffix}' },
          N: { 'Fn::Sub': 'my number is ${Size}' },
        },
        parameters,
      ),
    ).toEqual({
      S: 'test-eu-west-1-ref-of-Other-arn:test:Other-${Literal}-amazonaws.com',
      N: 'my number is 3',
    });
  });

  it('takes the list form, whose variables win over the names of the template', () => {
    expect(
      resolved(
        {
          S: { 'Fn::Sub': ['${Env}/${Other}/${Extra}', { Env: 'given', Extra: { 'Fn::GetAtt': ['Other', 'Arn'] } }] },
        },
        parameters,
      ),
    ).toEqual({ S: 'given/ref-of-Other/arn:test:Other' });
  });

  it('refuses a variable that is not text', () => {
    const lists = { Parameters: { Names: { Type: 'CommaDelimitedList', Default: 'a,b' } } };
    expect(templateErrorOf(() => resolved({ S: { 'Fn::Sub': 'x-${Names}' } }, lists)).message).toContain(
      'Template error: variable Names in Fn::Sub expression does not resolve to a string',
    );
  });

  it('refuses a malformed variable name and a malformed argument', () => {
    expect(templateErrorOf(() => resolved({ S: { 'Fn::Sub': '${not valid}' } })).message).toContain(
      'Template error: variable names in Fn::Sub syntax must contain only alphanumeric characters, underscores, ' +
        'periods, and colons',
    );
    expect(templateErrorOf(() => resolved({ S: { 'Fn::Sub': 5 } })).message).toContain(
      "Template error: One or more Fn::Sub intrinsic functions don't specify expected arguments.",
    );
  });
});

describe('Fn::Join, Fn::Select, Fn::Split, Fn::GetAZs, Fn::Base64', () => {
  it('joins with the delimiter between items only, numbers as text', () => {
    expect(
      resolved({ J: { 'Fn::Join': [':', ['a', 1, { Ref: 'Other' }]] }, E: { 'Fn::Join': ['', ['x', 'y']] } }),
    ).toEqual({ J: 'a:1:ref-of-Other', E: 'xy' });
  });

  it('splits keeping empty strings, and selects by a number or numeric string', () => {
    expect(
      resolved({
        Split: { 'Fn::Split': ['|', 'a||c|'] },
        Pick: { 'Fn::Select': ['1', { 'Fn::Split': [':', 'arn:aws:sqs:eu-west-1:123:q'] }] },
        Region: { 'Fn::Select': [3, { 'Fn::Split': [':', 'arn:aws:sqs:eu-west-1:123:q'] }] },
      }),
    ).toEqual({ Split: ['a', '', 'c', ''], Pick: 'aws', Region: 'eu-west-1' });
  });

  it("fails a select out of range with CloudFormation's text", () => {
    expect(templateErrorOf(() => resolved({ P: { 'Fn::Select': [5, ['a', 'b']] } })).message).toContain(
      'Template error: Fn::Select cannot select nonexistent value at index 5',
    );
  });

  it('gives three zones of the region, "" meaning the stack\'s; and base64 of a string', () => {
    expect(
      resolved({
        Zones: { 'Fn::GetAZs': '' },
        Other: { 'Fn::GetAZs': 'us-west-2' },
        First: { 'Fn::Select': [0, { 'Fn::GetAZs': { Ref: 'AWS::Region' } }] },
        B: { 'Fn::Base64': 'hello' },
      }),
    ).toEqual({
      Zones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'],
      Other: ['us-west-2a', 'us-west-2b', 'us-west-2c'],
      First: 'eu-west-1a',
      B: 'aGVsbG8=',
    });
  });

  it('refuses a Join without a literal delimiter and a list', () => {
    expect(templateErrorOf(() => resolved({ J: { 'Fn::Join': [{ Ref: 'Other' }, ['a']] } })).message).toContain(
      'Template error: every Fn::Join object requires two parameters',
    );
    expect(templateErrorOf(() => resolved({ J: { 'Fn::Join': [',', 'a'] } })).message).toContain(
      'Template error: every Fn::Join object requires two parameters',
    );
  });
});

describe('Fn::FindInMap', () => {
  const mappings = {
    Mappings: { Sizes: { 'eu-west-1': { Retention: 60, Name: 'eu' }, test: { Retention: 120 } } },
  };

  it('reads a two-level map, with keys from Ref', () => {
    expect(
      resolved(
        {
          R: { 'Fn::FindInMap': ['Sizes', { Ref: 'AWS::Region' }, 'Retention'] },
          N: { 'Fn::FindInMap': ['Sizes', 'eu-west-1', 'Name'] },
        },
        mappings,
      ),
    ).toEqual({ R: 60, N: 'eu' });
  });

  it('fails for a missing map or key', () => {
    expect(templateErrorOf(() => resolved({ R: { 'Fn::FindInMap': ['Nope', 'a', 'b'] } }, mappings)).message).toContain(
      "Template error: Mapping named 'Nope' is not present in the 'Mappings' section of template",
    );
    expect(
      templateErrorOf(() => resolved({ R: { 'Fn::FindInMap': ['Sizes', 'test', 'Name'] } }, mappings)).message,
    ).toContain('Template error: Unable to get mapping for Sizes::test::Name');
  });

  it.each([
    [
      'a second-level key',
      ['Sizes', 'test', 'toString'],
      'Template error: Unable to get mapping for Sizes::test::toString',
    ],
    ['a second-level __proto__', ['Sizes', 'test', '__proto__'], 'Unable to get mapping for Sizes::test::__proto__'],
    [
      'a top-level key',
      ['Sizes', '__proto__', 'hasOwnProperty'],
      'Unable to get mapping for Sizes::__proto__::hasOwnProperty',
    ],
    ['a top-level constructor', ['Sizes', 'constructor', 'name'], 'Unable to get mapping for Sizes::constructor::name'],
    ['a map name', ['__proto__', 'test', 'Retention'], "Mapping named '__proto__' is not present in the 'Mappings'"],
  ])('reads only what the template wrote: %s of Object.prototype is missing (§2.3)', (_what, args, text) => {
    expect(templateErrorOf(() => resolved({ R: { 'Fn::FindInMap': args } }, mappings)).message).toContain(text);
  });

  it('finds a key the template names __proto__, and keeps a property of that name', () => {
    const own = JSON.parse('{"Mappings": {"M": {"__proto__": {"constructor": "yes"}}}}') as Record<string, unknown>;
    const properties = resolved(
      { R: { 'Fn::FindInMap': ['M', '__proto__', 'constructor'] }, Map: JSON.parse('{"__proto__": "kept"}') },
      own,
    );
    expect(properties['R']).toBe('yes');
    expect(Object.getPrototypeOf(properties['Map'])).toBe(Object.prototype);
    expect(Object.entries(properties['Map'] as object)).toEqual([['__proto__', 'kept']]);
  });
});

describe('Mappings', () => {
  const withMappings = (mappings: unknown) => () => resolved({ R: 'x' }, { Mappings: mappings });

  it('refuses a top-level key that is not a map, and an attribute that is not a string or a list (§1.4)', () => {
    expect(templateErrorOf(withMappings({ TopicSuffixMap: { A: 'suffix-a' } })).message).toContain(
      'Template format error: Every Mappings member A must be a map',
    );
    for (const attribute of [{ SuffixValue: 'suffix-a' }, { Ref: 'TopicNameSuffix' }]) {
      expect(templateErrorOf(withMappings({ TopicSuffixMap: { A: { Suffix: attribute } } })).message).toContain(
        'Template format error: Every Mappings attribute must be a String or a List.',
      );
    }
    expect(
      resolved({ R: { 'Fn::FindInMap': ['M', 'A', 'L'] } }, { Mappings: { M: { A: { L: ['a', 'b'] } } } }),
    ).toEqual({ R: ['a', 'b'] });
  });
});

describe('Fn::If and AWS::NoValue', () => {
  const conditions = {
    Parameters: { Env: { Type: 'String', Default: 'prod' } },
    Conditions: {
      IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] },
      IsTest: { 'Fn::Not': [{ Condition: 'IsProd' }] },
    },
  };

  it('picks a branch; AWS::NoValue removes the property, or the list item', () => {
    expect(
      resolved(
        {
          Name: { 'Fn::If': ['IsProd', 'live', 'trial'] },
          Gone: { 'Fn::If': ['IsTest', 'x', { Ref: 'AWS::NoValue' }] },
          List: ['a', { 'Fn::If': ['IsTest', 'b', { Ref: 'AWS::NoValue' }] }, 'c'],
          Nested: { Keep: 1, Drop: { Ref: 'AWS::NoValue' } },
        },
        conditions,
      ),
    ).toEqual({ Name: 'live', List: ['a', 'c'], Nested: { Keep: 1 } });
  });

  it('refuses an undeclared condition', () => {
    expect(templateErrorOf(() => resolved({ N: { 'Fn::If': ['Nope', 'a', 'b'] } }, conditions)).message).toContain(
      'the condition Nope is not declared in Conditions',
    );
  });
});

describe('functions that are not emulated or not allowed here', () => {
  it('names an unknown function, the logical id and the property path', () => {
    const error = templateErrorOf(() => resolved({ Outer: { Inner: [{ 'Fn::Frobnicate': 'x' }] } }));
    expect(error.message).toBe(
      'sqs-sns-mock: provision: unknown intrinsic function Fn::Frobnicate ' +
        '(at Resources.Subject.Properties.Outer.Inner.0.Fn::Frobnicate)',
    );
    expect(error.logicalId).toBe('Subject');
    expect(error.property).toBe('Outer.Inner.0.Fn::Frobnicate');
  });

  it('refuses condition functions outside Conditions, and functions it does not evaluate', () => {
    expect(templateErrorOf(() => resolved({ E: { 'Fn::Equals': ['a', 'a'] } })).message).toContain(
      'Fn::Equals can be used only in the Conditions section',
    );
    expect(templateErrorOf(() => resolved({ C: { 'Fn::Cidr': ['10.0.0.0/16', 2, 8] } })).message).toContain(
      'Fn::Cidr is not emulated by sqs-sns-mock',
    );
  });

  it('leaves objects with several keys (an IAM Condition block) as they are', () => {
    const statement = { Effect: 'Allow', Condition: { ArnEquals: { 'aws:SourceArn': { Ref: 'Other' } } } };
    expect(resolved({ Statement: [statement] })).toEqual({
      Statement: [{ Effect: 'Allow', Condition: { ArnEquals: { 'aws:SourceArn': 'ref-of-Other' } } }],
    });
  });
});
