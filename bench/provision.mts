// Figure (issue 15): provisioning a 50-resource template with `aws.provision`, next to the same resources made by
// the SDK calls a test would otherwise write, both through an account with the plugin. The wiring: 10 dead-letter
// queues, 10 queues redriving to them, 10 topics, 10 queue policies letting each topic send to its queue (CDK's
// statement) and 10 subscriptions with a filter policy: 50 resources, 50 calls (CreateQueue ×20, CreateTopic ×10,
// SetQueueAttributes ×10, Subscribe ×10; the queue ARNs are written out, as the template's `Fn::GetAtt` gives them).
//
// - the template as an object (CDK's `Template.fromStack(stack).toJSON()`, a parsed JSON file): the target, since the
//   issue asks that provisioning cost no more than the same SDK calls;
// - the same template as YAML text (reported): parsing the text as well, with its short-form tags.
//
// Each unit starts from an empty account (`aws.reset()`, untimed), so both sides create the same 50 resources.
// Run on its own: node --import tsx bench/provision.mts (after `npm run bench` has built bench/.lib)
import FakeTimers from '@sinonjs/fake-timers';
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { mocked } from './clients.mjs';
import { alternate, preparedCalls, ratioResult, report, us, type FigureResult } from './harness.mjs';

const WIRES = 10;
const ACCOUNT = '000000000000';
const queueArn = (name: string) => `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`;
const FILTER = { kind: ['order', 'refund'], total: [{ numeric: ['>=', 100] }] };

/** CDK's SqsSubscription statement (docs/aws-behaviour/templates.md §4), for a queue ARN and a topic ARN. */
function snsStatement(queue: unknown, topic: unknown): object {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Action: 'sqs:SendMessage',
        Effect: 'Allow',
        Principal: { Service: 'sns.amazonaws.com' },
        Resource: queue,
        Condition: { ArnEquals: { 'aws:SourceArn': topic } },
      },
    ],
  };
}

/** The template: wire i is Dlq<i>, Queue<i>, Topic<i>, Policy<i>, Subscription<i>. */
function templateObject(): { Resources: Record<string, object> } {
  const Resources: Record<string, object> = {};
  for (let i = 0; i < WIRES; i++) {
    Resources[`Dlq${i}`] = { Type: 'AWS::SQS::Queue', Properties: { QueueName: `orders-${i}-dlq` } };
    Resources[`Queue${i}`] = {
      Type: 'AWS::SQS::Queue',
      Properties: {
        QueueName: `orders-${i}`,
        VisibilityTimeout: 60,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [`Dlq${i}`, 'Arn'] }, maxReceiveCount: 5 },
      },
    };
    Resources[`Topic${i}`] = { Type: 'AWS::SNS::Topic', Properties: { TopicName: `events-${i}` } };
    Resources[`Policy${i}`] = {
      Type: 'AWS::SQS::QueuePolicy',
      Properties: {
        Queues: [{ Ref: `Queue${i}` }],
        PolicyDocument: snsStatement({ 'Fn::GetAtt': [`Queue${i}`, 'Arn'] }, { Ref: `Topic${i}` }),
      },
    };
    Resources[`Subscription${i}`] = {
      Type: 'AWS::SNS::Subscription',
      DependsOn: `Policy${i}`,
      Properties: {
        TopicArn: { Ref: `Topic${i}` },
        Protocol: 'sqs',
        Endpoint: { 'Fn::GetAtt': [`Queue${i}`, 'Arn'] },
        FilterPolicy: FILTER,
      },
    };
  }
  return { Resources };
}

/** The same template as YAML with short-form tags, as a hand-written template file would be. */
function templateYaml(): string {
  const lines = ['Resources:'];
  for (let i = 0; i < WIRES; i++) {
    lines.push(
      `  Dlq${i}:`,
      '    Type: AWS::SQS::Queue',
      `    Properties: { QueueName: orders-${i}-dlq }`,
      `  Queue${i}:`,
      '    Type: AWS::SQS::Queue',
      '    Properties:',
      `      QueueName: orders-${i}`,
      '      VisibilityTimeout: 60',
      '      RedrivePolicy:',
      `        deadLetterTargetArn: !GetAtt Dlq${i}.Arn`,
      '        maxReceiveCount: 5',
      `  Topic${i}:`,
      '    Type: AWS::SNS::Topic',
      `    Properties: { TopicName: events-${i} }`,
      `  Policy${i}:`,
      '    Type: AWS::SQS::QueuePolicy',
      '    Properties:',
      `      Queues: [!Ref Queue${i}]`,
      '      PolicyDocument:',
      "        Version: '2012-10-17'",
      '        Statement:',
      '          - Action: sqs:SendMessage',
      '            Effect: Allow',
      '            Principal: { Service: sns.amazonaws.com }',
      `            Resource: !GetAtt Queue${i}.Arn`,
      `            Condition: { ArnEquals: { aws:SourceArn: !Ref Topic${i} } }`,
      `  Subscription${i}:`,
      '    Type: AWS::SNS::Subscription',
      `    DependsOn: Policy${i}`,
      '    Properties:',
      `      TopicArn: !Ref Topic${i}`,
      '      Protocol: sqs',
      `      Endpoint: !GetAtt Queue${i}.Arn`,
      "      FilterPolicy: { kind: [order, refund], total: [{ numeric: ['>=', 100] }] }",
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function measure(): Promise<FigureResult[]> {
  const object = templateObject();
  const yaml = templateYaml();
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sqs, sns } = mocked({ clock });

  const bySdk = async () => {
    for (let i = 0; i < WIRES; i++) {
      const dlq = queueArn(`orders-${i}-dlq`);
      await sqs.send(new CreateQueueCommand({ QueueName: `orders-${i}-dlq` }));
      const RedrivePolicy = JSON.stringify({ deadLetterTargetArn: dlq, maxReceiveCount: 5 });
      const { QueueUrl } = await sqs.send(
        new CreateQueueCommand({ QueueName: `orders-${i}`, Attributes: { VisibilityTimeout: '60', RedrivePolicy } }),
      );
      const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: `events-${i}` }));
      const Policy = JSON.stringify(snsStatement(queueArn(`orders-${i}`), TopicArn));
      await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
      await sns.send(
        new SubscribeCommand({
          TopicArn,
          Protocol: 'sqs',
          Endpoint: queueArn(`orders-${i}`),
          Attributes: { FilterPolicy: JSON.stringify(FILTER) },
        }),
      );
    }
  };
  // One of each first, so that both make what they should (and YAML's parser is loaded before any round).
  const made = () => [aws.sqs.queues().length, aws.sns.topics().flatMap((topic) => topic.subscriptions()).length];
  await bySdk();
  const bySdkMade = made();
  aws.reset();
  aws.provision(yaml);
  if (JSON.stringify(made()) !== JSON.stringify(bySdkMade) || bySdkMade[1] !== WIRES)
    throw new Error('bench: the two sides do not make the same resources');
  aws.reset();

  const reset = () => aws.reset();
  const sdk = preparedCalls('SDK calls', reset, bySdk);
  const fromObject = preparedCalls('provision (object)', reset, async () => aws.provision(object));
  const fromYaml = preparedCalls('provision (YAML text)', reset, async () => aws.provision(yaml));
  const options = { rounds: 30, perRound: 20 };
  const objectRatio = await alternate(sdk, fromObject, options);
  const yamlRatio = await alternate(sdk, fromYaml, options);
  const detail = (measured: typeof objectRatio) =>
    `${us(measured.b.median)} vs ${us(measured.a.median)} per template; ${measured.rounds} alternating rounds of ${measured.perRound}`;
  return [
    ratioResult(
      'Provisioning a 50-resource template (object) / the same 50 SDK calls',
      objectRatio,
      1,
      detail(objectRatio),
    ),
    ratioResult(
      'Provisioning a 50-resource template (YAML text) / the same 50 SDK calls',
      yamlRatio,
      undefined,
      detail(yamlRatio),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
