/**
 * The examples of docs/guide/templates.md and docs/guide/policies.md, read from the pages' own code blocks and run as
 * written (test/support/doc-blocks.ts), plus the assertions that make them tests. The pages read their templates from
 * files (`readFileSync('infra/orders.yaml')`); here `node:fs` gives them the page's own YAML blocks. The CDK examples
 * import aws-cdk-lib, and run in test/templates/cdk-synth.test.ts (the one file that pays for it); the cookbook recipe
 * "Catch a missing queue policy", in test/policies/recipe.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplateError, type Stack } from '../src/index.js';
import '../src/matchers/vitest.js';
import { docBlock, defineBlock, runBlock, type DocBlock } from './support/doc-blocks.js';
import { docAccount, DOC_MODULES } from './support/doc-context.js';

const TEMPLATES = 'docs/guide/templates.md';
const ORDERS_YAML = docBlock(TEMPLATES, 'orders-yaml').code;
const SAM_YAML = docBlock(TEMPLATES, 'sam-yaml').code;

/** infra/billing.yaml, which the page describes in a comment: a second stack reading the first one's export. */
const BILLING_YAML = `
Resources:
  Invoices:
    Type: AWS::SQS::Queue
  InvoicesPolicy:
    Type: AWS::SQS::QueuePolicy
    Properties:
      Queues: [!Ref Invoices]
      PolicyDocument:
        Statement:
          - Effect: Allow
            Principal: { Service: sns.amazonaws.com }
            Action: sqs:SendMessage
            Resource: !GetAtt Invoices.Arn
            Condition: { ArnEquals: { aws:SourceArn: !ImportValue orders-events } }
  InvoicesSubscription:
    Type: AWS::SNS::Subscription
    Properties:
      TopicArn: !ImportValue orders-events
      Protocol: sqs
      Endpoint: !GetAtt Invoices.Arn
      RawMessageDelivery: true
`;

/** The audit stack of the policies page: a queue subscribed to the orders stack's topic, with no policy. */
const AUDIT_YAML = `
Resources:
  Audit:
    Type: AWS::SQS::Queue
  AuditSubscription:
    Type: AWS::SNS::Subscription
    Properties:
      TopicArn: !ImportValue test-stack-events
      Protocol: sqs
      Endpoint: !GetAtt Audit.Arn
`;

/** `node:fs` as the pages' examples read it: their template files, from the project's root. */
const files: Record<string, string> = {
  'infra/orders.yaml': ORDERS_YAML,
  'infra/billing.yaml': BILLING_YAML,
  'template.yaml': SAM_YAML,
};
const fs = {
  readFileSync(path: string, encoding: string) {
    expect(encoding).toBe('utf8');
    if (!(path in files)) throw new Error(`the example reads ${path}, which this test does not have`);
    return files[path];
  },
};
const modules = { ...DOC_MODULES, 'node:fs': fs };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('templates: a CloudFormation YAML template drives send and fan-out', () => {
  const account = docAccount({ own: true });
  afterEach(() => account.aws.reset());
  defineBlock(docBlock(TEMPLATES, 'provision-orders'), {
    modules: { ...account.modules, 'node:fs': fs },
    scope: account.scope,
  });
});

it('templates: exports across stacks', async () => {
  const { aws, scope } = docAccount();
  await runBlock(docBlock(TEMPLATES, 'stack-exports'), { modules, scope: { ...scope, template: ORDERS_YAML, ...fs } });
  expect(aws.sqs.queues().map((q) => q.name)).toContainEqual(expect.stringMatching(/^billing-Invoices-[A-Z0-9]{12}$/));
});

/**
 * "All or nothing": each statement of the page's block throws the TemplateError its comment shows (`...` stands for
 * text left out), with the `error.<field> === '<value>'` the comment names, and the account is left as it was.
 */
it('templates: a bad template creates nothing and names the resource and property', async () => {
  const { aws, scope } = docAccount();
  const block = docBlock(TEMPLATES, 'all-or-nothing');
  const cases: { statement: string; comment: string[] }[] = [];
  for (const line of block.code.split('\n')) {
    if (line.startsWith('//')) cases.at(-1)!.comment.push(line.replace(/^\/\/\s*/, ''));
    else if (line.trim()) cases.push({ statement: line, comment: [] });
  }
  expect(cases).toHaveLength(3);
  for (const { statement, comment } of cases) {
    const fields = comment.filter((line) => line.startsWith('error.'));
    const text = comment.filter((line) => !line.startsWith('error.')).join(' ');
    expect(text).toMatch(/^TemplateError: /);
    const one: DocBlock = { ...block, code: statement };
    const error = await runBlock(one, { scope: { ...scope, template: ORDERS_YAML } }).then(
      () => expect.fail(`did not throw: ${statement}`),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TemplateError);
    for (const part of text.replace(/^TemplateError: /, '').split('...')) {
      expect((error as Error).message).toContain(part.trim());
    }
    for (const [, field, value] of fields.join(', ').matchAll(/error\.(\w+) === '([^']*)'/g)) {
      expect((error as unknown as Record<string, unknown>)[field!]).toBe(value);
    }
    expect(aws.sqs.queues()).toEqual([]);
  }
});

it('templates: a SAM template drives a Lambda handler', async () => {
  const { scope } = docAccount();
  const { seen, stack } = await runBlock(docBlock(TEMPLATES, 'provision-sam'), {
    modules,
    scope: { ...scope, ...fs },
    returns: ['seen', 'stack'],
  });
  expect((stack as Stack).function('OrderWorker').timeout).toBe(10);
  expect(seen).toEqual(expect.arrayContaining([{ orderId: 7 }, { orderId: 8 }]));
});

it('queue policies: enforce mode refuses a delivery the queue policy does not allow', async () => {
  const account = docAccount({ own: true });
  const { stack, audit } = await runBlock(docBlock('docs/guide/policies.md', 'policies-enforce'), {
    modules: account.modules,
    scope: { ...account.scope, template: ORDERS_YAML, auditTemplate: AUDIT_YAML },
    returns: ['stack', 'audit'],
  });
  const [orders, leaky] = [stack as Stack, audit as Stack];
  const topic = orders.topic('Events');
  expect(account.aws.sns.deliveryProblems()).toEqual([
    {
      subscriptionArn: leaky.ref('AuditSubscription'),
      topicArn: topic.arn,
      endpoint: leaky.queue('Audit').arn,
      queue: 'endpoint',
      queueArn: leaky.queue('Audit').arn,
      reason: expect.stringMatching(/: the queue has no Policy$/),
    },
  ]);
  const refused = topic.published()[0]!.deliveries.find((delivery) => delivery.endpoint === leaky.queue('Audit').arn);
  expect(refused).toMatchObject({ delivered: false, failed: true, refusedBy: 'queuePolicy' });
});
