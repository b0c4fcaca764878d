import * as EventBridge from '@aws-sdk/client-eventbridge';
import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNS_ACTIONS } from '../../src/services/sns/actions/index.js';
import { SQS_ACTIONS } from '../../src/services/sqs/actions/index.js';
import { SNS_QUERY } from '../../src/services/sns/wire.js';
import { SQS_QUERY } from '../../src/services/sqs/wire.js';
import type { QueryService } from '../../src/core/wire/query-shapes.js';
import { startServer, type MockServer } from '../../src/server/index.js';

/**
 * An action no operation of the service's model has is AWS's 400 (`InvalidAction` over query, unknown operation over
 * JSON); only an operation the model has and the emulation lacks answers 501 (docs/aws-behaviour/wire.md §7.4).
 */
let server: MockServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(() => server.close());

const query = (body: string) =>
  fetch(`${server.endpoint}/`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const json = (target: string, contentType: string, body = '{}') =>
  fetch(`${server.endpoint}/`, {
    method: 'POST',
    body,
    headers: { 'x-amz-target': target, 'content-type': contentType },
  });

/** The SDK package's operations: one `<Operation>Command` export each. */
const operationsOf = (sdk: Record<string, unknown>) =>
  Object.keys(sdk).flatMap((name) => (/^[A-Z]\w*Command$/.test(name) ? [name.slice(0, -'Command'.length)] : []));

describe('an unknown query Action', () => {
  it("is SQS's and SNS's 400 InvalidAction, in each one's error shape", async () => {
    const sqs = await query('Action=FooBar&Version=2012-11-05');
    expect(sqs.status).toBe(400);
    expect(await sqs.text()).toContain(
      '<Error><Type>Sender</Type><Code>InvalidAction</Code>' +
        '<Message>The action FooBar is not valid for this endpoint.</Message><Detail/></Error>',
    );
    const sns = await query('Action=FooBar&Version=2010-03-31');
    expect(sns.status).toBe(400);
    expect(await sns.text()).toContain(
      '<Error><Type>Sender</Type><Code>InvalidAction</Code>' +
        '<Message>The action FooBar is not valid for this endpoint.</Message></Error>',
    );
    for (const action of ['constructor', '__proto__', 'toString', 'PublishCommand', 'publish']) {
      const answered = await query(`Action=${action}&Version=2010-03-31`);
      expect([action, answered.status]).toEqual([action, 400]);
      expect(await answered.text()).toContain('<Code>InvalidAction</Code>');
    }
  });

  it("is never the answer to an operation of the SDK's model: those not emulated are 501", async () => {
    for (const [spec, sdk] of [
      [SQS_QUERY, SQS],
      [SNS_QUERY, SNS],
    ] as const) {
      for (const operation of operationsOf(sdk)) {
        const answered = await query(`Action=${operation}&Version=${spec.version}`);
        const text = await answered.text();
        expect([operation, text]).not.toEqual([operation, expect.stringContaining('<Code>InvalidAction</Code>')]);
        if (text.includes('<Code>NotEmulatedException</Code>')) expect(answered.status).toBe(501);
      }
    }
    // Every SNS operation is emulated; a part of one that is not (a policy that would deny Publish) is still 501.
    const created = await query('Action=CreateTopic&Name=guarded&Version=2010-03-31');
    const topicArn = /<TopicArn>([^<]+)<\/TopicArn>/.exec(await created.text())![1]!;
    const deny = JSON.stringify({
      Statement: [{ DataDirection: 'Inbound', DataIdentifier: ['x'], Principal: ['*'], Operation: { Deny: {} } }],
    });
    const part = await query(
      `Action=PutDataProtectionPolicy&Version=2010-03-31&ResourceArn=${encodeURIComponent(topicArn)}` +
        `&DataProtectionPolicy=${encodeURIComponent(deny)}`,
    );
    expect(part.status).toBe(501);
  });
});

describe('an unknown JSON operation', () => {
  it('is 400 UnknownOperationException for SQS and EventBridge; an operation of the model not emulated is 501', async () => {
    const sqs = await json('AmazonSQS.FooBar', 'application/x-amz-json-1.0');
    expect(sqs.status).toBe(400);
    expect(sqs.headers.get('x-amzn-query-error')).toBe('UnknownOperationException;Sender');
    expect(await sqs.json()).toMatchObject({ __type: 'com.amazonaws.sqs#UnknownOperationException' });
    const events = await json('AWSEvents.FooBar', 'application/x-amz-json-1.1');
    expect(events.status).toBe(400);
    expect(await events.json()).toMatchObject({ __type: 'UnknownOperationException' });
    for (const operation of operationsOf(EventBridge)) {
      const answered = await json(`AWSEvents.${operation}`, 'application/x-amz-json-1.1');
      const body = (await answered.json()) as { __type?: string };
      expect([operation, body.__type]).not.toEqual([operation, 'UnknownOperationException']);
    }
    // Every EventBridge operation is emulated; PutEvents through a global endpoint is not, and is 501.
    const entries = '[{"Source":"s","DetailType":"d","Detail":"{}"}]';
    const body = `{"EndpointId":"abcde.veo","Entries":${entries}}`;
    expect((await json('AWSEvents.PutEvents', 'application/x-amz-json-1.1', body)).status).toBe(501);
  });
});

/** `<Operation>$`, the SDK's operation schema (newer clients): its output is `'unit'` when the model gives none. */
type OperationSchema = readonly [number, string, string, number, () => unknown, () => unknown];

describe('the query tables', () => {
  it('declare a result for every emulated action whose model has an output, which botocore then looks for', () => {
    const checked: string[] = [];
    for (const [service, spec, sdk, emulated] of [
      ['SQS', SQS_QUERY, SQS, SQS_ACTIONS],
      ['SNS', SNS_QUERY, SNS, SNS_ACTIONS],
    ] as [string, QueryService, Record<string, unknown>, object][]) {
      for (const operation of Object.keys(emulated)) {
        const schema = sdk[`${operation}$`] as OperationSchema | undefined;
        if (!Array.isArray(schema)) continue;
        const modelled = schema[5]() !== 'unit';
        const declared = spec.actions[operation]?.output !== undefined;
        // An action whose answer always has members writes its result anyway; the table declares it all the same.
        if (modelled) expect([service, operation, declared]).toEqual([service, operation, true]);
        checked.push(operation);
      }
    }
    // Older clients carry no schemas; the newer ones here do.
    if (checked.length === 0) console.warn('test/wire: this SDK exports no operation schemas; nothing checked');
  });
});

describe('a request for a service the endpoint does not emulate', () => {
  const scope = (service: string) =>
    `AWS4-HMAC-SHA256 Credential=x/20261207/us-east-1/${service}/aws4_request, SignedHeaders=host, Signature=00`;

  it("is answered 400 in its client's error form, naming what it asked and what the endpoint serves", async () => {
    const iam = await fetch(`${server.endpoint}/`, {
      method: 'POST',
      body: 'Action=CreateRole&Version=2010-05-08&RoleName=r',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', authorization: scope('iam') },
    });
    expect(iam.status).toBe(400);
    expect(iam.headers.get('content-type')).toBe('text/xml');
    expect(await iam.text()).toMatch(
      /^<\?xml version="1.0"\?><ErrorResponse><Error><Type>Sender<\/Type><Code>UnknownOperationException<\/Code>/,
    );
    const dynamodb = await fetch(`${server.endpoint}/`, {
      method: 'POST',
      body: '{}',
      headers: {
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        'content-type': 'application/x-amz-json-1.0',
        authorization: scope('dynamodb'),
      },
    });
    expect(dynamodb.status).toBe(400);
    expect(await dynamodb.json()).toEqual({
      __type: 'UnknownOperationException',
      message:
        'The request (dynamodb ListTables) matches no operation of this endpoint, which emulates SQS, SNS, Lambda, ' +
        'EventBridge, Scheduler, S3 and SFN.',
    });
  });
});
