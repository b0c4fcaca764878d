import type { AttributeValue, FilterInput } from './input.js';
import { show, type Observed } from '../../../core/event-patterns/explain.js';
import { unreachable } from '../../../core/util/unreachable.js';

/**
 * SNS's words for a filtered-out message's reason (`filterReason` on the delivery record) where the event-pattern
 * engine's reasons (src/core/event-patterns/explain.ts) need the scope's terms: attributes, the message body.
 */

/** Scope MessageAttributes: a message without attributes is filtered out before any key is looked at. */
export const NO_ATTRIBUTES = 'the message has no attributes, and a MessageAttributes policy filters such a message out';

/** Scope MessageBody: a body that is not a JSON object matches no policy [V] (docs/aws-behaviour/sns.md §10.3). */
export const BODY_NOT_AN_OBJECT = 'the message body is not a JSON object';

/** The named attribute as a reason shows it: its value, or why filters see none. */
export function observedAttribute(input: FilterInput, name: string, value: AttributeValue): Observed {
  switch (value.kind) {
    case 'absent': {
      const attribute = Object.hasOwn(input.attributes, name) ? input.attributes[name] : undefined;
      if (attribute === undefined) return { kind: 'absent', why: 'no such attribute' };
      // Binary attributes are ignored by filtering [D]; a String.Array may hold only objects.
      return { kind: 'absent', why: `its ${attribute.DataType} value holds nothing a filter policy can match` };
    }
    case 'invalid': {
      const { DataType, StringValue = '' } = input.attributes[name] ?? { DataType: '' };
      return { kind: 'unreadable', why: `${show(StringValue)} is not a valid ${DataType} value` };
    }
    case 'scalar':
      return { kind: 'values', values: [value.leaf] };
    case 'array':
      return { kind: 'values', values: value.leaves };
    default:
      return unreachable(value);
  }
}
