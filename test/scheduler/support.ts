import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { networkTrap } from '../helpers.js';

export const ROLE = 'arn:aws:iam::000000000000:role/scheduler';

/** An account with Scheduler, SQS, Lambda and EventBridge clients plugged in, as users would write it. */
export function schedulerSetup(options: AwsMockOptions = {}) {
  const aws: AwsMock = createAwsMock(options);
  const scheduler = new SchedulerClient({ region: aws.region, requestHandler: networkTrap });
  scheduler.middlewareStack.use(aws.scheduler);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  const events = new EventBridgeClient({ region: aws.region, requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  return { aws, scheduler, sqs, lambda, events };
}
