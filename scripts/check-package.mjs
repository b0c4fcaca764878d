// Loads the built package the two ways users do, through its `exports`, and drives one command
// through a real SQSClient from each: the ESM and CommonJS builds must both work.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import {
  CreateTopicCommand,
  InvalidParameterException,
  SetSubscriptionAttributesCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import {
  SQSClient,
  CreateQueueCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  SendMessageCommand,
  SetQueueAttributesCommand,
} from '@aws-sdk/client-sqs';

const require = createRequire(import.meta.url);
const esm = await import('sqs-sns-mock');
const cjs = require('sqs-sns-mock');
// The YAML parser is loaded by the first YAML template only (src/templates/yaml.ts).
const yamlLoaded = () => Object.keys(require.cache).some((path) => /[\\/]node_modules[\\/]yaml[\\/]/.test(path));
assert.equal(yamlLoaded(), false, 'importing the package loaded yaml');
// The ESM entry points re-export the CommonJS build (scripts/bundle.mjs; docs/aws-behaviour/packaging.md §2.10): one
// copy of the code whichever way it is loaded, so the same classes and functions from `import` and `require`.
const sameExports = (imported, required, entry) => {
  assert.deepEqual(Object.keys(imported).sort(), Object.keys(required).sort(), `${entry}: the ESM entry's names`);
  for (const name of Object.keys(required)) {
    assert.equal(imported[name], required[name], `${entry}: ${name} from import is not ${name} from require`);
  }
};
sameExports(esm, cjs, 'sqs-sns-mock');
// The lazy parts load at first use only (scripts/bundle.mjs, SOURCES.lazyParts), from the CommonJS build, and are
// no ES modules of their own.
const loadedFrom = (build, name) =>
  Object.keys(require.cache).some((path) => path.replaceAll('\\', '/').endsWith(`/dist/${build}/${name}.js`));
const lazyLoaded = (name) => loadedFrom('cjs', name);
const LAZY_PARTS = [
  'provisioning',
  'lambda',
  'policy-evaluator',
  'events',
  'scheduler',
  'sns',
  'filter-policy',
  'filter-criteria',
];
for (const part of LAZY_PARTS) assert.equal(lazyLoaded(part), false, `requiring the package loaded ${part}.js`);
// Nor does an account, which every test makes, nor its reset: SNS, EventBridge and Scheduler load at their first use.
cjs.createAwsMock().reset();
for (const part of LAZY_PARTS) assert.equal(lazyLoaded(part), false, `createAwsMock loaded ${part}.js`);

for (const [kind, lib] of [
  ['esm', esm],
  ['cjs', cjs],
]) {
  const aws = lib.createAwsMock();
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: { handle: () => assert.fail('network reached') } });
  sqs.middlewareStack.use(aws.sqs);
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `q-${kind}` }));
  assert.equal(QueueUrl, `https://sqs.us-east-1.amazonaws.com/000000000000/q-${kind}`);
  await assert.rejects(
    sqs.send(new GetQueueUrlCommand({ QueueName: 'missing' })),
    (e) => e instanceof QueueDoesNotExist,
  );
  const stack = aws.provision(
    'Resources:\n  Q:\n    Type: AWS::SQS::Queue\n    Properties:\n      QueueName: !Sub "${AWS::StackName}-q"\n',
    {
      stackName: `yaml-${kind}`,
    },
  );
  assert.equal(typeof stack.ref('Q'), 'string');
  // An error the lazily loaded engine throws is the class the package exports: one copy of it.
  assert.throws(
    () => aws.provision({ Resources: { Q: { Type: 'AWS::SQS::Queue', Properties: 7 } } }),
    lib.TemplateError,
  );
  // The Lambda runtime and the policy evaluator, which the CommonJS build loads apart: a mapping hands a message to
  // a handler, and a delivery is checked against a queue policy.
  const handled = [];
  aws.lambda.createFunction(`f-${kind}`, async (event) => void handled.push(...event.Records.map((r) => r.body)));
  const queueArn = `arn:aws:sqs:us-east-1:000000000000:q-${kind}`;
  // With filters: the event-pattern engine, which the CommonJS build loads apart for mappings and subscriptions.
  const Filters = [{ Pattern: '{"body":["to the handler"]}' }];
  aws.lambda.createEventSourceMapping({
    FunctionName: `f-${kind}`,
    EventSourceArn: queueArn,
    FilterCriteria: { Filters },
  });
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'to the handler' }));
  await aws.idle();
  assert.deepEqual(handled, ['to the handler']);
  const sns = new SNSClient({ region: 'us-east-1', requestHandler: { handle: () => assert.fail('network reached') } });
  sns.middlewareStack.use(aws.sns);
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: `t-${kind}` }));
  const { SubscriptionArn } = await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
  assert.match(aws.sns.deliveryProblems()[0]?.reason ?? '', /has no Policy/);
  const statement = { Effect: 'Allow', Principal: { Service: 'sns.amazonaws.com' }, Action: 'sqs:SendMessage' };
  const Policy = JSON.stringify({ Version: '2012-10-17', Statement: [{ ...statement, Resource: queueArn }] });
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
  assert.deepEqual(aws.sns.deliveryProblems(), []);
  // A filter policy, compiled by the engine the CommonJS build loads apart; its errors are the SDK's.
  const filter = (AttributeValue) =>
    new SetSubscriptionAttributesCommand({ SubscriptionArn, AttributeName: 'FilterPolicy', AttributeValue });
  await sns.send(filter('{"kind":["order"]}'));
  await assert.rejects(sns.send(filter('{"kind":"order"}')), (e) => e instanceof InvalidParameterException);
  // EventBridge and Scheduler, which the CommonJS build loads apart: a rule routes an event to the queue, and a
  // schedule is made; an error their actions throw is the SDK's class.
  const events = new EventBridgeClient({ region: 'us-east-1', requestHandler: { handle: () => assert.fail('net') } });
  events.middlewareStack.use(aws.events);
  await events.send(new PutRuleCommand({ Name: `r-${kind}`, EventPattern: '{"source":["app"]}' }));
  await events.send(new PutTargetsCommand({ Rule: `r-${kind}`, Targets: [{ Id: 'q', Arn: queueArn }] }));
  await events.send(new PutEventsCommand({ Entries: [{ Source: 'app', DetailType: 't', Detail: '{}' }] }));
  assert.equal(aws.events.rule(`r-${kind}`).matched().length, 1);
  await assert.rejects(
    events.send(new PutTargetsCommand({ Rule: 'missing', Targets: [{ Id: 'q', Arn: queueArn }] })),
    (e) => e instanceof ResourceNotFoundException,
  );
  const scheduler = new SchedulerClient({ region: 'us-east-1', requestHandler: { handle: () => assert.fail('net') } });
  scheduler.middlewareStack.use(aws.scheduler);
  const target = { Arn: queueArn, RoleArn: 'arn:aws:iam::000000000000:role/r', Input: 'tick' };
  const schedule = { Name: `s-${kind}`, ScheduleExpression: 'rate(1 hour)', FlexibleTimeWindow: { Mode: 'OFF' } };
  await scheduler.send(new CreateScheduleCommand({ ...schedule, Target: target }));
  assert.equal(aws.scheduler.schedule(`s-${kind}`).state, 'ENABLED');
  aws.reset();
  console.log(`package ${kind} build: ok`);
}
for (const part of LAZY_PARTS) assert.equal(lazyLoaded(part), true, `the package did not load ${part}.js`);

// Where a process cannot require an ES module (Node before 20.19, or a test runner's module system without it), the
// ESM entry works the same: it and its parts are CommonJS, with one copy of each class.
const { execFileSync } = await import('node:child_process');
const withoutRequireEsm = `
  const lib = await import('sqs-sns-mock');
  const aws = lib.createAwsMock();
  if (typeof aws.provision({ Resources: { Q: { Type: 'AWS::SQS::Queue' } } }).ref('Q') !== 'string') process.exit(2);
  try { aws.provision({ Resources: { Q: { Type: 'AWS::SQS::Queue', Properties: 7 } } }); } catch (e) {
    if (e instanceof lib.TemplateError) process.exit(0);
  }
  process.exit(3);
`;
execFileSync(process.execPath, ['--no-experimental-require-module', '--input-type=module', '-e', withoutRequireEsm], {
  stdio: 'inherit',
});
console.log('package esm build without require(esm): ok');
// The server entry too: its codecs read the services' wire bindings, which are lazy parts.
const serverWithoutRequireEsm = `
  const { startServer } = await import('sqs-sns-mock/server');
  const server = await startServer({ port: 0 });
  const answer = await fetch(server.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'AmazonSQS.GetQueueUrl' },
    body: JSON.stringify({ QueueName: 'missing' }),
  });
  await server.close();
  process.exit(answer.status === 400 ? 0 : 4);
`;
execFileSync(
  process.execPath,
  ['--no-experimental-require-module', '--input-type=module', '-e', serverWithoutRequireEsm],
  { stdio: 'inherit' },
);
console.log('package esm server without require(esm): ok');
// Where vitest transforms the package itself (`server.deps.inline`), its lazy parts load into the copy it runs, so the
// classes they throw are the ones the entry exports (test/fixtures/inlined).
execFileSync('npx', ['vitest', 'run', '--root', 'test/fixtures/inlined'], { stdio: 'inherit' });
console.log('package esm build inlined by vitest: ok');

// Every relative link of the packed documentation resolves to a packed file, and a link to a heading (`page.md#part`)
// to a heading of that page: the README on npm and in node_modules links to the guide, and the guide to the facts
// of docs/aws-behaviour/, which are packed for that reason (the package names no repository to link to instead).
const { readFileSync } = await import('node:fs');
const { posix } = await import('node:path');
const [{ files: packedFiles, unpackedSize, entryCount }] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], { encoding: 'utf8' }),
);
const packed = new Set(packedFiles.map((file) => file.path));

// One copy of the code (issue 32; docs/aws-behaviour/packaging.md §2.7–§2.10): the server's entry points share the
// library's chunks, the ESM entry points re-export the CommonJS build, the declarations are the public API's only,
// and no source maps are packed. The package was 19.6 MB in 933 files when each server entry point carried a whole
// copy of the library, and 4.79 MB in 153 files with a build of the library and its declarations per module system.
assert.ok(unpackedSize <= 4_000_000, `the package unpacks to ${unpackedSize} bytes (at most 4,000,000)`);
assert.ok(entryCount <= 150, `the package has ${entryCount} files (at most 150)`);
assert.deepEqual(
  [...packed].filter((path) => path.endsWith('.map')),
  [],
  'source maps are packed (scripts/bundle.mjs builds none)',
);
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const typesOf = (value) =>
  typeof value === 'string' ? [] : Object.entries(value).flatMap(([key, at]) => (key === 'types' ? [at] : typesOf(at)));
const entryDeclarations = new Set(
  [manifest.types, ...typesOf(manifest.exports), ...Object.values(manifest.typesVersions['*']).flat()].map((path) =>
    posix.normalize(path),
  ),
);
assert.deepEqual(
  [...packed].filter((path) => path.endsWith('.d.ts')).sort(),
  [...entryDeclarations, 'dist/cjs/types.d.ts'].sort(),
  "the packed declarations are the entry points' and the one file the CommonJS ones share (types.d.ts)",
);
// An ESM entry point's declarations re-export its CommonJS ones, as its JavaScript does: one declaration of each
// class for both module systems.
for (const path of [...entryDeclarations].filter((path) => path.startsWith('dist/esm/'))) {
  const commonJs = posix.relative(
    posix.dirname(path),
    path.replace('dist/esm/', 'dist/cjs/').replace(/\.d\.ts$/, '.js'),
  );
  assert.equal(readFileSync(path, 'utf8'), `export * from '${commonJs}';\n`, `${path} declares more than a re-export`);
}
// Each class of src/ is declared in the package's JavaScript at most as often as in src/ (two classes may share a
// name: src/services/sqs/views.ts and src/services/sns/filter-policy/input.ts both have a MessageView); rolldown names
// a second copy `Name$1`, counted under `Name`.
const classNames = (texts, pattern) => {
  const counts = new Map();
  for (const text of texts) {
    for (const match of text.matchAll(pattern)) {
      const plain = match
        .slice(1)
        .find(Boolean)
        .replace(/\$\d+$/, '');
      counts.set(plain, (counts.get(plain) ?? 0) + 1);
    }
  }
  return counts;
};
const { readdirSync } = await import('node:fs');
const textsUnder = (dir, extension) =>
  readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith(extension))
    .map((file) => readFileSync(posix.join(dir, file), 'utf8'));
const inSource = classNames(textsUnder('src', '.ts'), /^\s*(?:export )?(?:default )?(?:abstract )?class (\w+)/gm);
const built = classNames(textsUnder('dist', '.js'), /(?:^|\s)(?:var|let|const) ([\w$]+) = class\b|^class ([\w$]+)/gm);
assert.deepEqual(
  [...built].filter(([name, count]) => count > (inSource.get(name) ?? 1)),
  [],
  'classes declared more than once in dist/',
);
console.log(`package: ${unpackedSize} bytes unpacked in ${entryCount} files, one copy of each class`);
const pages = [...packed].filter((path) => path.endsWith('.md'));
assert.ok(packed.has('README.md') && packed.has('LICENSE'), 'README.md and LICENSE are packed');
assert.ok(
  ['README.md', 'docs/guide/README.md'].every((page) => pages.includes(page)),
  'the guide is packed',
);

/** The page's text without its fenced code blocks, where a `[x](y)` is code, not a link. */
const prose = (page) => readFileSync(page, 'utf8').replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '');
/** The anchors of a page's headings, as GitHub and npm make them (a repeated heading gets `-1`, `-2`, ...). */
function anchors(page) {
  const seen = new Map();
  const result = new Set();
  for (const [, heading] of prose(page).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const broken = [];
let links = 0;
for (const page of pages) {
  for (const [, target] of prose(page).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links++;
    const [path, fragment] = target.split('#');
    const file = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), path));
    if (!packed.has(file)) broken.push(`${page}: ${target} (${file} is not in the package)`);
    else if (fragment !== undefined && file.endsWith('.md') && !anchors(file).has(fragment)) {
      broken.push(`${page}: ${target} (${file} has no heading #${fragment})`);
    }
  }
}
assert.deepEqual(broken, [], `links of the packed documentation that resolve to nothing:\n${broken.join('\n')}`);
console.log(`package docs: ${links} relative links in ${pages.length} packed pages, each to a packed file`);
// The server entry point from both module systems, and the bin: one request over the wire each.
sameExports(await import('sqs-sns-mock/server'), require('sqs-sns-mock/server'), 'sqs-sns-mock/server');
for (const [kind, server] of [
  ['esm', await import('sqs-sns-mock/server')],
  ['cjs', require('sqs-sns-mock/server')],
]) {
  const started = await server.startServer({ port: 0 });
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: started.endpoint,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `wire-${kind}` }));
  assert.equal(QueueUrl, `${started.endpoint}/000000000000/wire-${kind}`);
  assert.equal((await server.controlClient(started.endpoint).state()).queues.length, 1);
  sqs.destroy();
  await started.close();
  console.log(`package ${kind} server: ok`);
}
const bin = require.resolve('sqs-sns-mock/package.json').replace(/package\.json$/, 'dist/esm/server/cli.js');
assert.match(execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' }), /sqs-sns-mock serve/);
console.log('package bin: ok');
