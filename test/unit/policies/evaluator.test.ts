import { describe, expect, it } from 'vitest';
import { compilePolicy, evaluatePolicy, whyNotAllowed } from '../../../src/core/policies/policy.js';
import { requestContext, type PolicyPrincipal, type PolicyRequest } from '../../../src/core/policies/request.js';
import { snsDeliveryRequest } from '../../../src/core/policies/sns-delivery.js';

/** The IAM evaluation of one resource policy (docs/aws-behaviour/sns.md §7.2), outside any service. */

const QUEUE = 'arn:aws:sqs:us-east-1:111122223333:orders';
const TOPIC = 'arn:aws:sns:us-east-1:111122223333:events';
const SNS: PolicyPrincipal = { service: 'sns.amazonaws.com' };
const ROOT: PolicyPrincipal = { arn: 'arn:aws:iam::111122223333:root', account: '111122223333' };
const ROLE: PolicyPrincipal = { arn: 'arn:aws:iam::111122223333:role/worker', account: '111122223333' };
const STRANGER: PolicyPrincipal = { arn: 'arn:aws:iam::999988887777:role/worker', account: '999988887777' };

function request(overrides: Partial<PolicyRequest> & { keys?: Record<string, string> } = {}): PolicyRequest {
  const { keys, ...rest } = overrides;
  return {
    principal: SNS,
    action: 'sqs:SendMessage',
    resource: QUEUE,
    context: keys ? requestContext(keys) : snsDeliveryRequest(QUEUE, TOPIC).context,
    ...rest,
  };
}

/** A policy of these statements (Allow, everyone, sqs:SendMessage on the queue unless they say otherwise). */
function policy(...statements: object[]): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: statements.map((statement) => ({
      Effect: 'Allow',
      Principal: '*',
      Action: 'sqs:SendMessage',
      Resource: QUEUE,
      ...statement,
    })),
  });
}

function outcome(text: string, req: PolicyRequest = request()): string {
  return evaluatePolicy(compilePolicy(text), req).outcome;
}

/** The element a one-statement policy fails on, or 'matches'. */
function mismatch(statement: object, req: PolicyRequest = request()): string {
  return compilePolicy(policy(statement)).statements[0]!.mismatch(req) ?? 'matches';
}

describe('principals', () => {
  it.each([
    ['"*"', '*', SNS, true],
    ['{"AWS":"*"}', { AWS: '*' }, SNS, true],
    ['{"AWS":"*"} for an identity', { AWS: '*' }, ROLE, true],
    ['the service', { Service: 'sns.amazonaws.com' }, SNS, true],
    ['a list of services', { Service: ['events.amazonaws.com', 'sns.amazonaws.com'] }, SNS, true],
    ['another service', { Service: 'events.amazonaws.com' }, SNS, false],
    ['an account id, for the service', { AWS: '111122223333' }, SNS, false],
    ['an account id, for its root', { AWS: '111122223333' }, ROOT, true],
    ['an account id, for a role of it', { AWS: '111122223333' }, ROLE, true],
    ["an account's root ARN, for a role of it", { AWS: 'arn:aws:iam::111122223333:root' }, ROLE, true],
    ["an account's root ARN, for another account", { AWS: 'arn:aws:iam::111122223333:root' }, STRANGER, false],
    ['a role ARN, for that role', { AWS: 'arn:aws:iam::111122223333:role/worker' }, ROLE, true],
    ['a role ARN, for the root', { AWS: 'arn:aws:iam::111122223333:role/worker' }, ROOT, false],
    ['a list of accounts', { AWS: ['999988887777', '111122223333'] }, ROLE, true],
    ['a partial wildcard, which is literal', { AWS: 'arn:aws:iam::*:root' }, ROOT, false],
    ['a Service next to AWS', { AWS: '999988887777', Service: 'sns.amazonaws.com' }, SNS, true],
    ['a federated principal', { Federated: 'cognito-identity.amazonaws.com' }, SNS, false],
  ])('%s', (_name, Principal, principal, matches) => {
    expect(mismatch({ Principal }, request({ principal }))).toBe(matches ? 'matches' : 'its Principal');
  });

  it('NotPrincipal applies to every principal it does not name', () => {
    const statement = { Principal: undefined, NotPrincipal: { AWS: '111122223333' } };
    expect(mismatch(statement, request({ principal: SNS }))).toBe('matches');
    expect(mismatch(statement, request({ principal: ROLE }))).toBe('its NotPrincipal');
  });
});

describe('actions', () => {
  it.each([
    ['sqs:SendMessage', true],
    ['SQS:SendMessage', true],
    ['sqs:sendmessage', true],
    ['sqs:*', true],
    ['SQS:Send*', true],
    ['sqs:Send?essage', true],
    ['*', true],
    ['sqs:ReceiveMessage', false],
    ['sqs:Send', false],
    ['sns:SendMessage', false],
    [['sqs:ReceiveMessage', 'sqs:SendMessage'], true],
  ])('%j', (Action, matches) => {
    expect(mismatch({ Action })).toBe(matches ? 'matches' : 'its Action');
  });

  it('NotAction applies to every action it does not list', () => {
    expect(mismatch({ Action: undefined, NotAction: 'sqs:Receive*' })).toBe('matches');
    expect(mismatch({ Action: undefined, NotAction: ['sqs:Delete*', 'SQS:send*'] })).toBe('its NotAction');
  });
});

describe('resources', () => {
  it.each([
    [QUEUE, true],
    ['*', true],
    ['arn:aws:sqs:*:111122223333:orders', true],
    ['arn:aws:sqs:us-east-1:111122223333:ord*', true],
    ['arn:aws:sqs:us-east-1:111122223333:order?', true],
    ['arn:aws:sqs:us-east-1:111122223333:Orders', false],
    ['arn:aws:sqs:us-east-1:111122223333:other', false],
    // A * ending a segment may reach past colons; one inside a segment may not.
    ['arn:aws:sqs:*', true],
    ['arn:aws:sqs:us-*-1:111122223333:orders', true],
    ['arn:aws:sqs:us*1:111122223333:orders', true],
    ['arn:aws:s*s:us-east-1:111122223333:orders', true],
    ['arn:aws:sqs:us-east-1:1111*3333:orders', true],
    ['arn:aws:sqs:us-east*333:orders', false],
  ])('%s', (Resource, matches) => {
    expect(mismatch({ Resource })).toBe(matches ? 'matches' : 'its Resource');
  });

  it('NotResource applies to every resource it does not list', () => {
    expect(mismatch({ Resource: undefined, NotResource: 'arn:aws:sqs:*:*:other' })).toBe('matches');
    expect(mismatch({ Resource: undefined, NotResource: QUEUE })).toBe('its NotResource');
  });
});

describe('conditions', () => {
  const condition = (Condition: object, keys?: Record<string, string>) =>
    mismatch({ Condition }, keys === undefined ? request() : request({ keys }));
  const holds = (Condition: object, keys?: Record<string, string>) => condition(Condition, keys) === 'matches';

  it('ArnEquals and ArnLike compare each of the six ARN parts on its own', () => {
    expect(holds({ ArnEquals: { 'aws:SourceArn': TOPIC } })).toBe(true);
    expect(holds({ ArnEquals: { 'aws:SourceArn': 'arn:aws:sns:us-east-1:111122223333:other' } })).toBe(false);
    expect(holds({ ArnLike: { 'aws:SourceArn': 'arn:aws:sns:*:111122223333:*' } })).toBe(true);
    expect(holds({ ArnEquals: { 'aws:SourceArn': 'arn:aws:sns:*:111122223333:ev?nts' } })).toBe(true);
    // Under ArnLike a * stays in its part, so one * cannot stand for the region and the account...
    expect(holds({ ArnLike: { 'aws:SourceArn': 'arn:aws:sns:*:events' } })).toBe(false);
    // ...while under StringLike it spans colons.
    expect(holds({ StringLike: { 'aws:SourceArn': 'arn:aws:sns:*:events' } })).toBe(true);
    expect(holds({ ArnLike: { 'aws:SourceArn': 'not-an-arn' } })).toBe(false);
  });

  it('ArnNotEquals and ArnNotLike hold when no value matches', () => {
    expect(holds({ ArnNotEquals: { 'aws:SourceArn': 'arn:aws:sns:us-east-1:111122223333:other' } })).toBe(true);
    expect(holds({ ArnNotLike: { 'aws:SourceArn': 'arn:aws:sns:*:*:ev*' } })).toBe(false);
  });

  it('string operators: exact and case-sensitive, IgnoreCase, and Like with * and ?', () => {
    expect(holds({ StringEquals: { 'aws:SourceAccount': '111122223333' } })).toBe(true);
    expect(holds({ StringEquals: { 'aws:SourceArn': TOPIC.toUpperCase() } })).toBe(false);
    expect(holds({ StringEqualsIgnoreCase: { 'aws:SourceArn': TOPIC.toUpperCase() } })).toBe(true);
    expect(holds({ StringNotEqualsIgnoreCase: { 'aws:SourceArn': TOPIC.toUpperCase() } })).toBe(false);
    expect(holds({ StringNotEquals: { 'aws:SourceAccount': '999988887777' } })).toBe(true);
    expect(holds({ StringNotEquals: { 'aws:SourceAccount': ['999988887777', '111122223333'] } })).toBe(false);
    expect(holds({ StringLike: { 'aws:SourceArn': 'arn:aws:sns:us-east-1:1111????3333:*' } })).toBe(true);
    expect(holds({ StringNotLike: { 'aws:SourceArn': '*:other' } })).toBe(true);
  });

  it('several values OR, several keys and operators AND', () => {
    expect(holds({ ArnEquals: { 'aws:SourceArn': ['arn:aws:sns:us-east-1:111122223333:other', TOPIC] } })).toBe(true);
    const both = { ArnEquals: { 'aws:SourceArn': TOPIC }, StringEquals: { 'aws:SourceAccount': '999988887777' } };
    expect(condition(both)).toBe('its Condition StringEquals aws:SourceAccount');
    const twoKeys = { StringEquals: { 'aws:SourceAccount': '111122223333', 'aws:SourceArn': 'x' } };
    expect(condition(twoKeys)).toBe('its Condition StringEquals aws:SourceArn');
  });

  it('key names are case-insensitive, values as written (numbers and booleans unquoted too)', () => {
    expect(holds({ ArnEquals: { 'AWS:SOURCEARN': TOPIC } })).toBe(true);
    expect(holds({ StringEquals: { 'aws:SourceAccount': 111122223333 } })).toBe(true);
    expect(holds({ Bool: { 'aws:SecureTransport': true } })).toBe(true);
  });

  it('Bool: aws:SecureTransport is true for SNS deliveries', () => {
    expect(holds({ Bool: { 'aws:SecureTransport': 'true' } })).toBe(true);
    expect(holds({ Bool: { 'aws:SecureTransport': 'false' } })).toBe(false);
  });

  it('a key the request lacks: false, except for negated operators, IfExists and Null', () => {
    const none = {};
    expect(holds({ ArnEquals: { 'aws:SourceArn': TOPIC } }, none)).toBe(false);
    expect(holds({ StringLike: { 'aws:SourceArn': '*' } }, none)).toBe(false);
    expect(holds({ Bool: { 'aws:SecureTransport': 'false' } }, none)).toBe(false);
    expect(holds({ ArnNotLike: { 'aws:SourceArn': TOPIC } }, none)).toBe(true);
    expect(holds({ StringNotEquals: { 'aws:SourceAccount': '1' } }, none)).toBe(true);
    expect(holds({ ArnEqualsIfExists: { 'aws:SourceArn': 'arn:aws:sns:*:*:other' } }, none)).toBe(true);
    expect(holds({ ArnEqualsIfExists: { 'aws:SourceArn': 'arn:aws:sns:*:*:other' } })).toBe(false);
    expect(holds({ StringEqualsIfExists: { 'aws:SourceAccount': '111122223333' } })).toBe(true);
    expect(holds({ BoolIfExists: { 'aws:SecureTransport': 'false' } }, none)).toBe(true);
  });

  it('Null: "true" holds when the key is absent, "false" when present', () => {
    expect(holds({ Null: { 'aws:SourceArn': 'true' } }, {})).toBe(true);
    expect(holds({ Null: { 'aws:SourceArn': 'true' } })).toBe(false);
    expect(holds({ Null: { 'aws:SourceArn': 'false' } })).toBe(true);
    expect(holds({ Null: { 'aws:SourceArn': false } }, {})).toBe(false);
  });

  it('set operators over single-valued keys', () => {
    expect(holds({ 'ForAnyValue:StringEquals': { 'aws:SourceAccount': '111122223333' } })).toBe(true);
    expect(holds({ 'ForAnyValue:StringEquals': { 'aws:SourceAccount': '111122223333' } }, {})).toBe(false);
    expect(holds({ 'ForAllValues:StringEquals': { 'aws:SourceAccount': '999988887777' } }, {})).toBe(true);
    expect(holds({ 'ForAllValues:StringEquals': { 'aws:SourceAccount': '999988887777' } })).toBe(false);
  });

  it('an operator the emulation does not evaluate never holds, and says so', () => {
    expect(condition({ NumericLessThan: { 'aws:SourceAccount': '5' } })).toBe(
      'its Condition NumericLessThan aws:SourceAccount (an operator the emulation does not evaluate)',
    );
    // Even as a Deny: it neither allows nor denies.
    const text = policy({}, { Effect: 'Deny', Condition: { DateGreaterThan: { 'aws:CurrentTime': '2020-01-01' } } });
    expect(outcome(text)).toBe('allowed');
  });
});

describe('evaluation', () => {
  it('default deny: no statement applies', () => {
    expect(outcome(policy({ Action: 'sqs:ReceiveMessage' }))).toBe('notAllowed');
  });

  it('any matching Allow allows', () => {
    expect(outcome(policy({ Action: 'sqs:ReceiveMessage' }, { Sid: 'Send' }))).toBe('allowed');
    expect(evaluatePolicy(compilePolicy(policy({ Action: 'x:y' }, { Sid: 'Send' })), request())).toMatchObject({
      by: { label: 'statement "Send"' },
    });
  });

  it('an explicit Deny wins over every Allow, before or after it', () => {
    const deny = { Sid: 'NoSns', Effect: 'Deny', Principal: { Service: 'sns.amazonaws.com' }, Action: 'sqs:*' };
    expect(outcome(policy({}, deny))).toBe('denied');
    expect(outcome(policy(deny, {}))).toBe('denied');
    expect(evaluatePolicy(compilePolicy(policy({}, deny)), request())).toMatchObject({
      by: { label: 'statement "NoSns"' },
    });
  });

  it("CDK's enforceSSL Deny does not apply to a request over TLS", () => {
    const enforceSsl = {
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 'sqs:*',
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    };
    expect(outcome(policy(enforceSsl, {}))).toBe('allowed');
    expect(outcome(policy(enforceSsl, {}), request({ keys: { 'aws:SecureTransport': 'false' } }))).toBe('denied');
  });

  it('Statement may be one object', () => {
    const text = JSON.stringify({ Statement: { Effect: 'Allow', Principal: '*', Action: '*', Resource: '*' } });
    expect(outcome(text)).toBe('allowed');
  });

  it.each([
    ['not JSON', '{', 'the queue policy is not JSON'],
    ['not an object', '[1]', 'the queue policy is not a JSON object'],
    ['no Statement', '{"Version":"2012-10-17"}', 'the queue policy has no Statement'],
    ['an empty Statement', '{"Statement":[]}', 'the queue policy has no Statement'],
  ])('a malformed policy allows nothing: %s', (_name, text, why) => {
    expect(outcome(text)).toBe('notAllowed');
    expect(whyNotAllowed(compilePolicy(text), request())).toBe(why);
  });

  it.each([
    ['no Effect', { Effect: undefined }, 'its Effect is neither Allow nor Deny'],
    ['a lower-case Effect', { Effect: 'allow' }, 'its Effect is neither Allow nor Deny'],
    ['no Principal', { Principal: undefined }, 'it has no Principal'],
    ['Principal and NotPrincipal', { NotPrincipal: '*' }, 'it has both Principal and NotPrincipal'],
    ['a Principal of the wrong type', { Principal: 7 }, 'its Principal is malformed'],
    ['no Action', { Action: undefined }, 'it has no Action'],
    ['an empty Action list', { Action: [] }, 'its Action is malformed'],
    ['no Resource', { Resource: undefined }, 'it has no Resource'],
    ['a Condition that is a list', { Condition: [] }, 'its Condition is not an object'],
    [
      'a condition value that is an object',
      { Condition: { StringEquals: { k: {} } } },
      'its Condition StringEquals k has a value that is not a string',
    ],
  ])('a malformed statement matches nothing: %s', (_name, statement, why) => {
    const compiled = compilePolicy(policy(statement));
    expect(evaluatePolicy(compiled, request()).outcome).toBe('notAllowed');
    expect(whyNotAllowed(compiled, request())).toBe(`no statement allows it: statement 1 (${why})`);
  });

  it('explains which element of each Allow statement does not match', () => {
    const text = policy(
      { Sid: 'Receive', Action: 'sqs:ReceiveMessage' },
      { Condition: { ArnEquals: { 'aws:SourceArn': 'arn:aws:sns:us-east-1:111122223333:other' } } },
      { Effect: 'Deny', Principal: { AWS: '999988887777' } },
    );
    expect(whyNotAllowed(compilePolicy(text), request())).toBe(
      'no statement allows it: statement "Receive" (its Action does not match); ' +
        'statement 2 (its Condition ArnEquals aws:SourceArn does not match)',
    );
    expect(whyNotAllowed(compilePolicy(policy({ Effect: 'Deny' })), request())).toBe(
      'the queue policy has no Allow statement',
    );
  });
});
