/**
 * The errors of connections and API destinations (docs/aws-behaviour/eventbridge.md §14), in AWS's words, built on
 * EventBridge's one error table (errors.ts). Texts are written only here.
 */
import { eventsError } from './errors.js';

/**
 * §14.3: AWS's request layer reports every constraint a request breaks in one ValidationException. Checks add what
 * they find in the order of the request shape; `throwIfAny` raises them together.
 */
export class Violations {
  private readonly found: string[] = [];

  /** `Value '<value>' at '<at>' failed to satisfy constraint: <rule>`. */
  add(value: string, at: string, rule: string): void {
    this.found.push(`Value '${value}' at '${at}' failed to satisfy constraint: ${rule}`);
  }

  /** A required member absent: `Value null at '<at>' …: Member must not be null`. */
  missing(at: string): void {
    this.found.push(`Value null at '${at}' failed to satisfy constraint: Member must not be null`);
  }

  get count(): number {
    return this.found.length;
  }

  throwIfAny(): void {
    const count = this.found.length;
    if (count === 0) return;
    const head = count === 1 ? '1 validation error detected' : `${count} validation errors detected`;
    throw eventsError('ValidationException', `${head}: ${this.found.join('; ')}`);
  }
}

/** The rules of §14.3, in AWS's usual wording. */
export const CONSTRAINT_RULES = {
  pattern: (pattern: string) => `Member must satisfy regular expression pattern: ${pattern}`,
  maxLength: (max: number) => `Member must have length less than or equal to ${max}`,
  minLength: (min: number) => `Member must have length greater than or equal to ${min}`,
  minValue: (min: number) => `Member must have value greater than or equal to ${min}`,
  maxValue: (max: number) => `Member must have value less than or equal to ${max}`,
  enumSet: (values: readonly string[]) => `Member must satisfy enum value set: [${values.join(', ')}]`,
};

export const apiDestinationErrors = {
  // §14.1 [AWS-snap]
  connectionNotDescribed: (name: string) =>
    eventsError(
      'ResourceNotFoundException',
      `Failed to describe the connection(s). Connection '${name}' does not exist.`,
    ),
  // §14.1 [3P moto]: the end of AWS's Describe text
  connectionNotFound: (name: string) =>
    eventsError('ResourceNotFoundException', `Connection '${name}' does not exist.`),
  // §14.1 [3P LocalStack]
  connectionExists: (name: string) =>
    eventsError('ResourceAlreadyExistsException', `Connection ${name} already exists.`),
  // §14.2 [AWS-snap]
  destinationNotDescribed: (name: string) =>
    eventsError(
      'ResourceNotFoundException',
      `Failed to describe the api-destination(s). An api-destination '${name}' does not exist.`,
    ),
  // §14.2 [3P moto]
  destinationNotFound: (name: string) =>
    eventsError('ResourceNotFoundException', `An api-destination '${name}' does not exist.`),
  // §14.2 [3P LocalStack]
  destinationExists: (name: string) =>
    eventsError('ResourceAlreadyExistsException', `An api-destination '${name}' already exists.`),
  // §14.1, §14.2 [Docs quotas]: the table's default text
  tooMany: () => eventsError('LimitExceededException'),
  // §14.3 Emulation: AWS's text is not recorded.
  authParametersFor: (type: string, member: string) =>
    eventsError('ValidationException', `The AuthParameters of a ${type} connection must contain ${member}.`),
};
