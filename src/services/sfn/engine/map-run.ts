/**
 * A distributed Map's run (docs/aws-behaviour/stepfunctions.md §2.11.1, §1.16): the child executions it starts, one
 * per item or batch, under a labelled state machine (`<machine>/<label>`), its settings (which UpdateMapRun changes
 * while it runs), its status and the counts DescribeMapRun answers.
 */
import type { QueryLanguage, Scope } from '../asl/definition.js';
import type { Json, JsonObject } from '../asl/json.js';
import type { Execution } from './execution.js';

export type MapRunStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

/** DescribeMapRun's `itemCounts` and `executionCounts`. */
export interface MapRunCounts {
  readonly pending: number;
  readonly running: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly timedOut: number;
  readonly aborted: number;
  readonly total: number;
  readonly resultsWritten: number;
}

/** What may change while it runs (UpdateMapRun, §1.16). */
export interface MapRunSettings {
  maxConcurrency: number;
  toleratedFailureCount: number | undefined;
  toleratedFailurePercentage: number | undefined;
}

export class MapRun {
  status: MapRunStatus = 'RUNNING';
  stopDate: number | undefined;
  redriveCount = 0;
  redriveDate: number | undefined;
  /** The child executions, by the index of the item (or batch) each runs. */
  readonly children: Execution[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly arn: string,
    /** The parent execution's ARN. */
    readonly executionArn: string,
    /** The labelled state machine its children run: `<machine ARN>/<label>`. */
    readonly stateMachineArn: string,
    readonly label: string,
    readonly startDate: number,
    readonly settings: MapRunSettings,
    /** How many items each child execution carries (1 without an ItemBatcher); set once an ItemReader read them. */
    public itemsPerChild: readonly number[],
  ) {}

  /** The settings UpdateMapRun changes: the scheduler starts more children at once if it may. */
  update(change: Partial<MapRunSettings>): void {
    for (const [key, value] of Object.entries(change) as [keyof MapRunSettings, number | undefined][]) {
      if (value !== undefined) this.settings[key] = value as never;
    }
    for (const listener of [...this.listeners]) listener();
  }

  /** Calls `listener` at each update until the returned function is called. */
  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A redrive of its parent runs it again (§1.17). */
  reopen(at: number): void {
    this.status = 'RUNNING';
    this.stopDate = undefined;
    this.redriveCount++;
    this.redriveDate = at;
  }

  end(status: Exclude<MapRunStatus, 'RUNNING'>, at: number): void {
    if (this.status !== 'RUNNING') return;
    this.status = status;
    this.stopDate = at;
    this.listeners.clear();
  }

  /** Whether `failures` of `total` go past what it tolerates (§2.11.1): any failure when it tolerates none. */
  exceeded(failures: number, total: number): boolean {
    return toleranceExceeded(
      failures,
      total,
      this.settings.toleratedFailureCount,
      this.settings.toleratedFailurePercentage,
    );
  }

  /** Counts of its child executions (`executions`) or of the items they carry (`items`). */
  counts(of: 'items' | 'executions'): MapRunCounts {
    const weight = (index: number) => (of === 'items' ? (this.itemsPerChild[index] ?? 1) : 1);
    const counts = { pending: 0, running: 0, succeeded: 0, failed: 0, timedOut: 0, aborted: 0, total: 0 };
    for (let index = 0; index < this.itemsPerChild.length; index++) {
      const w = weight(index);
      counts.total += w;
      const child = this.children[index];
      if (!child) counts.pending += w;
      else if (child.status === 'RUNNING') counts.running += w;
      else if (child.status === 'SUCCEEDED') counts.succeeded += w;
      else if (child.status === 'FAILED') counts.failed += w;
      else if (child.status === 'TIMED_OUT') counts.timedOut += w;
      else counts.aborted += w;
    }
    return { ...counts, resultsWritten: counts.succeeded + counts.failed + counts.timedOut };
  }
}

/**
 * §2.11.1: a Map fails when its failures go past ToleratedFailureCount or past ToleratedFailurePercentage of its
 * items, whichever is set; with neither, any failure fails it.
 */
export function toleranceExceeded(
  failures: number,
  total: number,
  count: number | undefined,
  percentage: number | undefined,
): boolean {
  if (failures === 0) return false;
  if (count === undefined && percentage === undefined) return true;
  if (count !== undefined && failures > count) return true;
  return percentage !== undefined && (failures / Math.max(total, 1)) * 100 > percentage;
}

/** What a distributed Map's children run: its ItemProcessor, as a machine of their own. */
export interface MapProcessor {
  readonly scope: Scope;
  readonly queryLanguage: QueryLanguage;
  readonly document: JsonObject;
  readonly executionType: 'STANDARD' | 'EXPRESS';
}

/** What the interpreter asks of the service to run a distributed Map (sfn-backend.ts answers it). */
export interface MapRunHost {
  /** A new run of the Map for `parent`, listed by ListMapRuns. */
  create(
    parent: Execution,
    label: string,
    settings: MapRunSettings,
    itemsPerChild: readonly number[],
    processor: MapProcessor,
  ): MapRun;
  /** Starts the run's child execution for the item or batch at `index`, with `input`. */
  startChild(run: MapRun, index: number, input: Json): Execution;
  /** Redrives a Standard child that did not succeed (§1.17). */
  redriveChild(child: Execution): Execution;
}
