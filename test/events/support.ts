import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { networkTrap } from '../helpers.js';

/** An account with EventBridge, SQS and SNS clients plugged in, as users would write it. */
export function eventsSetup(options: AwsMockOptions = {}) {
  const aws: AwsMock = createAwsMock(options);
  const events = new EventBridgeClient({ region: aws.region, requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  return { aws, events, sqs, sns };
}
