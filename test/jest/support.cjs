// Shared by the jest suites: clients plugged into one account, and the text a failed assertion throws.
const { SQSClient, CreateQueueCommand, SendMessageCommand, ReceiveMessageCommand } = require('@aws-sdk/client-sqs');
const { SNSClient } = require('@aws-sdk/client-sns');
const { createAwsMock } = require('sqs-sns-mock');

/** A request handler that fails the test if anything ever tries to reach the network. */
const networkTrap = {
  handle() {
    throw new Error('the network was reached');
  },
  updateHttpClientConfig() {},
  httpHandlerConfigs: () => ({}),
};

function setup() {
  const aws = createAwsMock();
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  return { aws, sqs, sns };
}

async function createQueue(sqs, name, attributes) {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: name, ...(attributes ? { Attributes: attributes } : {}) }),
  );
  return QueueUrl;
}

async function send(sqs, queueUrl, body, delaySeconds) {
  const MessageBody = typeof body === 'string' ? body : JSON.stringify(body);
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody,
      ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}

async function receive(sqs, queueUrl) {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }));
  return Messages.length;
}

/**
 * The message of what `assertion` throws, without what every failure message ends with (what feeds the queue, the
 * journeys: journeys.test.cjs checks them); fails if it does not throw.
 */
function failureOf(assertion) {
  return wholeFailureOf(assertion).replace(/\n\n(What feeds it, |Journeys \(|Calls the mock refused)[\s\S]*$/, '');
}

/** The whole message of what `assertion` throws, journeys and all; fails if it does not throw. */
function wholeFailureOf(assertion) {
  try {
    assertion();
  } catch (error) {
    return error.message;
  }
  throw new Error('expected the assertion to fail');
}

module.exports = { setup, createQueue, send, receive, failureOf, wholeFailureOf };
