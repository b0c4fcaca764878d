/**
 * Resource types for the engine's tests: `Test::Queue` makes a real queue in the account (so rollback can be seen
 * through the SDK), `Test::Function` a function with the handler given for its logical id, `Test::Thing` records
 * what it was given, `Test::BadUndo` cannot be undone, `Test::Fail` refuses to be created.
 */
import type { AwsMock } from '../../../src/account/aws-mock.js';
import { StackRegistry } from '../../../src/templates/engine/stack-registry.js';
import { provision } from '../../../src/templates/provision.js';
import {
  TemplateError,
  type ResourceRequest,
  type ResourceType,
} from '../../../src/core/provisioning/resource-type.js';
import type { ServiceInternals } from '../../../src/account/services.js';
import type { ProvisionOptions, Stack } from '../../../src/templates/stack.js';
import { defaultQueueSettings } from '../../../src/services/sqs/queue-attributes.js';

export interface FakeTypes {
  readonly types: Record<string, ResourceType<ServiceInternals>>;
  /** Every request a resource type was given, in creation order. */
  readonly requests: ResourceRequest[];
  /** Logical ids undone, in order. */
  readonly undone: string[];
}

export function fakeTypes(): FakeTypes {
  const requests: ResourceRequest[] = [];
  const undone: string[] = [];
  const types: Record<string, ResourceType<ServiceInternals>> = {
    'Test::Queue': {
      create(request, context) {
        requests.push(request);
        const name =
          typeof request.properties['QueueName'] === 'string'
            ? request.properties['QueueName']
            : context.generatedName(request.logicalId, 80);
        const backend = context.internals.sqs.backend;
        const queue = backend.create(name, defaultQueueSettings(false));
        return {
          ref: queue.url,
          attributes: { Arn: queue.arn, QueueName: queue.name, QueueUrl: queue.url },
          view: { kind: 'queue', arn: queue.arn },
          undo: () => {
            undone.push(request.logicalId);
            backend.delete(queue);
          },
        };
      },
    },
    'Test::Thing': {
      create(request) {
        requests.push(request);
        return {
          ref: `ref-of-${request.logicalId}`,
          attributes: { Arn: `arn:test:${request.logicalId}`, 'Deep.Name': `deep-${request.logicalId}`, Count: 3 },
          undo: () => undone.push(request.logicalId),
        };
      },
    },
    'Test::Function': {
      create(request, context) {
        requests.push(request);
        const handler = context.functions[request.logicalId];
        if (!handler) throw new Error(`no handler for ${request.logicalId}`);
        const fn = context.internals.lambda.mock.createFunction(context.generatedName(request.logicalId, 64), handler);
        return {
          ref: fn.name,
          attributes: { Arn: fn.arn },
          view: { kind: 'function', arn: fn.arn },
          undo: () => {
            undone.push(request.logicalId);
            context.internals.lambda.mock.deleteFunction(fn.arn);
          },
        };
      },
    },
    'Test::BadUndo': {
      create(request) {
        requests.push(request);
        return {
          ref: request.logicalId,
          attributes: {},
          undo: () => {
            undone.push(request.logicalId);
            throw new Error('cannot undo');
          },
        };
      },
    },
    'Test::Fail': {
      create(request) {
        requests.push(request);
        throw new Error(`Test::Fail refuses ${String(request.properties['Why'] ?? 'always')}`);
      },
    },
  };
  return { types, requests, undone };
}

/** Provisions with the fake types into `aws`, sharing `registry` between calls (as one account does). */
export function provisionWith(
  aws: AwsMock,
  fake: FakeTypes,
  template: unknown,
  options?: ProvisionOptions,
  registry: StackRegistry = registryOf(aws),
): Stack {
  const views = {
    queue: (arn: string) => aws.sqs.queue(arn),
    topic: (arn: string) => aws.sns.topic(arn),
    function: (arn: string) => aws.lambda.function(arn),
  };
  return provision({ account: aws, internals: aws.internals, views }, registry, template, options, fake.types);
}

const registries = new WeakMap<AwsMock, StackRegistry>();
function registryOf(aws: AwsMock): StackRegistry {
  let registry = registries.get(aws);
  if (!registry) registries.set(aws, (registry = new StackRegistry()));
  return registry;
}

/** The properties the type of `logicalId` was given. */
export function propertiesOf(fake: FakeTypes, logicalId: string): Readonly<Record<string, unknown>> {
  const request = fake.requests.find((candidate) => candidate.logicalId === logicalId);
  if (!request) throw new Error(`${logicalId} was not created`);
  return request.properties;
}

/** The TemplateError `run` throws, failing if it throws none or another error. */
export function templateErrorOf(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}
