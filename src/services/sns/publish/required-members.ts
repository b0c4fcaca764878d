import { snsErrors } from '../errors.js';

/**
 * SNS's request framework checks required members before the action runs: a member that is absent gives
 * `ValidationError` "1 validation error detected: Value null at '<path>' failed to satisfy constraint: Member
 * must not be null" (recorded for a missing attribute DataType, docs/aws-behaviour/sns.md §3). Several are reported
 * together, joined by "; ", in the framework's usual wording ("2 validation errors detected: …"); that plural form and
 * the paths of members other than dataType follow the same framework's other services, not a recording.
 */
export class RequiredMembers {
  private readonly missing: string[] = [];

  /** Notes `path` (the member's path in the request, lower camel case) when `value` is absent. */
  require(value: unknown, path: string): void {
    if (value === undefined || value === null) this.missing.push(path);
  }

  /** Notes the DataType of every attribute that has none; the attributes themselves are checked later. */
  requireDataTypes(attributes: unknown, path: string): void {
    if (typeof attributes !== 'object' || attributes === null) return;
    for (const name of Object.keys(attributes)) {
      const value: unknown = (attributes as Record<string, unknown>)[name];
      const dataType =
        typeof value === 'object' && value !== null ? (value as { DataType?: unknown }).DataType : undefined;
      // The path is only written out for a member that is missing.
      if (dataType === undefined || dataType === null) this.missing.push(`${path}.${name}.member.dataType`);
    }
  }

  throwIfAny(): void {
    if (this.missing.length > 0) throw snsErrors.membersMissing(this.missing);
  }
}
