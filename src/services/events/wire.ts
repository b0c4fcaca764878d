import { membersOfKind, type WireBinding } from '../../core/wire/binding.js';
import { EVENTS_INPUT_SHAPES } from './actions/input-shapes.js';

/**
 * EventBridge on the wire: AWS JSON 1.1, what every client speaks to it (docs/aws-behaviour/wire.md §4.6), with the
 * error's short name in `__type` and no query header; the timestamp members (a PutEvents entry's `Time`) are those its
 * input shapes declare.
 */
export const EVENTS_WIRE: WireBinding = {
  json: {
    targetPrefix: 'AWSEvents',
    version: '1.1',
    timestamps: membersOfKind(EVENTS_INPUT_SHAPES, 'timestamp'),
  },
};
