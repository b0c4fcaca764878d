import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../../src/index.js';
import { networkTrap } from '../helpers.js';

/** An account with S3, SQS, SNS, Lambda and EventBridge clients plugged in, as users would write it. */
export function s3Setup(options: AwsMockOptions = {}, client: S3ClientConfig = {}) {
  const aws: AwsMock = createAwsMock(options);
  const s3 = new S3Client({ region: aws.region, requestHandler: networkTrap, ...client });
  s3.middlewareStack.use(aws.s3);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  const lambda = new LambdaClient({ region: aws.region, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  const events = new EventBridgeClient({ region: aws.region, requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  return { aws, s3, sqs, sns, lambda, events };
}
