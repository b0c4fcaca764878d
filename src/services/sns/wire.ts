import type { WireBinding } from '../../core/wire/binding.js';
import { list, map, struct, type QueryAction, type QueryService } from '../../core/wire/query-shapes.js';
import type { SnsAction } from './fault-names.js';

/**
 * SNS on the wire: the query protocol only, from every client (docs/aws-behaviour/wire.md §1, §5.4, §6.3): nothing is
 * flattened, lists are `member`s and maps `entry`s. The one table the decoder and the XML writer both read.
 */
const ATTRIBUTES = map('string', { flat: false });
const MESSAGE_ATTRIBUTES = map(struct({ BinaryValue: 'blob' }), { flat: false, keyName: 'Name', valueName: 'Value' });
const TAGS = list(struct(), false);
const STRINGS = list('string', false);
const MESSAGE_FIELDS = { MessageAttributes: MESSAGE_ATTRIBUTES };

export const SNS_QUERY: QueryService = {
  version: '2010-03-31',
  namespace: 'http://sns.amazonaws.com/doc/2010-03-31/',
  errorDetail: false,
  actions: {
    CreateTopic: { input: struct({ Attributes: ATTRIBUTES, Tags: TAGS }), output: struct() },
    GetTopicAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    ConfirmSubscription: { output: struct() },
    Subscribe: { input: struct({ Attributes: ATTRIBUTES, ReturnSubscriptionArn: 'boolean' }), output: struct() },
    GetSubscriptionAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    Publish: { input: struct(MESSAGE_FIELDS), output: struct() },
    PublishBatch: {
      input: struct({ PublishBatchRequestEntries: list(struct(MESSAGE_FIELDS), false) }),
      output: struct({ Successful: list(struct(), false), Failed: list(struct({ SenderFault: 'boolean' }), false) }),
    },
    // Their results are empty, yet the model gives them one, and botocore reads it (wire.md §6.5).
    TagResource: { input: struct({ Tags: TAGS }), output: struct() },
    UntagResource: { input: struct({ TagKeys: STRINGS }), output: struct() },
    ListTagsForResource: { output: struct({ Tags: TAGS }) },
    AddPermission: { input: struct({ AWSAccountId: STRINGS, ActionName: STRINGS }) },
    ListTopics: { output: struct({ Topics: list(struct(), false) }) },
    ListSubscriptions: { output: struct({ Subscriptions: list(struct(), false) }) },
    ListSubscriptionsByTopic: { output: struct({ Subscriptions: list(struct(), false) }) },
    // SMS: these members are lower case on the wire, as the model names them.
    SetSMSAttributes: { input: struct({ attributes: ATTRIBUTES }), output: struct() },
    GetSMSAttributes: { input: struct({ attributes: STRINGS }), output: struct({ attributes: ATTRIBUTES }) },
    CheckIfPhoneNumberIsOptedOut: { output: struct({ isOptedOut: 'boolean' }) },
    ListPhoneNumbersOptedOut: { output: struct({ phoneNumbers: STRINGS }) },
    OptInPhoneNumber: { output: struct() },
    GetSMSSandboxAccountStatus: { output: struct({ IsInSandbox: 'boolean' }) },
    CreateSMSSandboxPhoneNumber: { output: struct() },
    VerifySMSSandboxPhoneNumber: { output: struct() },
    DeleteSMSSandboxPhoneNumber: { output: struct() },
    ListSMSSandboxPhoneNumbers: {
      input: struct({ MaxResults: 'number' }),
      output: struct({ PhoneNumbers: list(struct(), false) }),
    },
    ListOriginationNumbers: {
      input: struct({ MaxResults: 'number' }),
      output: struct({
        PhoneNumbers: list(struct({ CreatedAt: 'timestamp', NumberCapabilities: STRINGS }), false),
      }),
    },
    // Mobile push. Set/Delete of applications and endpoints have no result in the model.
    CreatePlatformApplication: { input: struct({ Attributes: ATTRIBUTES }), output: struct() },
    GetPlatformApplicationAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    SetPlatformApplicationAttributes: { input: struct({ Attributes: ATTRIBUTES }) },
    ListPlatformApplications: {
      output: struct({ PlatformApplications: list(struct({ Attributes: ATTRIBUTES }), false) }),
    },
    CreatePlatformEndpoint: { input: struct({ Attributes: ATTRIBUTES }), output: struct() },
    GetEndpointAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    SetEndpointAttributes: { input: struct({ Attributes: ATTRIBUTES }) },
    ListEndpointsByPlatformApplication: {
      output: struct({ Endpoints: list(struct({ Attributes: ATTRIBUTES }), false) }),
    },
    // Data protection: Put has no result in the model.
    GetDataProtectionPolicy: { output: struct() },
  } satisfies Partial<Record<SnsAction, QueryAction>>,
};

export const SNS_WIRE: WireBinding = { query: { spec: SNS_QUERY, signingName: 'sns' } };
