import {
  anyAlternative,
  EventPattern,
  exceededLimit,
  flattenEvent,
  parseEventPattern,
  type EventFields,
} from '../../../core/event-patterns/index.js';
import { mappingErrors } from './mapping-errors.js';
import type { SqsRecord } from './sqs-event.js';

/** The model's limit on one Pattern (docs/aws-behaviour/lambda.md §2.1). */
export const MAX_PATTERN_LENGTH = 4096;

/**
 * A mapping's FilterCriteria, compiled (docs/aws-behaviour/lambda.md §2.10): patterns in EventBridge's grammar over
 * the whole SQS record, ORed. The grammar is the event-pattern engine's (src/core/event-patterns), the one SNS filter
 * policies check for the MessageBody scope: exact values, OR lists, `prefix`, `suffix`, `numeric`, `exists`,
 * `anything-but`, `equals-ignore-case`, `$or`, nested objects. Where EventBridge differs we follow the engine,
 * knowingly:
 * - the engine's limits are SNS's (5 top-level keys, 150 combinations; SNS's 256 KB cannot be reached within 4,096
 *   characters); Lambda's own limits are not known beyond a Pattern's 4,096 characters, so a very large pattern SNS
 *   would refuse is refused here too;
 * - EventBridge's `wildcard` and the like, newer than SNS's grammar, are refused as SNS refuses them.
 * Lambda's body rule (lambda.md §2.10, [Docs-2023]) falls out of what is matched: a body that is a JSON object is
 * matched as JSON, so `{"body":{"k":["v"]}}` reaches into it and a plain-string pattern `{"body":["v"]}`
 * does not match it; any other body is matched as the plain string it is, which an object pattern cannot match. The
 * record's other keys (attributes, messageAttributes, …) can be filtered too, as the 2023 docs allowed; current docs
 * name only `body`.
 */
export class FilterCriteria {
  private constructor(private readonly patterns: readonly EventPattern[]) {}

  /** Compiles `Filters`, or throws AWS's `Invalid filter pattern definition.` for any pattern it refuses. */
  static compile(filters: readonly unknown[]): FilterCriteria {
    const patterns = filters.map((filter, index) => {
      const pattern = (filter as { Pattern?: unknown } | null)?.Pattern;
      if (typeof pattern !== 'string') throw mappingErrors.invalidFilterPattern();
      if (pattern.length > MAX_PATTERN_LENGTH) {
        throw mappingErrors.tooLong(`filterCriteria.filters.${index + 1}.member.pattern`, pattern, MAX_PATTERN_LENGTH);
      }
      return compilePattern(pattern);
    });
    return new FilterCriteria(patterns);
  }

  get empty(): boolean {
    return this.patterns.length === 0;
  }

  /** Whether any filter passes the record (no filters: every record passes). */
  passes(record: SqsRecord): boolean {
    if (this.patterns.length === 0) return true;
    const fields = fieldsOf(record);
    return this.patterns.some((pattern) => pattern.matches(fields));
  }

  /**
   * Why no filter passes the record, in one bounded line (`body.type: "x" is not one of ["order"]`; with several
   * filters, why each failed: src/core/event-patterns/explain.ts); undefined when one passes. Slower than `passes`: for
   * a miss only: the poller calls it for a message it filters out (and deletes, lambda.md §2.10), for its journey.
   */
  explainMiss(record: SqsRecord): string | undefined {
    if (this.patterns.length === 0) return undefined;
    const fields = fieldsOf(record);
    const reasons: string[] = [];
    for (const pattern of this.patterns) {
      const reason = pattern.explainMiss(fields);
      if (reason === undefined) return undefined;
      reasons.push(reason);
    }
    return anyAlternative(reasons, 'filter');
  }
}

/** The record as its filters see it: the body a JSON object when it is one (see the class comment). */
function fieldsOf(record: SqsRecord): EventFields | null {
  return flattenEvent(JSON.stringify({ ...record, body: bodyAsMatched(record.body) }));
}

function compilePattern(text: string): EventPattern {
  let pattern;
  try {
    pattern = parseEventPattern(text);
  } catch {
    throw mappingErrors.invalidFilterPattern();
  }
  if (exceededLimit(pattern) !== undefined) throw mappingErrors.invalidFilterPattern();
  return new EventPattern(pattern);
}

function bodyAsMatched(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : body;
  } catch {
    return body;
  }
}
