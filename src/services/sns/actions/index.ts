import type { AddPermissionCommandInput } from '@aws-sdk/client-sns';
import {
  actionsWhere,
  batchChecksOf,
  handlersOf,
  type ActionSpec,
  type ActionTable,
} from '../../../core/action-registry.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SnsBackend } from '../sns-backend.js';
import { addPermission, removePermission } from './permissions.js';
import {
  createPlatformApplication,
  deletePlatformApplication,
  getPlatformApplicationAttributes,
  listPlatformApplications,
  setPlatformApplicationAttributes,
} from './platform-applications.js';
import {
  createPlatformEndpoint,
  deleteEndpoint,
  getEndpointAttributes,
  listEndpointsByPlatformApplication,
  setEndpointAttributes,
} from './platform-endpoints.js';
import { publish } from './publish.js';
import { checkPublishBatch, publishBatch } from './publish-batch.js';
import {
  confirmSubscription,
  getSubscriptionAttributes,
  listSubscriptions,
  listSubscriptionsByTopic,
  setSubscriptionAttributes,
  subscribe,
  unsubscribe,
} from './subscriptions.js';
import {
  checkIfPhoneNumberIsOptedOut,
  getSmsAttributes,
  listPhoneNumbersOptedOut,
  optInPhoneNumber,
  setSmsAttributes,
} from './sms.js';
import {
  createSmsSandboxPhoneNumber,
  deleteSmsSandboxPhoneNumber,
  getSmsSandboxAccountStatus,
  listOriginationNumbers,
  listSmsSandboxPhoneNumbers,
  verifySmsSandboxPhoneNumber,
} from './sms-sandbox.js';
import { listTagsForResource, tagResource, untagResource } from './tags.js';
import { createTopic, deleteTopic, getTopicAttributes, listTopics, setTopicAttributes } from './topics.js';
import { getDataProtectionPolicy, putDataProtectionPolicy } from './data-protection.js';

interface SnsActionSpec extends ActionSpec<SnsBackend> {
  /** A topic's policy statement may allow it (AddPermission; docs/aws-behaviour/sns.md §1). */
  readonly grantable?: true;
}

/**
 * The SNS actions the emulation answers, by the SDK's operation name. Every other SNS command answers
 * a NotEmulatedError naming it. To add an action: one entry here (its handler, `batch` if it is one, `grantable`).
 */
export const SNS_ACTIONS = {
  CreateTopic: { handler: createTopic },
  DeleteTopic: { handler: deleteTopic, grantable: true },
  ListTopics: { handler: listTopics },
  GetTopicAttributes: { handler: getTopicAttributes, grantable: true },
  SetTopicAttributes: { handler: setTopicAttributes, grantable: true },
  TagResource: { handler: tagResource },
  UntagResource: { handler: untagResource },
  ListTagsForResource: { handler: listTagsForResource },
  Subscribe: { handler: subscribe, grantable: true },
  ConfirmSubscription: { handler: confirmSubscription },
  Unsubscribe: { handler: unsubscribe },
  GetSubscriptionAttributes: { handler: getSubscriptionAttributes },
  SetSubscriptionAttributes: { handler: setSubscriptionAttributes },
  ListSubscriptions: { handler: listSubscriptions },
  ListSubscriptionsByTopic: { handler: listSubscriptionsByTopic, grantable: true },
  Publish: { handler: publish, grantable: true },
  PublishBatch: { handler: publishBatch, batch: { check: checkPublishBatch } },
  // Read at call time, once the list below the table is built.
  AddPermission: {
    handler: (backend: SnsBackend, input: Partial<AddPermissionCommandInput>, request: RequestContext): object =>
      addPermission(backend, input, grantableActions, request),
    grantable: true,
  },
  RemovePermission: { handler: removePermission, grantable: true },
  // SMS (docs/aws-behaviour/sns.md §13): the account's settings, opt-out list and sandbox.
  SetSMSAttributes: { handler: setSmsAttributes },
  GetSMSAttributes: { handler: getSmsAttributes },
  CheckIfPhoneNumberIsOptedOut: { handler: checkIfPhoneNumberIsOptedOut },
  ListPhoneNumbersOptedOut: { handler: listPhoneNumbersOptedOut },
  OptInPhoneNumber: { handler: optInPhoneNumber },
  GetSMSSandboxAccountStatus: { handler: getSmsSandboxAccountStatus },
  CreateSMSSandboxPhoneNumber: { handler: createSmsSandboxPhoneNumber },
  VerifySMSSandboxPhoneNumber: { handler: verifySmsSandboxPhoneNumber },
  DeleteSMSSandboxPhoneNumber: { handler: deleteSmsSandboxPhoneNumber },
  ListSMSSandboxPhoneNumbers: { handler: listSmsSandboxPhoneNumbers },
  ListOriginationNumbers: { handler: listOriginationNumbers },
  // Mobile push (docs/aws-behaviour/sns.md §14): platform applications and their endpoints.
  CreatePlatformApplication: { handler: createPlatformApplication },
  GetPlatformApplicationAttributes: { handler: getPlatformApplicationAttributes },
  SetPlatformApplicationAttributes: { handler: setPlatformApplicationAttributes },
  ListPlatformApplications: { handler: listPlatformApplications },
  DeletePlatformApplication: { handler: deletePlatformApplication },
  CreatePlatformEndpoint: { handler: createPlatformEndpoint },
  GetEndpointAttributes: { handler: getEndpointAttributes },
  SetEndpointAttributes: { handler: setEndpointAttributes },
  ListEndpointsByPlatformApplication: { handler: listEndpointsByPlatformApplication },
  DeleteEndpoint: { handler: deleteEndpoint },
  // Data protection (docs/aws-behaviour/sns.md §15): kept and answered back; Audit statements only.
  PutDataProtectionPolicy: { handler: putDataProtectionPolicy },
  GetDataProtectionPolicy: { handler: getDataProtectionPolicy },
} as const satisfies ActionTable<SnsActionSpec>;

const table: ActionTable<SnsActionSpec> = SNS_ACTIONS;

/** The handlers by action name, for the plugin's dispatch. */
export const snsActions = handlersOf<SnsBackend>(table);
/** The batch actions, each with its whole-request check. */
export const snsBatchChecks = batchChecksOf<SnsBackend>(table);

const grantableActions: readonly string[] = actionsWhere(table, (spec) => spec.grantable === true);
