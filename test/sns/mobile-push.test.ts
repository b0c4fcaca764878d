import {
  CreatePlatformApplicationCommand,
  CreatePlatformEndpointCommand,
  CreateTopicCommand,
  DeleteEndpointCommand,
  DeletePlatformApplicationCommand,
  EndpointDisabledException,
  GetEndpointAttributesCommand,
  GetPlatformApplicationAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  GetSubscriptionAttributesCommand,
  ListEndpointsByPlatformApplicationCommand,
  ListPhoneNumbersOptedOutCommand,
  ListPlatformApplicationsCommand,
  ListSubscriptionsByTopicCommand,
  PublishCommand,
  SetEndpointAttributesCommand,
  SetPlatformApplicationAttributesCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { T0 } from '../sqs/message-support.js';
import { expectInvalidParameter, expectNotFound, snsSetup, validationMessage } from './sns-support.js';

/**
 * Mobile push (docs/aws-behaviour/sns.md §14): platform applications and endpoints with AWS's answers, Publish to a
 * TargetArn and to `application` subscriptions, recorded per endpoint and never sent.
 */

const ACCOUNT = '000000000000';
const CREDENTIALS = { PlatformPrincipal: 'dummy', PlatformCredential: 'dummy' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let aws: AwsMock;
let sns: SNSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns } = snsSetup());
});
afterEach(() => {
  vi.useRealTimers();
});

async function application(Name = 'app', Platform = 'ADM', Attributes: Record<string, string> = CREDENTIALS) {
  return (await sns.send(new CreatePlatformApplicationCommand({ Name, Platform, Attributes }))).PlatformApplicationArn!;
}

async function endpoint(PlatformApplicationArn: string, Token = 'token_1', more: object = {}) {
  return (await sns.send(new CreatePlatformEndpointCommand({ PlatformApplicationArn, Token, ...more }))).EndpointArn!;
}

const NULL_ATTRIBUTES =
  "1 validation error detected: Value null at 'attributes' failed to satisfy constraint: Member must not be null";

describe('platform applications', () => {
  it('answers app/<platform>/<name> and shows Enabled but never the credentials (test_get_platform_application_attributes)', async () => {
    const arn = await application('my-app');
    expect(arn).toBe(`arn:aws:sns:us-east-1:${ACCOUNT}:app/ADM/my-app`);
    expect(
      (await sns.send(new GetPlatformApplicationAttributesCommand({ PlatformApplicationArn: arn }))).Attributes,
    ).toEqual({ Enabled: 'true' });
    expect((await sns.send(new ListPlatformApplicationsCommand({}))).PlatformApplications).toEqual([
      { PlatformApplicationArn: arn, Attributes: { Enabled: 'true' } },
    ]);
  });

  it('sets attributes, and shows them (test_set_platform_application_attributes)', async () => {
    const arn = await application();
    await sns.send(
      new SetPlatformApplicationAttributesCommand({
        PlatformApplicationArn: arn,
        Attributes: { SuccessFeedbackSampleRate: '50', PlatformCredential: 'rotated' },
      }),
    );
    expect(
      (await sns.send(new GetPlatformApplicationAttributesCommand({ PlatformApplicationArn: arn }))).Attributes,
    ).toEqual({ Enabled: 'true', SuccessFeedbackSampleRate: '50' });
  });

  it.each([
    ['a'.repeat(257), `Invalid parameter: ${'a'.repeat(257)} Reason: must be at most 256 characters long`],
    ['', 'Invalid parameter:  Reason: cannot be empty'],
    [
      '@name',
      "Invalid parameter: @name Reason: must contain only characters 'a'-'z', 'A'-'Z', '0'-'9', '_', '-', and '.'",
    ],
  ])('refuses the name %j (test_create_platform_application_invalid_name)', async (name, message) => {
    await expectInvalidParameter(
      sns.send(new CreatePlatformApplicationCommand({ Name: name, Platform: 'ADM', Attributes: CREDENTIALS })),
      message,
    );
  });

  it('refuses a platform it does not know (test_create_platform_application_invalid_platform)', async () => {
    await expectInvalidParameter(
      sns.send(new CreatePlatformApplicationCommand({ Name: 'a', Platform: 'AAA', Attributes: CREDENTIALS })),
      'Invalid parameter: Platform Reason: AAA is not supported',
    );
  });

  it('needs a principal and a credential together (test_create_platform_application_invalid_attributes)', async () => {
    const create = (Attributes: Record<string, string>) =>
      sns.send(new CreatePlatformApplicationCommand({ Name: 'a', Platform: 'ADM', Attributes }));
    expect(await validationMessage(create({}))).toBe(NULL_ATTRIBUTES);
    await expectInvalidParameter(
      create({ PlatformPrincipal: 'dummy' }),
      'Invalid parameter: Attributes Reason: PlatformPrincipal attribute provided without PlatformCredential',
    );
    await expectInvalidParameter(
      create({ PlatformCredential: 'dummy' }),
      'Invalid parameter: Attributes Reason: PlatformCredential attribute provided without PlatformPrincipal',
    );
  });

  it('takes a credential alone for GCM (Firebase), as AWS did in moto-verified tests', async () => {
    expect(await application('fcm', 'GCM', { PlatformCredential: 'api-key' })).toBe(
      `arn:aws:sns:us-east-1:${ACCOUNT}:app/GCM/fcm`,
    );
  });

  it('answers the same ARN for the same name, and refuses other properties under it', async () => {
    const arn = await application();
    expect(await application()).toBe(arn);
    await expectInvalidParameter(
      sns.send(
        new CreatePlatformApplicationCommand({
          Name: 'app',
          Platform: 'ADM',
          Attributes: { ...CREDENTIALS, EventEndpointCreated: 'arn:aws:sns:us-east-1:000000000000:t' },
        }),
      ),
      'Invalid parameter: Name Reason: An application with the same name but different properties already exists',
    );
  });

  it('refuses a sample rate outside 0-100 as AWS words it', async () => {
    await expectInvalidParameter(
      sns.send(
        new CreatePlatformApplicationCommand({
          Name: 'a',
          Platform: 'ADM',
          Attributes: { ...CREDENTIALS, SuccessFeedbackSampleRate: '101' },
        }),
      ),
      'Invalid parameter: Attributes Reason: Invalid value for attribute: SuccessFeedbackSampleRate: 101 value provided is not an integer between 0-100',
    );
  });

  it('checks the ARN, then the attributes, then that the application exists (test_set_platform_application_attributes_*)', async () => {
    const missing = `arn:aws:sns:us-east-1:${ACCOUNT}:app/ADM/NonExistingApp`;
    await expectInvalidParameter(
      sns.send(new SetPlatformApplicationAttributesCommand({ PlatformApplicationArn: 'invalid-arn', Attributes: {} })),
      'Invalid parameter: PlatformApplicationArn Reason: An ARN must have at least 6 elements, not 1',
    );
    expect(
      await validationMessage(
        sns.send(new SetPlatformApplicationAttributesCommand({ PlatformApplicationArn: missing, Attributes: {} })),
      ),
    ).toBe(NULL_ATTRIBUTES);
    await expectNotFound(
      sns.send(
        new SetPlatformApplicationAttributesCommand({
          PlatformApplicationArn: missing,
          Attributes: { PlatformPrincipal: 'dummy' },
        }),
      ),
      'PlatformApplication does not exist',
    );
    await expectNotFound(
      sns.send(new GetPlatformApplicationAttributesCommand({ PlatformApplicationArn: missing })),
      'PlatformApplication does not exist',
    );
    await expectInvalidParameter(
      sns.send(new GetPlatformApplicationAttributesCommand({ PlatformApplicationArn: 'invalid-arn' })),
      'Invalid parameter: PlatformApplicationArn Reason: An ARN must have at least 6 elements, not 1',
    );
  });

  it('refuses an endpoint ARN where an application ARN belongs', async () => {
    const arn = await endpoint(await application());
    await expectInvalidParameter(
      sns.send(new CreatePlatformEndpointCommand({ PlatformApplicationArn: arn, Token: 't' })),
      'Invalid parameter: PlatformApplicationArn Reason: Wrong number of slashes in relative portion of the ARN.',
    );
  });

  it('deletes an application and its endpoints (test_delete_endpoints_of_deleted_app)', async () => {
    const arn = await application();
    const endpointArn = await endpoint(arn);
    await sns.send(new DeletePlatformApplicationCommand({ PlatformApplicationArn: arn }));
    await sns.send(new DeletePlatformApplicationCommand({ PlatformApplicationArn: arn }));
    await expectNotFound(
      sns.send(new ListEndpointsByPlatformApplicationCommand({ PlatformApplicationArn: arn })),
      'PlatformApplication does not exist',
    );
    await expectNotFound(
      sns.send(new GetEndpointAttributesCommand({ EndpointArn: endpointArn })),
      'Endpoint does not exist',
    );
    await sns.send(new DeleteEndpointCommand({ EndpointArn: endpointArn }));
  });
});

describe('platform endpoints', () => {
  it('answers endpoint/<platform>/<app>/<uuid> and shows Enabled and Token (test_get_platform_endpoint_attributes)', async () => {
    const app = await application('push-app');
    const arn = await endpoint(app);
    expect(arn).toMatch(new RegExp(`^arn:aws:sns:us-east-1:${ACCOUNT}:endpoint/ADM/push-app/${UUID.source}$`));
    expect((await sns.send(new GetEndpointAttributesCommand({ EndpointArn: arn }))).Attributes).toEqual({
      Enabled: 'true',
      Token: 'token_1',
    });
    expect(
      (await sns.send(new ListEndpointsByPlatformApplicationCommand({ PlatformApplicationArn: app }))).Endpoints,
    ).toEqual([{ EndpointArn: arn, Attributes: { Enabled: 'true', Token: 'token_1' } }]);
  });

  it('is idempotent for the same token and attributes, and refuses other attributes (test_create_platform_endpoint_idempotency)', async () => {
    const app = await application();
    const arn = await endpoint(app);
    expect(await endpoint(app)).toBe(arn);
    expect(await endpoint(app, 'token_1', { Attributes: { Enabled: 'true' } })).toBe(arn);
    const message = `Invalid parameter: Token Reason: Endpoint ${arn} already exists with the same Token, but different attributes.`;
    await expectInvalidParameter(endpoint(app, 'token_1', { Attributes: { Enabled: 'false' } }), message);
    await expectInvalidParameter(endpoint(app, 'token_1', { CustomUserData: 'some user data' }), message);
  });

  it('compares CustomUserData and Enabled as moto-verified cases do', async () => {
    const app = await application('fcm', 'GCM', { PlatformCredential: 'k' });
    const withData = { CustomUserData: 'some user data', Attributes: { Enabled: 'false' } };
    const arn = await endpoint(app, 'token_with_userdata', withData);
    expect(await endpoint(app, 'token_with_userdata', withData)).toBe(arn);
    await expectInvalidParameter(
      endpoint(app, 'token_with_userdata', { ...withData, Attributes: { Enabled: 'true' } }),
      `Invalid parameter: Token Reason: Endpoint ${arn} already exists with the same Token, but different attributes.`,
    );
  });

  it('takes CustomUserData as a parameter, and from Attributes over the parameter (test_create_platform_endpoint_*custom_data)', async () => {
    const app = await application();
    const bar = await endpoint(app, 'token_1', { CustomUserData: 'bar' });
    const foo = await endpoint(app, 'token_2', { CustomUserData: 'bar', Attributes: { CustomUserData: 'foo' } });
    expect((await sns.send(new GetEndpointAttributesCommand({ EndpointArn: bar }))).Attributes).toEqual({
      CustomUserData: 'bar',
      Enabled: 'true',
      Token: 'token_1',
    });
    expect((await sns.send(new GetEndpointAttributesCommand({ EndpointArn: foo }))).Attributes).toMatchObject({
      CustomUserData: 'foo',
    });
  });

  it.each([
    [
      { PlatformPrincipal: 'Principal' },
      'Invalid parameter: Attributes Reason: Invalid attribute name: PlatformPrincipal',
    ],
    [{ PlatformCredential: 'C' }, 'Invalid parameter: Attributes Reason: Invalid attribute name: PlatformCredential'],
    [{ InvalidKey: 'Value' }, 'Invalid parameter: Attributes Reason: Invalid attribute name: InvalidKey'],
    [
      { CustomUserData: 'A'.repeat(2050) },
      'Invalid parameter: Attributes Reason: Invalid value for attribute: CustomUserData: must be at most 2048 bytes long in UTF-8 encoding',
    ],
  ])(
    'refuses the attributes %j on create and set (test_*_platform_endpoint_*invalid_attributes)',
    async (attributes, message) => {
      const app = await application();
      await expectInvalidParameter(endpoint(app, 'token_1', { Attributes: attributes }), message);
      const arn = await endpoint(app);
      await expectInvalidParameter(
        sns.send(new SetEndpointAttributesCommand({ EndpointArn: arn, Attributes: attributes })),
        message,
      );
    },
  );

  it('needs attributes to set, and a token that is not empty', async () => {
    const app = await application();
    const arn = await endpoint(app);
    expect(
      await validationMessage(sns.send(new SetEndpointAttributesCommand({ EndpointArn: arn, Attributes: {} }))),
    ).toBe(NULL_ATTRIBUTES);
    await expectInvalidParameter(endpoint(app, ''), 'Invalid parameter: Token Reason: cannot be empty');
    await expectInvalidParameter(
      sns.send(new SetEndpointAttributesCommand({ EndpointArn: arn, Attributes: { Token: '' } })),
      'Invalid parameter: Attributes Reason: Invalid value for attribute: Token: cannot be empty',
    );
  });

  it('sets Enabled, Token and CustomUserData (test_set_platform_endpoint_attributes)', async () => {
    const app = await application();
    const arn = await endpoint(app);
    await sns.send(
      new SetEndpointAttributesCommand({
        EndpointArn: arn,
        Attributes: { Enabled: 'false', Token: 'token_2', CustomUserData: 'x' },
      }),
    );
    expect((await sns.send(new GetEndpointAttributesCommand({ EndpointArn: arn }))).Attributes).toEqual({
      CustomUserData: 'x',
      Enabled: 'false',
      Token: 'token_2',
    });
    // Found by its new token from now on.
    expect(await endpoint(app, 'token_2', { CustomUserData: 'x', Attributes: { Enabled: 'false' } })).toBe(arn);
  });

  it('answers NotFound for an endpoint that does not exist (test_*_platform_endpoint_attributes_non_existent_endpoint)', async () => {
    const missing = `arn:aws:sns:us-east-1:${ACCOUNT}:endpoint/ADM/fakeapp/0f7d5971-aa8b-4bd5-b585-0826e9f93a66`;
    await expectNotFound(
      sns.send(new GetEndpointAttributesCommand({ EndpointArn: missing })),
      'Endpoint does not exist',
    );
    await expectNotFound(
      sns.send(new SetEndpointAttributesCommand({ EndpointArn: missing, Attributes: { Enabled: 'false' } })),
      'Endpoint does not exist',
    );
    await expectNotFound(
      sns.send(
        new CreatePlatformEndpointCommand({
          PlatformApplicationArn: `arn:aws:sns:us-east-1:${ACCOUNT}:app/ADM/non_existent_app`,
          Token: 'token_1',
        }),
      ),
      'PlatformApplication does not exist',
    );
  });

  it('refuses malformed endpoint ARNs', async () => {
    const arn = await endpoint(await application());
    await expectInvalidParameter(
      sns.send(new GetEndpointAttributesCommand({ EndpointArn: `${arn}invalid` })),
      'Invalid parameter: EndpointArn Reason: ARN specifies an invalid endpointId: UUID must be encoded in exactly 36 characters.',
    );
    await expectInvalidParameter(
      sns.send(new DeleteEndpointCommand({ EndpointArn: `arn:aws:sns:us-east-1:${ACCOUNT}:endpoint/ADM/app` })),
      'Invalid parameter: EndpointArn Reason: Wrong number of slashes in relative portion of the ARN.',
    );
  });

  it('deletes idempotently, leaving its subscriptions listed (test_delete_platform_endpoint*)', async () => {
    const app = await application();
    const arn = await endpoint(app);
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'news' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: arn }));
    await sns.send(new DeleteEndpointCommand({ EndpointArn: arn }));
    await sns.send(new DeleteEndpointCommand({ EndpointArn: arn }));
    expect(
      (await sns.send(new ListEndpointsByPlatformApplicationCommand({ PlatformApplicationArn: app }))).Endpoints,
    ).toEqual([]);
    expect((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn }))).Subscriptions).toEqual([
      expect.objectContaining({ Protocol: 'application', Endpoint: arn }),
    ]);
    // Publishing then records the delivery as failed; AWS answers the Publish as usual.
    await sns.send(new PublishCommand({ TopicArn, Message: 'x' }));
    expect(aws.sns.topic('news').published()[0]!.deliveries[0]).toMatchObject({
      delivered: false,
      failure: 'the platform endpoint does not exist',
    });
  });
});

describe('Publish to a platform endpoint', () => {
  it('records what the endpoint got: its platform entry of json, no default needed', async () => {
    const arn = await endpoint(await application('ios', 'APNS'));
    const aps = JSON.stringify({ aps: { alert: 'Hi' } });
    const { MessageId } = await sns.send(
      new PublishCommand({ TargetArn: arn, MessageStructure: 'json', Message: JSON.stringify({ APNS: aps }) }),
    );
    await sns.send(new PublishCommand({ TargetArn: arn, Message: 'plain text' }));
    expect(aws.sns.platformEndpoint(arn).published()).toEqual([
      { messageId: MessageId, message: aps, attributes: {}, at: new Date(T0) },
      expect.objectContaining({ message: 'plain text' }),
    ]);
    expect(aws.journey(MessageId!).steps.map((step) => step.kind)).toEqual(['published', 'delivered']);
  });

  it('needs its platform entry or `default` in json', async () => {
    const arn = await endpoint(await application('ios', 'APNS'));
    await expectInvalidParameter(
      sns.send(new PublishCommand({ TargetArn: arn, MessageStructure: 'json', Message: '{"GCM":"x"}' })),
      'Invalid parameter: Message Structure - No default entry in JSON message body',
    );
    await sns.send(new PublishCommand({ TargetArn: arn, MessageStructure: 'json', Message: '{"default":"d"}' }));
    expect(
      aws.sns
        .platformEndpoint(arn)
        .published()
        .map((push) => push.message),
    ).toEqual(['d']);
  });

  it('refuses a disabled endpoint before it reads the message (moto: test_publish_to_disabled_platform_endpoint)', async () => {
    const arn = await endpoint(await application(), 'token_1', { Attributes: { Enabled: 'false' } });
    const error = await rejectionOf(
      sns.send(new PublishCommand({ TargetArn: arn, MessageStructure: 'json', Message: 'msg' })),
    );
    expect(error).toBeInstanceOf(EndpointDisabledException);
    expect({ code: error['Code'], message: error.message }).toEqual({
      code: 'EndpointDisabled',
      message: 'Endpoint is disabled',
    });
    expect(aws.sns.platformEndpoint(arn).published()).toEqual([]);
  });

  it('finds no endpoint for an ARN of none', async () => {
    await expectInvalidParameter(
      sns.send(
        new PublishCommand({
          TargetArn: `arn:aws:sns:us-east-1:${ACCOUNT}:endpoint/APNS/app/0f7d5971-aa8b-4bd5-b585-0826e9f93a66`,
          Message: 'x',
        }),
      ),
      'Invalid parameter: TargetArn Reason: No endpoint found for the target arn specified',
    );
  });
});

describe('application subscriptions', () => {
  it('pushes each endpoint its platform entry of a topic json message (test_publish_to_platform_endpoint_is_dispatched)', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'deals' }));
    const apns = await endpoint(await application('ios', 'APNS'));
    const gcm = await endpoint(await application('android', 'GCM', { PlatformCredential: 'k' }));
    const adm = await endpoint(await application('kindle', 'ADM'));
    for (const arn of [apns, gcm, adm])
      await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: arn }));
    const message = {
      default: 'This is the default message.',
      APNS: '{"aps":{"alert":"Check out these awesome deals!"}}',
      GCM: '{"data":{"message":"Check out these awesome deals!"}}',
    };
    const { MessageId } = await sns.send(
      new PublishCommand({ TopicArn, Message: JSON.stringify(message), MessageStructure: 'json' }),
    );
    expect(aws.sns.platformEndpoint(apns).published()[0]).toMatchObject({
      message: message.APNS,
      messageId: MessageId,
      topicArn: TopicArn,
    });
    expect(aws.sns.platformEndpoint(gcm).published()[0]!.message).toBe(message.GCM);
    expect(aws.sns.platformEndpoint(adm).published()[0]!.message).toBe(message.default);
  });

  it('applies the filter policy, and records a disabled endpoint as not delivered (test_subscribe_platform_endpoint)', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'deals' }));
    const app = await application();
    const kept = await endpoint(app, 'token_1');
    const disabled = await endpoint(app, 'token_2');
    await sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'application',
        Endpoint: kept,
        Attributes: { FilterPolicy: JSON.stringify({ attr1: [{ numeric: ['>', 0, '<=', 100] }] }) },
      }),
    );
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: disabled }));
    await sns.send(new SetEndpointAttributesCommand({ EndpointArn: disabled, Attributes: { Enabled: 'false' } }));
    await sns.send(
      new PublishCommand({
        TopicArn,
        Message: 'This is a test message',
        MessageAttributes: { attr1: { DataType: 'Number', StringValue: '99.12' } },
      }),
    );
    await sns.send(new PublishCommand({ TopicArn, Message: 'filtered' }));
    expect(
      aws.sns
        .platformEndpoint(kept)
        .published()
        .map((push) => push.message),
    ).toEqual(['This is a test message']);
    expect(aws.sns.platformEndpoint(disabled).published()).toEqual([]);
    expect(aws.sns.topic('deals').published()[0]!.deliveries[1]).toMatchObject({
      delivered: false,
      failure: 'the platform endpoint is disabled (Enabled: false)',
    });
  });

  it('confirms an application subscription at once', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'deals' }));
    const arn = await endpoint(await application());
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: arn }),
    );
    expect((await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }))).Attributes).toMatchObject({
      PendingConfirmation: 'false',
      ConfirmationWasAuthenticated: 'true',
      Protocol: 'application',
      Endpoint: arn,
    });
  });

  it('refuses a subscription to an endpoint that does not exist', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'deals' }));
    const arn = await endpoint(await application());
    await sns.send(new DeleteEndpointCommand({ EndpointArn: arn }));
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: arn })),
      `Invalid parameter: Endpoint Reason: Endpoint does not exist for endpoint arn${arn}`,
    );
  });

  it('keeps the view of a deleted endpoint from answering', async () => {
    const arn = await endpoint(await application());
    const view = aws.sns.platformEndpoint(arn);
    expect(view).toMatchObject({ platform: 'ADM', token: 'token_1', enabled: true });
    await sns.send(new DeleteEndpointCommand({ EndpointArn: arn }));
    expect(() => view.published()).toThrow(/no longer exists/);
    expect(() => aws.sns.platformEndpoint(arn)).toThrow(/no platform endpoint/);
  });
});

it('aws.reset() forgets SMS settings, opt-outs, the sandbox, SMS sent and platform applications', async () => {
  const arn = await endpoint(await application());
  aws.sns.optOut('+15555550199');
  aws.sns.leaveSmsSandbox();
  await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'x' }));
  aws.reset();
  expect(aws.sns.sms()).toEqual([]);
  expect(() => aws.sns.platformEndpoint(arn)).toThrow(/no platform endpoint/);
  expect((await sns.send(new ListPlatformApplicationsCommand({}))).PlatformApplications).toEqual([]);
  expect((await sns.send(new GetSMSSandboxAccountStatusCommand({}))).IsInSandbox).toBe(true);
  expect((await sns.send(new ListPhoneNumbersOptedOutCommand({}))).phoneNumbers).toEqual([]);
});
