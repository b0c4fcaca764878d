import type { WireProtocol } from './protocol.js';
import { snsQuery, sqsQuery } from './query/services.js';
import { sqsJson } from './sqs-json.js';
import { lambdaRest } from './lambda-rest.js';
import { eventsJson } from './events-json.js';
import { schedulerRest } from './scheduler-rest.js';

/**
 * The protocols of the port, in the order the router tries them (docs/aws-behaviour/wire.md §2.2): a header or path
 * that marks a protocol first, then the query protocol's `Action` parameter. A service added to the wire (EventBridge's
 * `AWSEvents.` target, Scheduler's paths) is one more entry here.
 */
export const WIRE_PROTOCOLS: readonly WireProtocol[] = [
  sqsJson,
  eventsJson,
  lambdaRest,
  schedulerRest,
  sqsQuery,
  snsQuery,
];
