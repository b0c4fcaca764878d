import {
  CreateApiDestinationCommand,
  CreateConnectionCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  type ConnectionAuthorizationType,
  type CreateConnectionAuthRequestParameters,
  type Target,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { eventsSetup } from './support.js';

type Setup = ReturnType<typeof eventsSetup>;

export const BASIC = { BasicAuthParameters: { Username: 'user', Password: 'pass' } };

/** A connection and an API destination on it, as a test of API destinations starts. */
export async function destination(
  { events }: Setup,
  options: {
    readonly name?: string;
    readonly endpoint?: string;
    readonly method?: string;
    readonly type?: ConnectionAuthorizationType;
    readonly auth?: CreateConnectionAuthRequestParameters;
    readonly rate?: number;
  } = {},
) {
  const name = options.name ?? 'slack';
  const { ConnectionArn } = await events.send(
    new CreateConnectionCommand({
      Name: `${name}-connection`,
      AuthorizationType: options.type ?? 'BASIC',
      AuthParameters: options.auth ?? BASIC,
    }),
  );
  const { ApiDestinationArn } = await events.send(
    new CreateApiDestinationCommand({
      Name: name,
      ConnectionArn,
      InvocationEndpoint: options.endpoint ?? 'https://hooks.example.com/services/*',
      HttpMethod: (options.method ?? 'POST') as never,
      InvocationRateLimitPerSecond: options.rate,
    }),
  );
  return { connectionArn: ConnectionArn!, arn: ApiDestinationArn! };
}

/** A rule of the default bus matching source `shop`, with these targets. */
export async function rule({ events }: Setup, name: string, targets: Target[]) {
  await events.send(new PutRuleCommand({ Name: name, EventPattern: '{"source":["shop"]}' }));
  const put = await events.send(new PutTargetsCommand({ Rule: name, Targets: targets }));
  if (put.FailedEntryCount) throw new Error(JSON.stringify(put.FailedEntries));
}

export async function put({ events }: Setup, detail: object): Promise<string> {
  const { Entries } = await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail) }] }),
  );
  return Entries![0]!.EventId!;
}

export async function queue({ sqs, aws }: Setup, name: string) {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name }));
  return { url: QueueUrl!, arn: aws.sqs.queue(name).arn };
}

export async function received({ sqs }: Setup, url: string) {
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'] }),
  );
  return Messages;
}
