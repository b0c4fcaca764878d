/**
 * A provisioned stack: what its resources' `Ref` and `Fn::GetAtt` give, its outputs, and views of the queues,
 * topics and functions it created, by logical id.
 */
import type { FunctionCode } from '../services/lambda/sandbox/function-code.js';
import type { FunctionView } from '../services/lambda/views.js';
import type { TopicView } from '../services/sns/views.js';
import type { QueueView } from '../services/sqs/views.js';
import type { GivenParameter } from './engine/parameters.js';
import { INSPECT } from '../core/resource-names.js';

export interface ProvisionOptions {
  /** The stack's name: `AWS::StackName`, and the start of generated names. Default `test-stack`. */
  stackName?: string;
  /** Values of the template's Parameters, by name; the others take their Default. */
  parameters?: Readonly<Record<string, GivenParameter>>;
  /**
   * In-process code for the template's Lambda functions, by logical id or FunctionName: a handler, or
   * `{ load, handler }` for an execution environment per concurrent invocation (docs/aws-behaviour/lambda.md §5.8).
   */
  functions?: Readonly<Record<string, FunctionCode>>;
  /**
   * @internal The numbers in [0, 1) generated names are drawn from, in place of the account's ids: the HTTP server
   * provisions its start-up stack again at each reset under the same names (docs/aws-behaviour/wire.md §13.4).
   */
  nameSource?: () => number;
}

/** A resource of a type the mock does not emulate: not created, listed in `stack.skipped`. */
export interface SkippedResource {
  readonly logicalId: string;
  readonly type: string;
}

/** What the stack knows of one resource. */
export type StackResource =
  | {
      readonly state: 'created';
      readonly type: string;
      readonly ref: string;
      readonly attributes: Readonly<Record<string, unknown>>;
      readonly view?: { readonly kind: 'queue' | 'topic' | 'function'; readonly arn: string };
      readonly namedArn?: string;
    }
  | { readonly state: 'skipped'; readonly type: string; readonly ref: string; attribute(name: string): string }
  | { readonly state: 'conditionFalse'; readonly type: string; readonly condition: string };

/** The views a stack hands out, from the account that holds its resources. */
export interface StackViews {
  queue(arn: string): QueueView;
  topic(arn: string): TopicView;
  function(arn: string): FunctionView;
}

const VIEW_KINDS = { queue: 'a queue', topic: 'a topic', function: 'a function' } as const;

export class Stack {
  /** @internal */
  constructor(
    /** The stack's name (`AWS::StackName`). */
    readonly name: string,
    /** The stack's ARN (`AWS::StackId`): `arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>`. */
    readonly id: string,
    /** Each output's value, by output key (outputs whose condition is false are absent). */
    readonly outputs: Readonly<Record<string, string>>,
    /** @internal What the stack knows of each resource, in template order: what the server's stacks route lists. */
    readonly resources: ReadonlyMap<string, StackResource>,
    private readonly views: StackViews,
  ) {}

  /** Resources the mock does not emulate, in template order: not created; a reference to one gets a placeholder. */
  get skipped(): SkippedResource[] {
    const skipped: SkippedResource[] = [];
    for (const [logicalId, resource] of this.resources) {
      if (resource.state === 'skipped') skipped.push({ logicalId, type: resource.type });
    }
    return skipped;
  }

  /** What `Ref` gives for the resource: a queue's URL, a topic's ARN, a function's name (templates.md §2.1). */
  ref(logicalId: string): string {
    const resource = this.existing(logicalId);
    return resource.ref;
  }

  /** What `Fn::GetAtt` gives, e.g. `getAtt('Queue', 'Arn')`. */
  getAtt(logicalId: string, attribute: string): unknown {
    const resource = this.existing(logicalId);
    if (resource.state === 'skipped') return resource.attribute(attribute);
    if (!Object.hasOwn(resource.attributes, attribute)) {
      const known = Object.keys(resource.attributes).join(', ') || 'none';
      throw new Error(
        `sqs-sns-mock: ${resource.type} ${logicalId} of stack "${this.name}" has no attribute "${attribute}" ` +
          `(it has: ${known})`,
      );
    }
    return resource.attributes[attribute];
  }

  /**
   * What `console.log` and `util.inspect` print: the stack's name and its resources' logical ids by kind, e.g.
   * `Stack OrdersStack { queues: Orders, OrdersDlq; topics: Events; functions: Worker; other: 2; outputs: QueueUrl }`.
   */
  [INSPECT](): string {
    const byKind = new Map<string, string[]>();
    let skipped = 0;
    let other = 0;
    for (const [logicalId, resource] of this.resources) {
      if (resource.state === 'created' && resource.view) {
        const kind = `${resource.view.kind}s`;
        byKind.set(kind, [...(byKind.get(kind) ?? []), logicalId]);
      } else if (resource.state === 'skipped') skipped++;
      else if (resource.state === 'created') other++;
    }
    const parts = [...byKind].map(([kind, ids]) => `${kind}: ${ids.join(', ')}`);
    if (other) parts.push(`other: ${other}`);
    if (skipped) parts.push(`skipped: ${skipped}`);
    const outputs = Object.keys(this.outputs);
    if (outputs.length) parts.push(`outputs: ${outputs.join(', ')}`);
    return `Stack ${this.name} { ${parts.join('; ')} }`;
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: the stack's name, id and outputs. */
  toJSON(): { name: string; id: string; outputs: Readonly<Record<string, string>> } {
    return { name: this.name, id: this.id, outputs: this.outputs };
  }

  queue(logicalId: string): QueueView {
    return this.views.queue(this.viewArn(logicalId, 'queue'));
  }

  topic(logicalId: string): TopicView {
    return this.views.topic(this.viewArn(logicalId, 'topic'));
  }

  function(logicalId: string): FunctionView {
    return this.views.function(this.viewArn(logicalId, 'function'));
  }

  private viewArn(logicalId: string, kind: keyof typeof VIEW_KINDS): string {
    const resource = this.existing(logicalId);
    if (resource.state !== 'created' || resource.view?.kind !== kind) {
      throw new Error(
        `sqs-sns-mock: ${logicalId} of stack "${this.name}" is a ${resource.type}, not ${VIEW_KINDS[kind]}`,
      );
    }
    return resource.view.arn;
  }

  private existing(logicalId: string): Exclude<StackResource, { state: 'conditionFalse' }> {
    const resource = this.resources.get(logicalId);
    if (!resource) {
      const ids = [...this.resources.keys()].join(', ');
      throw new Error(`sqs-sns-mock: stack "${this.name}" has no resource "${logicalId}" (its resources: ${ids})`);
    }
    if (resource.state === 'conditionFalse') {
      throw new Error(
        `sqs-sns-mock: ${logicalId} of stack "${this.name}" was not created: its condition ${resource.condition} ` +
          'is false',
      );
    }
    return resource;
  }
}
