import { handlersOf, type ActionSpec, type ActionTable } from '../../../core/action-registry.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { createActivity, deleteActivity, describeActivity, getActivityTask, listActivities } from './activities.js';
import {
  describeExecution,
  getExecutionHistory,
  listExecutions,
  redriveExecution,
  startExecution,
  startSyncExecution,
  stopExecution,
} from './executions.js';
import {
  createStateMachine,
  createStateMachineAlias,
  deleteStateMachine,
  deleteStateMachineAlias,
  deleteStateMachineVersion,
  describeStateMachine,
  describeStateMachineAlias,
  describeStateMachineForExecution,
  listStateMachineAliases,
  listStateMachines,
  listStateMachineVersions,
  publishStateMachineVersion,
  updateStateMachine,
  updateStateMachineAlias,
  validateStateMachineDefinition,
} from './state-machines.js';
import { describeMapRun, listMapRuns, updateMapRun } from './map-runs.js';
import { listTagsForResource, tagResource, untagResource } from './tags.js';
import { testState } from './test-state.js';
import { sendTaskFailure, sendTaskHeartbeat, sendTaskSuccess } from './task-tokens.js';

/**
 * The Step Functions actions the emulation answers, by the SDK's operation name; any other command of SFNClient
 * answers a NotEmulatedError (docs/aws-behaviour/stepfunctions.md §1.1). To add an action: one entry here.
 */
export const SFN_ACTIONS = {
  CreateStateMachine: { handler: createStateMachine },
  DescribeStateMachine: { handler: describeStateMachine },
  DescribeStateMachineForExecution: { handler: describeStateMachineForExecution },
  UpdateStateMachine: { handler: updateStateMachine },
  DeleteStateMachine: { handler: deleteStateMachine },
  ListStateMachines: { handler: listStateMachines },
  ValidateStateMachineDefinition: { handler: validateStateMachineDefinition },
  PublishStateMachineVersion: { handler: publishStateMachineVersion },
  ListStateMachineVersions: { handler: listStateMachineVersions },
  DeleteStateMachineVersion: { handler: deleteStateMachineVersion },
  CreateStateMachineAlias: { handler: createStateMachineAlias },
  DescribeStateMachineAlias: { handler: describeStateMachineAlias },
  UpdateStateMachineAlias: { handler: updateStateMachineAlias },
  DeleteStateMachineAlias: { handler: deleteStateMachineAlias },
  ListStateMachineAliases: { handler: listStateMachineAliases },
  StartExecution: { handler: startExecution },
  StartSyncExecution: { handler: startSyncExecution },
  DescribeExecution: { handler: describeExecution },
  StopExecution: { handler: stopExecution },
  RedriveExecution: { handler: redriveExecution },
  ListExecutions: { handler: listExecutions },
  GetExecutionHistory: { handler: getExecutionHistory },
  TestState: { handler: testState },
  DescribeMapRun: { handler: describeMapRun },
  ListMapRuns: { handler: listMapRuns },
  UpdateMapRun: { handler: updateMapRun },
  SendTaskSuccess: { handler: sendTaskSuccess },
  SendTaskFailure: { handler: sendTaskFailure },
  SendTaskHeartbeat: { handler: sendTaskHeartbeat },
  CreateActivity: { handler: createActivity },
  DescribeActivity: { handler: describeActivity },
  DeleteActivity: { handler: deleteActivity },
  ListActivities: { handler: listActivities },
  GetActivityTask: { handler: getActivityTask },
  TagResource: { handler: tagResource },
  UntagResource: { handler: untagResource },
  ListTagsForResource: { handler: listTagsForResource },
} as const satisfies ActionTable<ActionSpec<SfnBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const sfnActions = handlersOf<SfnBackend>(SFN_ACTIONS, sfnErrors.wrongType);
