/**
 * An execution's history as GetExecutionHistory answers it (docs/aws-behaviour/stepfunctions.md §5): events numbered
 * from 1, each with the id of the event before it in its thread (`previousEventId`) and at most one details member.
 * Events are kept as the API shows them, made once, so that reading a history of thousands costs a copy per page.
 */

export interface HistoryEvent {
  readonly timestamp: Date;
  readonly type: string;
  readonly id: number;
  readonly previousEventId: number;
  readonly [details: string]: unknown;
}

/** 25,000: the most events an execution's history holds (§2.15); the execution fails at the limit. */
export const MAX_HISTORY_EVENTS = 25_000;

/** Where the next event of a line of events (the execution, a branch, an iteration) hangs from. */
export interface Thread {
  last: number;
}

/** The details member of each event type, where it has one (§5.1). */
const DETAILS: Readonly<Record<string, string>> = {
  ExecutionStarted: 'executionStartedEventDetails',
  ExecutionSucceeded: 'executionSucceededEventDetails',
  ExecutionFailed: 'executionFailedEventDetails',
  ExecutionAborted: 'executionAbortedEventDetails',
  ExecutionTimedOut: 'executionTimedOutEventDetails',
  ExecutionRedriven: 'executionRedrivenEventDetails',
  TaskScheduled: 'taskScheduledEventDetails',
  TaskStarted: 'taskStartedEventDetails',
  TaskSubmitted: 'taskSubmittedEventDetails',
  TaskSucceeded: 'taskSucceededEventDetails',
  TaskFailed: 'taskFailedEventDetails',
  TaskTimedOut: 'taskTimedOutEventDetails',
  TaskStartFailed: 'taskStartFailedEventDetails',
  TaskSubmitFailed: 'taskSubmitFailedEventDetails',
  LambdaFunctionScheduled: 'lambdaFunctionScheduledEventDetails',
  LambdaFunctionSucceeded: 'lambdaFunctionSucceededEventDetails',
  LambdaFunctionFailed: 'lambdaFunctionFailedEventDetails',
  LambdaFunctionTimedOut: 'lambdaFunctionTimedOutEventDetails',
  LambdaFunctionScheduleFailed: 'lambdaFunctionScheduleFailedEventDetails',
  LambdaFunctionStartFailed: 'lambdaFunctionStartFailedEventDetails',
  ActivityScheduled: 'activityScheduledEventDetails',
  ActivityStarted: 'activityStartedEventDetails',
  ActivitySucceeded: 'activitySucceededEventDetails',
  ActivityFailed: 'activityFailedEventDetails',
  ActivityTimedOut: 'activityTimedOutEventDetails',
  ActivityScheduleFailed: 'activityScheduleFailedEventDetails',
  MapStateStarted: 'mapStateStartedEventDetails',
  MapIterationStarted: 'mapIterationStartedEventDetails',
  MapIterationSucceeded: 'mapIterationSucceededEventDetails',
  MapIterationFailed: 'mapIterationFailedEventDetails',
  MapIterationAborted: 'mapIterationAbortedEventDetails',
  MapRunStarted: 'mapRunStartedEventDetails',
  MapRunFailed: 'mapRunFailedEventDetails',
  MapRunRedriven: 'mapRunRedrivenEventDetails',
  EvaluationFailed: 'evaluationFailedEventDetails',
};

/** `PassStateEntered` → stateEnteredEventDetails; `PassStateExited` → stateExitedEventDetails. */
function detailsMember(type: string): string | undefined {
  if (type.endsWith('StateEntered')) return 'stateEnteredEventDetails';
  if (type.endsWith('StateExited')) return 'stateExitedEventDetails';
  return DETAILS[type];
}

/** The history has reached its limit: the execution fails (§2.15). */
export class HistoryFull extends Error {
  constructor() {
    super('history full');
    this.name = 'HistoryFull';
  }
}

export class History {
  readonly events: HistoryEvent[] = [];

  constructor(private readonly now: () => number) {}

  get lastId(): number {
    return this.events.length;
  }

  /**
   * Appends an event after `previous` (an id, or a thread whose last event it becomes). Past the limit it throws
   * HistoryFull, which ends the execution; the execution's own closing event is always written.
   */
  add(type: string, previous: number | Thread, details?: object, closing = false): number {
    if (!closing && this.events.length >= MAX_HISTORY_EVENTS - 1) throw new HistoryFull();
    const id = this.events.length + 1;
    const previousEventId = typeof previous === 'number' ? previous : previous.last;
    const member = detailsMember(type);
    const event: HistoryEvent =
      member !== undefined && details !== undefined
        ? { timestamp: new Date(this.now()), type, id, previousEventId, [member]: details }
        : { timestamp: new Date(this.now()), type, id, previousEventId };
    this.events.push(event);
    if (typeof previous !== 'number') previous.last = id;
    return id;
  }
}

/** `{ truncated: false }`: what every input and output's details say (§5.1). */
export const NOT_TRUNCATED = Object.freeze({ truncated: false });
