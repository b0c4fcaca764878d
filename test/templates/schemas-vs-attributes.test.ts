import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LOGGING_FIELDS,
  LOGGING_PREFIX,
  TOPIC_ATTRIBUTE_PROPERTIES,
  TOPIC_SCHEMA,
} from '../../src/services/sns/cloudformation/topic.js';
import {
  SUBSCRIPTION_ATTRIBUTE_PROPERTIES,
  SUBSCRIPTION_SCHEMA,
} from '../../src/services/sns/cloudformation/subscription.js';
import {
  READ_ONLY_SUBSCRIPTION_ATTRIBUTES,
  SUBSCRIPTION_ATTRIBUTE_NAMES,
} from '../../src/services/sns/subscription-attributes.js';
import { READ_ONLY_TOPIC_ATTRIBUTES, TOPIC_ATTRIBUTE_NAMES } from '../../src/services/sns/topic-attributes.js';
import { QUEUE_ATTRIBUTE_PROPERTIES, QUEUE_SCHEMA } from '../../src/services/sqs/cloudformation/queue.js';
import { QUEUE_ATTRIBUTE_NAMES, READ_ONLY_QUEUE_ATTRIBUTES } from '../../src/services/sqs/queue-attributes.js';
import type { PropertySchema } from '../../src/core/provisioning/properties.js';

/**
 * Each CloudFormation property schema against its service's attribute table: a property the resource type hands on
 * as an attribute is one the service knows and may be given, and every attribute a caller may set is a property of
 * the type, unless listed below with the reason. A new attribute in a service's table fails here until the resource
 * type takes it or the list says why not.
 */
interface SchemaCase {
  readonly type: string;
  /** The section of docs/aws-behaviour/templates.md listing the type's properties. */
  readonly section: string;
  readonly schema: PropertySchema;
  /** The resource type's table of properties sent as the attribute of the same name. */
  readonly attributeProperties: PropertySchema['properties'];
  readonly attributes: readonly string[];
  readonly readOnly: readonly string[];
  /** Properties that are no attribute of the service, with the reason. */
  readonly cloudFormationOnly: Readonly<Record<string, string>>;
  /** Attributes a caller may set that no property maps to one to one, with the reason. */
  readonly withoutProperty: Readonly<Record<string, string>>;
  /** Read-only attributes the create call takes all the same, with the reason. */
  readonly creationOnly?: Readonly<Record<string, string>>;
}

const DELIVERY_STATUS_ATTRIBUTES = Object.values(LOGGING_PREFIX).flatMap((prefix) =>
  LOGGING_FIELDS.map((field) => `${prefix}${field}`),
);

const CASES: readonly SchemaCase[] = [
  {
    type: 'AWS::SQS::Queue',
    section: '### 3.1',
    schema: QUEUE_SCHEMA,
    attributeProperties: QUEUE_ATTRIBUTE_PROPERTIES,
    attributes: QUEUE_ATTRIBUTE_NAMES,
    readOnly: READ_ONLY_QUEUE_ATTRIBUTES,
    cloudFormationOnly: {
      QueueName: "CreateQueue's QueueName parameter",
      Tags: "CreateQueue's tags parameter",
    },
    withoutProperty: {
      Policy: 'set by AWS::SQS::QueuePolicy / QueueInlinePolicy (templates.md §3.2)',
    },
  },
  {
    type: 'AWS::SNS::Topic',
    section: '### 3.3',
    schema: TOPIC_SCHEMA,
    attributeProperties: TOPIC_ATTRIBUTE_PROPERTIES,
    attributes: TOPIC_ATTRIBUTE_NAMES,
    readOnly: READ_ONLY_TOPIC_ATTRIBUTES,
    cloudFormationOnly: {
      TopicName: "CreateTopic's Name parameter",
      Tags: "CreateTopic's Tags parameter",
      Subscription: 'one Subscribe per entry once the topic exists (§3.3)',
      DeliveryStatusLogging: 'becomes the <Protocol>…Feedback… attributes, one entry per protocol (§3.3)',
      DataProtectionPolicy: "CreateTopic's DataProtectionPolicy parameter, not an attribute (sns.md §15)",
    },
    withoutProperty: {
      Policy: 'set by AWS::SNS::TopicPolicy / TopicInlinePolicy (templates.md §3.5)',
      ...Object.fromEntries(DELIVERY_STATUS_ATTRIBUTES.map((name) => [name, 'given through DeliveryStatusLogging'])),
    },
    creationOnly: {
      FifoTopic: 'CreateTopic takes it; SetTopicAttributes refuses it, so the table has it read-only',
    },
  },
  {
    type: 'AWS::SNS::Subscription',
    section: '### 3.4',
    schema: SUBSCRIPTION_SCHEMA,
    attributeProperties: SUBSCRIPTION_ATTRIBUTE_PROPERTIES,
    attributes: SUBSCRIPTION_ATTRIBUTE_NAMES,
    readOnly: READ_ONLY_SUBSCRIPTION_ATTRIBUTES,
    cloudFormationOnly: {
      TopicArn: "Subscribe's TopicArn parameter (shown as a read-only attribute)",
      Protocol: "Subscribe's Protocol parameter (shown as a read-only attribute)",
      Endpoint: "Subscribe's Endpoint parameter (shown as a read-only attribute)",
      Region: 'the region Subscribe is called in, for a cross-region subscription (§3.4)',
    },
    withoutProperty: {},
  },
];

const sorted = (names: Iterable<string>): string[] => [...names].sort();
const templatesDoc = readFileSync(new URL('../../docs/aws-behaviour/templates.md', import.meta.url), 'utf8');

function sectionText(heading: string): string {
  const start = templatesDoc.indexOf(`\n${heading} `);
  expect(start, heading).toBeGreaterThan(0);
  const end = templatesDoc.indexOf('\n#', start + 1);
  return templatesDoc.slice(start, end);
}

describe.each(CASES)('$type: the property schema against the attribute table', (entry) => {
  const mapped = Object.keys(entry.attributeProperties);
  const settable = entry.attributes.filter((name) => !entry.readOnly.includes(name));

  it('hands on as attributes only names the service knows and may be given', () => {
    expect(mapped.filter((name) => !entry.attributes.includes(name))).toEqual([]);
    expect(sorted(mapped.filter((name) => entry.readOnly.includes(name)))).toEqual(
      sorted(Object.keys(entry.creationOnly ?? {})),
    );
  });

  it('maps every settable attribute to a property, but those listed with a reason', () => {
    expect(sorted(settable.filter((name) => !mapped.includes(name)))).toEqual(
      sorted(Object.keys(entry.withoutProperty)),
    );
    for (const name of Object.keys(entry.withoutProperty)) expect(settable).toContain(name);
  });

  it('has no property but the attributes and those listed as CloudFormation-only', () => {
    expect(sorted(Object.keys(entry.schema.properties))).toEqual(
      sorted([...mapped, ...Object.keys(entry.cloudFormationOnly)]),
    );
    for (const name of Object.keys(entry.cloudFormationOnly)) expect(mapped).not.toContain(name);
  });

  it('has only properties the templates doc names for the type', () => {
    const section = sectionText(entry.section);
    const unnamed = Object.keys(entry.schema.properties).filter((name) => !section.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
});

it("AWS::SQS::Queue's schema is exactly the property table of templates.md §3.1", () => {
  const rows = [...sectionText('### 3.1').matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
  expect(sorted(Object.keys(QUEUE_SCHEMA.properties))).toEqual(sorted(rows));
});
