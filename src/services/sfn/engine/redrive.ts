/**
 * Whether an execution can be redriven, and why not (docs/aws-behaviour/stepfunctions.md §1.17): what
 * DescribeExecution, ListExecutions and the status-change events say of it, and what RedriveExecution refuses.
 */
import type { Execution } from './execution.js';
import { MAX_HISTORY_EVENTS } from './history.js';

/** §1.17 [D]: an execution may be redriven within 14 days of its end. */
const REDRIVABLE_MS = 14 * 86_400_000;
/** §2.15 [D]: a Standard execution runs at most a year. */
const MAX_EXECUTION_MS = 365 * 86_400_000;

export type RedriveStatus = 'REDRIVABLE' | 'NOT_REDRIVABLE' | 'REDRIVABLE_BY_MAP_RUN';

/** The execution's redrive status and, when it cannot be redriven, AWS's reason (§1.17 [D Model][AWS-snap]). */
export function redriveStatus(
  execution: Execution,
  now: number,
  machineDeleting: boolean,
): { readonly status: RedriveStatus; readonly reason?: string } {
  const not = (reason: string) => ({ status: 'NOT_REDRIVABLE' as const, reason });
  if (execution.status === 'RUNNING' || execution.status === 'SUCCEEDED')
    return not(`Execution is ${execution.status} and cannot be redriven`);
  if (machineDeleting) return not('State machine is in DELETING status.');
  if (execution.history.lastId >= MAX_HISTORY_EVENTS - 1) return not('Execution history event limit exceeded.');
  if (now - execution.startDate >= MAX_EXECUTION_MS) return not('Execution has exceeded the max execution time.');
  if (now - (execution.stopDate ?? now) > REDRIVABLE_MS) return not('Execution redrivable period exceeded.');
  // §1.17 [D Model]: a Map Run's child is redriven by redriving its parent.
  if (execution.mapRunArn !== undefined) return { status: 'REDRIVABLE_BY_MAP_RUN' };
  return { status: 'REDRIVABLE' };
}
