import fc from 'fast-check';
import { anyJson, badString, deepJson, field, list, map, numberAround, optional, record } from './values.js';
import { apiDestinationInputs } from './api-destination-inputs.js';

/**
 * Generated inputs of the EventBridge and Scheduler commands that take user text (PutEvents, PutRule, PutTargets,
 * TestEventPattern, CreateSchedule), from the members of their `*CommandInput`, written out by hand as for the other
 * services (lambda-inputs.ts). Valid values name the world's queue and rule, so that runs also succeed and fire.
 * Every member now and then gets a value of the wrong type (values.ts `field`: wrong JSON types, BigInts, objects
 * without a prototype, cycles), which the request layer refuses as SerializationException (eventbridge.md §9.1).
 */

export const QUEUE_ARN = 'arn:aws:sqs:us-east-1:000000000000:q';
export const RULE = 'rule';
export const ROLE_ARN = 'arn:aws:iam::000000000000:role/r';

const name = field(fc.constantFrom(RULE, 'other', 'a.b-c_d'), fc.oneof(badString, fc.constant('x'.repeat(65))));

/** Nesting that a recursive walk would not survive, beside Jackson's limit. */
const veryDeep = fc.constantFrom(
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `{"a":${'['.repeat(10_000)}1${']'.repeat(10_000)}}`,
  `{"source":${'['.repeat(1_001)}"x"${']'.repeat(1_001)}}`,
);

const patternText = fc.oneof(
  fc.constantFrom(
    '{"source":["shop"]}',
    '{"source":[{"prefix":"sh"}],"detail":{"n":[{"numeric":[">",0]}]}}',
    '{"detail-type":["Order"],"detail":{"x":[{"exists":false}]}}',
    '{"$or":[{"source":["a"]},{"detail":{"n":[1]}}]}',
    '{"source":[{"anything-but":["x"]}]}',
    `{"source":[${Array.from({ length: 2000 }, (_, i) => `"s${i}"`).join(',')}]}`,
    '{"source":[]}',
    '{}',
    '[]',
    '{"source":"shop"}',
    '{"a":{"$or":[{"b":[1]},{"c":[2]}]}}',
  ),
  anyJson.map((value) => JSON.stringify(value) ?? 'null'),
  veryDeep,
);
const eventPattern = field(patternText, fc.oneof(badString, deepJson));

const detail = field(
  fc.oneof(
    fc.constantFrom('{"n":1}', '{}', '{"x":[1,2,{"y":null}]}'),
    anyJson.map((v) => JSON.stringify(v) ?? ''),
  ),
  fc.oneof(badString, deepJson, veryDeep),
);

const entryMembers = {
  Source: field(fc.constantFrom('shop', 'a', 'aws.events'), badString),
  DetailType: field(fc.constantFrom('Order', 'Scheduled Event'), badString),
  Detail: detail,
  Resources: optional(
    list(fc.constantFrom('arn:aws:s3:::b', 'r'), { maxLength: 3 }).clean,
    fc.constant(['', 'x'.repeat(3000)]),
  ),
  Time: optional(fc.constantFrom(new Date(0), new Date(Date.UTC(2025, 0, 1))), fc.constant(new Date(NaN))),
  EventBusName: optional(fc.constantFrom('default', 'missing', 'arn:aws:events:us-east-1:000000000000:event-bus/x')),
};
const entry = record(entryMembers);
const { EventBusName: _bus, ...partnerEntryMembers } = entryMembers;

const scheduleExpression = fc.constantFrom(
  'rate(1 minute)',
  'rate(5 minutes)',
  'rate(1 minutes)',
  'rate(0 minutes)',
  'rate(-1 hours)',
  'rate(99999999999999999999 days)',
  'cron(0 12 * * ? *)',
  'cron(0/5 * * * ? *)',
  'cron(0 12 * * * *)',
  'cron(0 0 31 2 ? *)',
  'cron(60 25 32 13 8 1969)',
  'cron(* * * * ? * *)',
  'cron(0 0 ? * MON#6 *)',
  'cron(0 0 L * ? *)',
  'cron(0 0 ? * 7L *)',
  'at(2025-01-01T00:00:00)',
  'at(2025-02-30T00:00:00)',
  'at(9999-12-31T23:59:59)',
  'at()',
  'rate()',
  'cron()',
);

const inputTransformer = record({
  InputPathsMap: optional(
    map(fc.constantFrom('id', 'n', 'AWS.x', 'a b'), fc.constantFrom('$.detail', '$.detail.n', '$', '$..x', 'x'), {
      maxKeys: 100,
    }),
  ),
  InputTemplate: field(
    fc.constantFrom('{"id": <id>}', '"<n>"', '<aws.events.rule-name>', 'text <n>', '<missing>'),
    fc.oneof(badString, veryDeep, fc.constant(`"${'<id>'.repeat(3000)}"`)),
  ),
});

const target = record({
  Id: field(fc.constantFrom('t', 'u'), badString),
  Arn: field(fc.constantFrom(QUEUE_ARN, 'arn:aws:sqs:us-east-1:000000000000:missing'), badString),
  Input: optional(fc.constantFrom('{"x":1}', '"text"'), fc.oneof(badString, veryDeep)),
  InputPath: optional(fc.constantFrom('$.detail', '$', '$.detail.n[0]'), fc.oneof(badString, fc.constant('$.'))),
  InputTransformer: optional(inputTransformer),
  RetryPolicy: optional(
    record({
      MaximumRetryAttempts: optional(numberAround(0, 185)),
      MaximumEventAgeInSeconds: optional(numberAround(60, 86_400)),
    }),
  ),
  DeadLetterConfig: optional(record({ Arn: optional(fc.constant(QUEUE_ARN), badString) })),
  SqsParameters: optional(record({ MessageGroupId: optional(fc.constant('g'), badString) })),
});

const testEvent = JSON.stringify({
  id: '1',
  'detail-type': 'Order',
  source: 'shop',
  account: '000000000000',
  time: '2025-01-01T00:00:00Z',
  region: 'us-east-1',
  resources: [],
  detail: { n: 1 },
});

const zone = field(
  fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Etc/GMT+12'),
  fc.oneof(badString, fc.constantFrom('Mars/Olympus', 'utc', '+01:00', 'x'.repeat(51))),
);

const dates = fc.constantFrom(new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2030, 0, 1)), new Date(0));

const BUS_ARN = 'arn:aws:events:us-east-1:000000000000:event-bus/default';
const ARCHIVE_ARN = 'arn:aws:events:us-east-1:000000000000:archive/a';
const SOURCE_NAME = 'aws.partner/example.com/orders/1';
export const PARTNER_SOURCE = SOURCE_NAME;

const archiveName = field(fc.constantFrom('a', 'b'), fc.oneof(badString, fc.constant('a'.repeat(49))));
const replayName = field(fc.constantFrom('r', 's'), badString);
const sourceName = field(
  fc.constantFrom(SOURCE_NAME, 'aws.partner/example.com/other/2'),
  fc.oneof(badString, fc.constantFrom('mypartner/actions/action1', 'aws.partner/x', 'aws.partner//a/b')),
);
const page = { Limit: optional(numberAround(1, 100)), NextToken: optional(fc.constantFrom('1', 'x', '-1')) };

/** Policies with statements, prototype-named keys, no statements, and the like (§15.1). */
const policyText = fc.oneof(
  fc.constantFrom(
    JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Sid: 'a', Effect: 'Allow', Principal: '*', Action: 'events:PutEvents', Resource: BUS_ARN }],
    }),
    '{"__proto__":{"Statement":[]},"Statement":{"Sid":"p","Effect":"Deny","Principal":{"AWS":"*"},"Action":"*"}}',
    '{"constructor":{"prototype":{"x":1}},"Statement":[]}',
    '{"Statement":[{"Sid":"__proto__","Effect":"Allow","Principal":"*","Action":"events:*","Resource":"*"}]}',
    '{}',
    '[]',
    'null',
  ),
  anyJson.map((value) => JSON.stringify(value) ?? 'null'),
);

/** A bus's settings (§3.1): keys, queues and log levels, good and bad. */
const busSettings = {
  Description: optional(fc.constant('d'), fc.oneof(badString, fc.constant('d'.repeat(513)))),
  KmsKeyIdentifier: optional(
    fc.constantFrom('alias/k', '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', '', 'arn:aws:kms:us-east-1:000000000000:key/k'),
    fc.oneof(badString, fc.constantFrom('not a key', 'k')),
  ),
  DeadLetterConfig: optional(
    record({ Arn: optional(fc.constant(QUEUE_ARN), fc.oneof(badString, fc.constant('arn:aws:sns:us-east-1:0:t'))) }),
  ),
  LogConfig: optional(
    record({
      IncludeDetail: optional(fc.constantFrom('NONE', 'FULL'), badString),
      Level: optional(fc.constantFrom('OFF', 'ERROR', 'INFO', 'TRACE'), badString),
    }),
  ),
};

/** Global endpoints (§19): two buses of one name in two Regions, a health check, a secondary Region. */
const endpointName = field(fc.constantFrom('ep', 'other', 'a.b-c_d'), fc.oneof(badString, fc.constant('e'.repeat(65))));
const endpointBus = (region: string) => `arn:aws:events:${region}:000000000000:event-bus/default`;
const routingConfig = record({
  FailoverConfig: field(
    record({
      Primary: field(
        record({
          HealthCheck: field(
            fc.constant('arn:aws:route53:::healthcheck/abc-123'),
            fc.oneof(badString, fc.constant('hc')),
          ),
        }),
      ),
      Secondary: field(record({ Route: field(fc.constantFrom('us-west-2', 'eu-west-1'), badString) })),
    }),
  ),
});
const endpointBuses = fc.constantFrom(
  [{ EventBusArn: endpointBus('us-east-1') }, { EventBusArn: endpointBus('us-west-2') }],
  [{ EventBusArn: endpointBus('us-east-1') }],
  [{ EventBusArn: endpointBus('us-east-1') }, { EventBusArn: BUS_ARN.replace('default', 'other') }],
);
const badBuses = fc.oneof(badString, fc.constant([{ EventBusArn: 'x' }, { EventBusArn: 'y' }]));
const endpointSettings = {
  Description: optional(fc.constant('d'), badString),
  RoutingConfig: field(routingConfig),
  ReplicationConfig: optional(record({ State: optional(fc.constantFrom('ENABLED', 'DISABLED'), badString) })),
  EventBuses: field(endpointBuses, badBuses),
  RoleArn: optional(fc.constant(ROLE_ARN), badString),
};

/** Replay windows: the usual hour, backwards, empty, in the future, far apart, not dates at all (§17.1). */
const windowEdge = field(
  fc.constantFrom(new Date(0), new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2999, 0, 1)), new Date()),
  fc.constantFrom(new Date(Number.NaN), new Date(8.64e15)),
);

/** Bus permissions, archives, replays and partner event sources (docs/aws-behaviour/eventbridge.md §15–§18). */
const permissionArchiveReplayInputs = {
  PutPermission: record({
    EventBusName: optional(fc.constantFrom('default', 'missing'), fc.constant(BUS_ARN)),
    Action: optional(fc.constantFrom('events:PutEvents', 'events:PutRule'), badString),
    Principal: optional(fc.constantFrom('*', '111111111111', '000000000000'), badString),
    StatementId: optional(fc.constantFrom('s1', 's2', '__proto__'), badString),
    Condition: optional(
      record({
        Type: field(fc.constant('StringEquals')),
        Key: field(fc.constantFrom('aws:PrincipalOrgID', '__proto__')),
        Value: field(fc.constant('o-1234567890'), badString),
      }),
    ),
    Policy: optional(policyText, badString),
  }).input,
  RemovePermission: record({
    StatementId: optional(fc.constantFrom('s1', 'a', 'p'), badString),
    RemoveAllPermissions: optional(fc.boolean()),
    EventBusName: optional(fc.constantFrom('default', 'missing')),
  }).input,
  CreateArchive: record({
    ArchiveName: archiveName,
    EventSourceArn: field(
      fc.constantFrom(BUS_ARN, 'arn:aws:events:us-east-1:000000000000:event-bus/missing'),
      fc.oneof(badString, fc.constantFrom('arn:aws:events:us-east-1:111111111111:event-bus/default', 'arn:aws:s3:::b')),
    ),
    Description: optional(fc.constant('d'), badString),
    EventPattern: optional(patternText, fc.oneof(badString, deepJson)),
    RetentionDays: optional(numberAround(0, 365)),
  }).input,
  UpdateArchive: record({
    ArchiveName: archiveName,
    Description: optional(fc.constant('d'), badString),
    EventPattern: optional(patternText, fc.oneof(badString, deepJson)),
    RetentionDays: optional(numberAround(0, 365)),
  }).input,
  DescribeArchive: record({ ArchiveName: archiveName }).input,
  DeleteArchive: record({ ArchiveName: archiveName }).input,
  ListArchives: record({
    NamePrefix: optional(fc.constantFrom('a', 'b'), badString),
    EventSourceArn: optional(fc.constant(BUS_ARN), badString),
    State: optional(fc.constantFrom('ENABLED', 'DISABLED'), badString),
    ...page,
  }).input,
  StartReplay: record({
    ReplayName: replayName,
    Description: optional(fc.constant('d'), badString),
    EventSourceArn: field(fc.constantFrom(ARCHIVE_ARN), fc.oneof(badString, fc.constant(BUS_ARN))),
    EventStartTime: windowEdge,
    EventEndTime: windowEdge,
    Destination: field(
      record({
        Arn: field(fc.constantFrom(BUS_ARN, 'arn:aws:events:us-east-1:000000000000:event-bus/other'), badString),
        FilterArns: optional(
          list(fc.constantFrom('arn:aws:events:us-east-1:000000000000:rule/rule'), { maxLength: 2 }),
        ),
      }),
    ),
  }).input,
  DescribeReplay: record({ ReplayName: replayName }).input,
  CancelReplay: record({ ReplayName: replayName }).input,
  ListReplays: record({
    NamePrefix: optional(fc.constantFrom('r', 's'), badString),
    State: optional(fc.constantFrom('STARTING', 'COMPLETED'), badString),
    EventSourceArn: optional(fc.constant(ARCHIVE_ARN), badString),
    ...page,
  }).input,
  CreatePartnerEventSource: record({
    Name: sourceName,
    Account: field(fc.constantFrom('000000000000', '111111111111'), badString),
  }).input,
  DeletePartnerEventSource: record({
    Name: sourceName,
    Account: field(fc.constantFrom('000000000000', '111111111111'), badString),
  }).input,
  ListPartnerEventSources: record({
    NamePrefix: field(fc.constantFrom('aws.partner/example.com/'), badString),
    ...page,
  }).input,
  ListPartnerEventSourceAccounts: record({ EventSourceName: sourceName, ...page }).input,
  PutPartnerEvents: record({
    Entries: list(record({ ...partnerEntryMembers, Source: field(fc.constant(SOURCE_NAME), badString) }), {
      maxLength: 20,
    }),
  }).input,
  ListEventSources: record({ NamePrefix: optional(fc.constantFrom('aws.partner/'), badString), ...page }).input,
  DescribeEventSource: record({ Name: sourceName }).input,
  ActivateEventSource: record({ Name: sourceName }).input,
  DeactivateEventSource: record({ Name: sourceName }).input,
  UpdateEventBus: record({
    Name: optional(fc.constantFrom('default', 'bus', 'missing'), badString),
    ...busSettings,
  }).input,
  CreateEndpoint: record({ Name: endpointName, ...endpointSettings }).input,
  UpdateEndpoint: record({
    Name: endpointName,
    ...endpointSettings,
    RoutingConfig: optional(routingConfig),
    EventBuses: optional(endpointBuses, badBuses),
  }).input,
  DescribeEndpoint: record({
    Name: endpointName,
    HomeRegion: optional(fc.constantFrom('us-east-1', 'us-west-2'), badString),
  }).input,
  ListEndpoints: record({
    NamePrefix: optional(fc.constantFrom('e', 'o'), badString),
    HomeRegion: optional(fc.constantFrom('us-east-1'), badString),
    MaxResults: optional(numberAround(1, 100)),
    NextToken: optional(fc.constantFrom('1', 'x')),
  }).input,
  DeleteEndpoint: record({ Name: endpointName }).input,
};

export const eventsInputs: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  PutEvents: record({ Entries: list(entry, { maxLength: 10 }) }).input,
  PutRule: record({
    Name: name,
    EventPattern: optional(patternText, fc.oneof(badString, deepJson)),
    ScheduleExpression: optional(scheduleExpression, badString),
    State: optional(fc.constantFrom('ENABLED', 'DISABLED'), badString),
    Description: optional(fc.constant('d'), badString),
    EventBusName: optional(fc.constantFrom('default', 'missing')),
  }).input,
  PutTargets: record({ Rule: name, Targets: list(target, { maxLength: 10 }) }).input,
  CreateEventBus: record({
    Name: field(fc.constantFrom('bus', 'default', 'a/b', SOURCE_NAME), badString),
    EventSourceName: optional(sourceName),
    ...busSettings,
    Tags: optional(list(record({ Key: field(fc.constant('k')), Value: field(fc.constant('v')) }), { maxLength: 2 })),
  }).input,
  ListRules: record({
    NamePrefix: optional(fc.constantFrom('r', '')),
    EventBusName: optional(fc.constantFrom('default', 'missing')),
    Limit: optional(numberAround(1, 100)),
    NextToken: optional(fc.constantFrom('1', 'x')),
  }).input,
  RemoveTargets: record({
    Rule: name,
    Ids: list(fc.constantFrom('t', 'u'), { maxLength: 3 }),
    Force: optional(fc.boolean()),
  }).input,
  TestEventPattern: record({
    EventPattern: eventPattern,
    Event: field(fc.constant(testEvent), fc.oneof(badString, deepJson, veryDeep)),
  }).input,
  // Connections and API destinations (api-destination-inputs.ts); test/fuzz/api-destinations.test.ts calls them too.
  ...apiDestinationInputs({
    connectionArn: 'arn:aws:events:us-east-1:000000000000:connection/conn/00000000-0000-4000-8000-000000000000',
    destinationArn: 'arn:aws:events:us-east-1:000000000000:api-destination/slack/00000000-0000-4000-8000-000000000000',
  }),
  ...permissionArchiveReplayInputs,
};

export const schedulerInputs: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  ListSchedules: record({
    GroupName: optional(fc.constantFrom('default', 'missing')),
    NamePrefix: optional(fc.constantFrom('s', '')),
    State: optional(fc.constantFrom('ENABLED', 'DISABLED')),
    MaxResults: optional(numberAround(1, 100)),
  }).input,
  CreateScheduleGroup: record({
    Name: field(fc.constantFrom('g', 'default'), badString),
    Tags: optional(list(record({ Key: field(fc.constant('k')), Value: field(fc.constant('v')) }), { maxLength: 2 })),
  }).input,
  CreateSchedule: record({
    Name: field(fc.constantFrom('s', 't', 'a.b-c_d'), badString),
    GroupName: optional(fc.constantFrom('default', 'missing'), badString),
    ScheduleExpression: field(scheduleExpression, badString),
    ScheduleExpressionTimezone: optional(zone),
    StartDate: optional(dates, fc.constant(new Date(NaN))),
    EndDate: optional(dates, fc.constant(new Date(NaN))),
    FlexibleTimeWindow: field(
      record({
        Mode: field(fc.constantFrom('OFF', 'FLEXIBLE'), badString),
        MaximumWindowInMinutes: optional(numberAround(1, 1440)),
      }),
    ),
    Target: field(
      record({
        Arn: field(fc.constantFrom(QUEUE_ARN, 'arn:aws:lambda:us-east-1:000000000000:function:f'), badString),
        RoleArn: field(fc.constant(ROLE_ARN), badString),
        Input: optional(fc.constantFrom('{"x":1}', 'text'), fc.oneof(badString, veryDeep)),
        RetryPolicy: optional(
          record({
            MaximumRetryAttempts: optional(numberAround(0, 185)),
            MaximumEventAgeInSeconds: optional(numberAround(60, 86_400)),
          }),
        ),
        DeadLetterConfig: optional(record({ Arn: optional(fc.constant(QUEUE_ARN), badString) })),
      }),
    ),
    State: optional(fc.constantFrom('ENABLED', 'DISABLED'), badString),
    ActionAfterCompletion: optional(fc.constantFrom('NONE', 'DELETE'), badString),
    Description: optional(fc.constant('d'), badString),
  }).input,
};
