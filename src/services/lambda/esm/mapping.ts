import { partitionOf } from '../../../core/arn.js';
import type { LambdaFunction } from '../lambda-function.js';
import { renderSettings, type MappingSettings } from './mapping-settings.js';
import { SqsPoller, type PollerServices, type PollTarget } from './poller.js';

/** The states AWS reports (docs/aws-behaviour/lambda.md §2.2). */
export type MappingState = 'Creating' | 'Enabling' | 'Enabled' | 'Disabling' | 'Disabled' | 'Updating' | 'Deleting';

/** One mapping, as the directory and the actions see it. */
export interface EventSourceMapping {
  readonly uuid: string;
  readonly state: MappingState;
  /** The SDK's EventSourceMappingConfiguration as AWS answers it for SQS (lambda.md §2.2); LastModified a Date. */
  configuration(): Record<string, unknown>;
}

/** Where the mapping's function is: its name, region and account, and the ARN it was named by (qualifier kept). */
export interface MappedFunction {
  readonly name: string;
  readonly region: string;
  /** Unqualified. */
  readonly arn: string;
  /** As AWS echoes it in FunctionArn: with the qualifier the caller gave (lambda.md §2.2). */
  readonly echoedArn: string;
}

export interface MappingDependencies extends PollerServices {
  readonly accountId: string;
  readonly findFunction: (arn: string) => LambdaFunction | undefined;
}

/**
 * An SQS event source mapping: its settings, its state, and its poller. State changes follow AWS's recorded
 * transitions (lambda.md §2.2): the transitional state is what the request answers, and the final one follows in a
 * promise continuation, so that nothing needs time to pass. An enabled mapping starts polling then.
 */
export class SqsEventSourceMapping implements EventSourceMapping, PollTarget {
  state: MappingState = 'Creating';
  lastModified: number;
  private transition = 0;
  readonly poller: SqsPoller;

  constructor(
    readonly uuid: string,
    readonly region: string,
    readonly eventSourceArn: string,
    public settings: MappingSettings,
    public target: MappedFunction,
    private readonly dependencies: MappingDependencies,
  ) {
    this.lastModified = dependencies.runtime.clock.now();
    this.poller = new SqsPoller(this, dependencies);
    if (settings.enabled) this.moveTo('Creating', 'Enabled');
    else this.state = 'Disabled';
  }

  get arn(): string {
    return `arn:${partitionOf(this.region)}:lambda:${this.region}:${this.dependencies.accountId}:event-source-mapping:${this.uuid}`;
  }

  get functionArn(): string {
    return this.target.arn;
  }

  resolveFunction(): { fn: LambdaFunction; invokedArn: string } | undefined {
    const fn = this.dependencies.findFunction(this.target.arn);
    return fn ? { fn, invokedArn: this.target.echoedArn } : undefined;
  }

  /** UpdateEventSourceMapping: new settings and function, taking effect at once. */
  update(settings: MappingSettings, target: MappedFunction, enabledGiven: boolean): void {
    const wasEnabled = this.settings.enabled;
    this.settings = settings;
    this.target = target;
    this.lastModified = this.dependencies.runtime.clock.now();
    if (enabledGiven && settings.enabled !== wasEnabled) {
      if (settings.enabled) this.moveTo('Enabling', 'Enabled');
      else {
        this.poller.stop();
        this.moveTo('Disabling', 'Disabled');
      }
      return;
    }
    this.moveTo('Updating', settings.enabled ? 'Enabled' : 'Disabled');
  }

  /** DeleteEventSourceMapping: the answer shows 'Deleting'; the poller stops now. */
  delete(): void {
    this.transition++;
    this.state = 'Deleting';
    this.poller.retire();
  }

  /** The account was reset. */
  discard(): void {
    this.transition++;
    this.poller.discard();
  }

  configuration(): Record<string, unknown> {
    return {
      UUID: this.uuid,
      ...renderSettings(this.settings),
      EventSourceArn: this.eventSourceArn,
      FunctionArn: this.target.echoedArn,
      LastModified: new Date(this.lastModified),
      State: this.state,
      StateTransitionReason: 'USER_INITIATED',
      EventSourceMappingArn: this.arn,
    };
  }

  private moveTo(transitional: MappingState, final: MappingState): void {
    this.state = transitional;
    const transition = ++this.transition;
    void Promise.resolve().then(() => {
      if (transition !== this.transition) return;
      this.state = final;
      if (final === 'Enabled') this.poller.start();
    });
  }
}
