import type {
  DescribeMapRunCommandInput,
  ListMapRunsCommandInput,
  UpdateMapRunCommandInput,
} from '@aws-sdk/client-sfn';
import type { MapRun } from '../engine/map-run.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { executionOf, mapRunOf, pageOf } from './checks.js';

/** DescribeMapRun (§1.16 [AWS-snap]): the run's settings, status and counts of its items and child executions. */
export function describeMapRun(backend: SfnBackend, input: Partial<DescribeMapRunCommandInput>) {
  const run = mapRunOf(backend, input.mapRunArn);
  return {
    mapRunArn: run.arn,
    executionArn: run.executionArn,
    status: run.status,
    startDate: new Date(run.startDate),
    ...(run.stopDate !== undefined ? { stopDate: new Date(run.stopDate) } : {}),
    maxConcurrency: run.settings.maxConcurrency,
    toleratedFailurePercentage: run.settings.toleratedFailurePercentage ?? 0,
    toleratedFailureCount: run.settings.toleratedFailureCount ?? 0,
    itemCounts: run.counts('items'),
    executionCounts: run.counts('executions'),
    redriveCount: run.redriveCount,
    ...(run.redriveDate !== undefined ? { redriveDate: new Date(run.redriveDate) } : {}),
  };
}

/** ListMapRuns (§1.16 [AWS-snap]): the runs an execution's distributed Maps started. */
export function listMapRuns(backend: SfnBackend, input: Partial<ListMapRunsCommandInput>) {
  const execution = executionOf(backend, input.executionArn);
  const runs = backend.mapRunsOf.get(execution.arn) ?? [];
  const { items, nextToken } = pageOf(runs, input.maxResults, input.nextToken);
  return {
    mapRuns: items.map((run: MapRun) => ({
      executionArn: run.executionArn,
      mapRunArn: run.arn,
      stateMachineArn: run.stateMachineArn,
      startDate: new Date(run.startDate),
      ...(run.stopDate !== undefined ? { stopDate: new Date(run.stopDate) } : {}),
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

/**
 * UpdateMapRun (§1.16): a run's MaxConcurrency and failure tolerance, which take effect while it runs (a higher
 * concurrency starts more children at once).
 */
export function updateMapRun(backend: SfnBackend, input: Partial<UpdateMapRunCommandInput>) {
  const run = mapRunOf(backend, input.mapRunArn);
  const { maxConcurrency, toleratedFailureCount, toleratedFailurePercentage } = input;
  if (maxConcurrency !== undefined && maxConcurrency < 0) throw sfnErrors.tooSmall(maxConcurrency, 'maxConcurrency', 0);
  if (toleratedFailureCount !== undefined && toleratedFailureCount < 0)
    throw sfnErrors.tooSmall(toleratedFailureCount, 'toleratedFailureCount', 0);
  if (toleratedFailurePercentage !== undefined && toleratedFailurePercentage < 0)
    throw sfnErrors.tooSmall(toleratedFailurePercentage, 'toleratedFailurePercentage', 0);
  if (toleratedFailurePercentage !== undefined && toleratedFailurePercentage > 100)
    throw sfnErrors.tooLarge(toleratedFailurePercentage, 'toleratedFailurePercentage', 100);
  run.update({ maxConcurrency, toleratedFailureCount, toleratedFailurePercentage });
  return {};
}
