/**
 * An execution as a journey (docs/guide/journeys.md): `aws.journey(executionArn)` reads `started`, each state
 * `entered`, what each task handed on (`delivered`, its message's id as `nextMessageId`, so the journey goes on into
 * the queue, topic, bus or function) or its `failed` call, and how the execution ended (`succeeded`, `failed`,
 * `timedOut`). Steps are made from the history's events as they are written, and from the objects a distributed
 * Map's ItemReader `read` and its ResultWriter wrote (`delivered` to S3, its PutObject's request id as
 * `nextMessageId`, which names the bucket's event if it sends one).
 */
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { bodyPreview } from '../../core/journeys/step.js';
import type { Execution } from './engine/execution.js';
import type { HistoryEvent } from './engine/history.js';
import type { MapDataStep } from './integrations/map-s3.js';

/** The id a task's answer names the work it handed on by: a message, an event, a child execution, a request. */
function handedOn(output: string | undefined): string | undefined {
  if (output === undefined) return undefined;
  try {
    const value = JSON.parse(output) as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return undefined;
    const entries = value['Entries'];
    const first = Array.isArray(entries) ? (entries[0] as { EventId?: unknown } | undefined)?.EventId : undefined;
    const metadata = value['SdkResponseMetadata'] as { RequestId?: unknown } | undefined;
    const id = value['MessageId'] ?? value['ExecutionArn'] ?? first ?? metadata?.RequestId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export class ExecutionSteps {
  constructor(private readonly journeys: JourneyRecorder) {}

  /** An object a distributed Map read or wrote (docs/aws-behaviour/stepfunctions.md §2.11.2, §2.11.3). */
  mapData(execution: Execution, step: MapDataStep): void {
    const base = {
      at: step.at,
      service: 'sfn' as const,
      where: execution.machine.arn,
      messageId: execution.arn,
    };
    if (step.kind === 'read') {
      this.journeys.record({ ...base, kind: 'read', by: step.by, note: step.object });
      return;
    }
    this.journeys.record({
      ...base,
      kind: 'delivered',
      source: execution.machine.arn,
      target: 's3:putObject',
      nextMessageId: step.requestId,
      note: `${step.by} wrote ${step.object}`,
    });
  }

  /** One history event, as a step where it is one. */
  event(execution: Execution, event: HistoryEvent): void {
    const base = {
      at: event.timestamp.getTime(),
      service: 'sfn' as const,
      where: execution.machine.arn,
      messageId: execution.arn,
    };
    const details = Object.entries(event).find(([key]) => key.endsWith('EventDetails'))?.[1] as
      Record<string, string | undefined> | undefined;
    const type = event.type;
    if (type === 'ExecutionStarted') {
      this.journeys.record({ ...base, kind: 'started', note: `input ${bodyPreview(execution.inputText)}` });
    } else if (type.endsWith('StateEntered')) {
      this.journeys.record({ ...base, kind: 'entered', note: `${details?.['name'] ?? ''} (${type.slice(0, -12)})` });
    } else if (type === 'TaskSucceeded' || type === 'TaskSubmitted' || type === 'LambdaFunctionSucceeded') {
      const next = handedOn(details?.['output']);
      if (next !== undefined || type !== 'TaskSubmitted') {
        const target = details?.['resourceType'] ? `${details['resourceType']}:${details['resource']}` : 'lambda';
        this.journeys.record({
          ...base,
          kind: 'delivered',
          source: execution.machine.arn,
          target,
          nextMessageId: next,
          note: target,
        });
      }
    } else if (type === 'TaskFailed' || type === 'LambdaFunctionFailed' || type === 'ActivityFailed') {
      this.journeys.record({
        ...base,
        kind: 'failed',
        error: { name: details?.['error'] ?? 'Error', message: details?.['cause'] ?? '' },
      });
    } else if (type === 'ExecutionSucceeded') {
      this.journeys.record({ ...base, kind: 'succeeded', note: `output ${bodyPreview(details?.['output'] ?? '')}` });
    } else if (type === 'ExecutionFailed') {
      this.journeys.record({
        ...base,
        kind: 'failed',
        error: { name: details?.['error'] ?? 'Failed', message: details?.['cause'] ?? '' },
      });
    } else if (type === 'ExecutionTimedOut') {
      this.journeys.record({ ...base, kind: 'timedOut' });
    } else if (type === 'ExecutionAborted') {
      this.journeys.record({
        ...base,
        kind: 'failed',
        error: { name: 'Aborted', message: details?.['cause'] ?? 'StopExecution' },
      });
    }
  }
}
