import type { ActionSpec, ActionTable } from '../../../core/action-registry.js';
import type { EventsBackend } from '../events-backend.js';
import {
  createApiDestination,
  deleteApiDestination,
  describeApiDestination,
  listApiDestinations,
  updateApiDestination,
} from './api-destinations.js';
import { CONNECTION_INPUT_SHAPES as SHAPES } from './connection-shapes.js';
import {
  createConnection,
  deauthorizeConnection,
  deleteConnection,
  describeConnection,
  listConnections,
  updateConnection,
} from './connections.js';

/** The connection and API destination actions (docs/aws-behaviour/eventbridge.md §14), spread into EVENTS_ACTIONS. */
export const CONNECTION_ACTIONS = {
  CreateConnection: { handler: createConnection, input: SHAPES.CreateConnection },
  DescribeConnection: { handler: describeConnection, input: SHAPES.DescribeConnection },
  ListConnections: { handler: listConnections, input: SHAPES.ListConnections },
  UpdateConnection: { handler: updateConnection, input: SHAPES.UpdateConnection },
  DeleteConnection: { handler: deleteConnection, input: SHAPES.DeleteConnection },
  DeauthorizeConnection: { handler: deauthorizeConnection, input: SHAPES.DeauthorizeConnection },
  CreateApiDestination: { handler: createApiDestination, input: SHAPES.CreateApiDestination },
  DescribeApiDestination: { handler: describeApiDestination, input: SHAPES.DescribeApiDestination },
  ListApiDestinations: { handler: listApiDestinations, input: SHAPES.ListApiDestinations },
  UpdateApiDestination: { handler: updateApiDestination, input: SHAPES.UpdateApiDestination },
  DeleteApiDestination: { handler: deleteApiDestination, input: SHAPES.DeleteApiDestination },
} as const satisfies ActionTable<ActionSpec<EventsBackend>>;
