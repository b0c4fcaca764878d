import { displayName, INSPECT, NAME_OF, nameIn, type ResourceName } from '../../core/resource-names.js';
import type { Archive } from './archive.js';
import type { Replay } from './replay.js';
import { BusView, recordView, RuleView, type EventRecord, type ViewContext } from './views.js';

/** What an archive's and a replay's views share: the model, its name and ARN, and how it is named to people. */
abstract class NamedModelView<Model extends { readonly name: string; readonly arn: string }> {
  /** @internal */
  constructor(
    readonly model: Model,
    protected readonly context: ViewContext = {},
  ) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  /** @internal The names of this resource, or of what an ARN points at (matchers, journeys). */
  [NAME_OF](arn: string = this.model.arn): ResourceName {
    return arn === this.model.arn
      ? { ...nameIn(this.context.names, arn), name: this.model.name }
      : nameIn(this.context.names, arn);
  }
}

/** An archive: `aws.events.archive(name)` (docs/guide/eventbridge.md, "Archives and replays"). */
export class ArchiveView extends NamedModelView<Archive> {
  /** `ENABLED`. */
  get state(): string {
    return this.model.state;
  }

  /**
   * The events it holds, not yet past its retention, each as `bus().events()` shows it (its `id` the EventId
   * PutEvents answered); oldest first, though AWS promises no order.
   */
  events(): EventRecord[] {
    return this.model.events().map(recordView);
  }

  /** @internal Its managed rule (§16.2): what `toHaveMatched`'s failure explains a miss by. */
  archiveRule(): RuleView {
    return new RuleView(this.model.rule, this.context);
  }

  /** What `console.log` prints: `ArchiveView orders-archive { bus: default, state: ENABLED, events: 3 }`. */
  [INSPECT](): string {
    const { bus, state, eventCount } = this.model;
    return `ArchiveView ${displayName(this[NAME_OF]())} { bus: ${bus.name}, state: ${state}, events: ${eventCount} }`;
  }

  toJSON(): { name: string; arn: string } {
    return { name: this.name, arn: this.arn };
  }
}

/** A replay: `aws.events.replay(name)`. */
export class ReplayView extends NamedModelView<Replay> {
  /** `STARTING`, `RUNNING`, `COMPLETED`, `CANCELLING`, `CANCELLED` or `FAILED`, as DescribeReplay answers now. */
  get state(): string {
    return this.model.state;
  }

  /**
   * The events it put on its bus again, oldest first: new ids, `replayName` set, and their `routes` to the rules it
   * reached.
   */
  replayed(): EventRecord[] {
    return this.model.replayed.map(recordView);
  }

  /** @internal The bus it replays to: `toHaveRouted`'s failure reads its rules. */
  busView(): BusView {
    return new BusView(this.model.bus, this.context);
  }

  /** What `console.log` prints: `ReplayView fix-1 { state: COMPLETED, replayed: 3 }`. */
  [INSPECT](): string {
    return `ReplayView ${displayName(this[NAME_OF]())} { state: ${this.model.state}, replayed: ${this.model.replayed.length} }`;
  }

  toJSON(): { name: string; arn: string; state: string } {
    return { name: this.name, arn: this.arn, state: this.state };
  }
}
