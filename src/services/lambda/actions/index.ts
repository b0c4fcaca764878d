import { handlersOf, type ActionSpec, type ActionTable } from '../../../core/action-registry.js';
import type { LambdaModels } from '../lambda-models.js';
import {
  createEventSourceMapping,
  deleteEventSourceMapping,
  getEventSourceMapping,
  listEventSourceMappings,
  updateEventSourceMapping,
} from './event-source-mappings.js';
import { invoke } from './invoke.js';
import { addPermission, getPolicy, removePermission } from './permissions.js';

/**
 * The Lambda actions the emulation answers, by the SDK's operation name; any other command of LambdaClient answers a
 * NotEmulatedError. To add an action: one entry here.
 */
export const LAMBDA_ACTIONS = {
  Invoke: { handler: invoke },
  CreateEventSourceMapping: { handler: createEventSourceMapping },
  GetEventSourceMapping: { handler: getEventSourceMapping },
  ListEventSourceMappings: { handler: listEventSourceMappings },
  UpdateEventSourceMapping: { handler: updateEventSourceMapping },
  DeleteEventSourceMapping: { handler: deleteEventSourceMapping },
  AddPermission: { handler: addPermission },
  RemovePermission: { handler: removePermission },
  GetPolicy: { handler: getPolicy },
} as const satisfies ActionTable<ActionSpec<LambdaModels>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const lambdaActions = handlersOf<LambdaModels>(LAMBDA_ACTIONS);
