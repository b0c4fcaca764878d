import type { SNSEvent, SNSMessageAttributes, SQSEvent, SQSMessageAttributes } from 'aws-lambda';

/**
 * Hand-built SQS and SNS events in the shapes Lambda gives handlers (docs/aws-behaviour/lambda.md §1, §3.2), for the
 * matcher tests, which invoke functions directly while the event source mappings and SNS subscriptions that build
 * such events are written; end-to-end matcher tests through them come with those.
 */

const QUEUE_ARN = 'arn:aws:sqs:us-east-1:000000000000:orders';
const TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:events';

/** An SQSEvent of one record per body (an object body is sent as its JSON). */
export function sqsEvent(...records: Array<string | object | [string | object, SQSMessageAttributes]>): SQSEvent {
  return {
    Records: records.map((entry, i) => {
      const [body, messageAttributes] = Array.isArray(entry) ? entry : [entry, {}];
      return {
        messageId: `00000000-0000-4000-8000-00000000000${i}`,
        receiptHandle: `handle-${i}`,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '0',
          SenderId: '000000000000',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes,
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: QUEUE_ARN,
        awsRegion: 'us-east-1',
      };
    }),
  };
}

/** An SQS event's String attribute, in Lambda's form (lambda.md §1.3). */
export function sqsString(stringValue: string, dataType = 'String'): SQSMessageAttributes[string] {
  return { stringValue, stringListValues: [], binaryListValues: [], dataType };
}

/** An SNSEvent of one record (SNS invokes a function with one message at a time: lambda.md §3.2). */
export function snsEvent(message: string | object, attributes: SNSMessageAttributes = {}): SNSEvent {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${TOPIC_ARN}:00000000-0000-4000-8000-000000000000`,
        Sns: {
          Type: 'Notification',
          MessageId: '00000000-0000-4000-8000-000000000001',
          TopicArn: TOPIC_ARN,
          Subject: null as unknown as string, // null when none was published (lambda.md §3.2); @types says string
          Message: typeof message === 'string' ? message : JSON.stringify(message),
          Timestamp: '1970-01-01T00:00:00.000Z',
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: attributes,
        },
      },
    ],
  };
}
