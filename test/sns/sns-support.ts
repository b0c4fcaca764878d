import {
  CreateTopicCommand,
  InvalidParameterException,
  NotFoundException,
  SNSClient,
  SNSServiceException,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { expect } from 'vitest';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { createQueue, queueArn } from '../sqs/message-support.js';

/**
 * An SNSClient and an SQSClient as users make them (both with `client`'s options, e.g. `maxAttempts`), each with the
 * plugin of one fresh account (so a publish reaches the account's queues), and no way to the network.
 */
export function snsSetup(
  options: AwsMockOptions = {},
  client: { maxAttempts?: number } = {},
): { aws: AwsMock; sns: SNSClient; sqs: SQSClient } {
  const aws = createAwsMock(options);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap, ...client });
  sns.middlewareStack.use(aws.sns);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap, ...client });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, sns, sqs };
}

/** A topic `filtered` and a queue `q` subscribed to it with this filter policy and scope. */
export async function filteredQueue(
  sns: SNSClient,
  sqs: SQSClient,
  filterPolicy: string,
  scope: string,
): Promise<{ topicArn: string; queueUrl: string }> {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'filtered' }));
  const queueUrl = await createQueue(sqs, 'q');
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: await queueArn(sqs, queueUrl),
      Attributes: { FilterPolicy: filterPolicy, FilterPolicyScope: scope },
    }),
  );
  return { topicArn: TopicArn!, queueUrl };
}

/** The parts of an SNS error the tests compare: code, HTTP status and the exact message. */
async function failureOf(promise: Promise<unknown>, expectedClass: abstract new (...args: never[]) => Error) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(expectedClass);
  const status = (error['$metadata'] as { httpStatusCode?: number } | undefined)?.httpStatusCode;
  return { code: error['Code'], status, message: error.message };
}

/** Asserts an `InvalidParameter` rejection (HTTP 400) with exactly this message. */
export async function expectInvalidParameter(promise: Promise<unknown>, message: string): Promise<void> {
  expect(await failureOf(promise, InvalidParameterException)).toEqual({
    code: 'InvalidParameter',
    status: 400,
    message,
  });
}

/** The message of a `ValidationError` rejection: AWS's unmodelled code, which the SDK names SNSServiceException. */
export async function validationMessage(promise: Promise<unknown>): Promise<string> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(SNSServiceException);
  expect(error.name).toBe('ValidationError');
  return error.message;
}

/** Asserts a `NotFound` rejection (HTTP 404) with exactly this message. */
export async function expectNotFound(promise: Promise<unknown>, message: string): Promise<void> {
  expect(await failureOf(promise, NotFoundException)).toEqual({ code: 'NotFound', status: 404, message });
}

/**
 * The Policy AWS gives a new topic (docs/aws-behaviour/sns.md §1, GetTopicAttributes [V]), as GetTopicAttributes shows
 * it.
 */
export function defaultTopicPolicyText(topicArn: string, account = '000000000000'): string {
  return (
    '{"Version":"2008-10-17","Id":"__default_policy_ID","Statement":[{"Sid":"__default_statement_ID","Effect":"Allow",' +
    '"Principal":{"AWS":"*"},"Action":["SNS:GetTopicAttributes","SNS:SetTopicAttributes","SNS:AddPermission",' +
    '"SNS:RemovePermission","SNS:DeleteTopic","SNS:Subscribe","SNS:ListSubscriptionsByTopic","SNS:Publish"],' +
    `"Resource":"${topicArn}","Condition":{"StringEquals":{"AWS:SourceOwner":"${account}"}}}]}`
  );
}
