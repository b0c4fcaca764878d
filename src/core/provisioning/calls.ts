import { AwsError } from '../aws-error.js';
import { internalRequest, type RequestContext } from '../request-context.js';
import { TemplateError, type ProvisionContext, type ResourceRequest } from './resource-type.js';

/**
 * A resource is created by the same action handlers the SDK's commands reach, so it gets the same defaults,
 * validation and error texts as those calls (docs/aws-behaviour/templates.md §3). This module makes the request
 * context such a call needs and turns the service's error into the template's.
 */

/** The context of one call made on the stack's behalf, by the account itself, in `region` (default the stack's). */
export function callContext(context: ProvisionContext, region: string = context.region): RequestContext {
  return internalRequest(context.account, region);
}

/**
 * The property an error is about: the first of the request's properties (or their API names) its text names as a
 * word, e.g. "Invalid value for the parameter DelaySeconds." names DelaySeconds; failing that, in any case, as SNS
 * writes some ("Invalid parameter: SQS endpoint ARN", "... this protocol string: ...").
 */
function propertyNamedIn(text: string, names: readonly string[]): string | undefined {
  const named = (flags: string) => (name: string) => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`, flags).test(text);
  return names.find(named('')) ?? names.find(named('i'));
}

/** A resource that failed, with the service's text, as CloudFormation reports the failing resource. */
export function resourceFailed(request: ResourceRequest, text: string, property?: string): TemplateError {
  return new TemplateError(`${request.logicalId} (${request.type}): ${text}`, request.logicalId, property);
}

/**
 * Runs a call of the service; its AwsError becomes a TemplateError with AWS's text, naming the resource and, where
 * the text names one, the property (`property` when the caller knows it better). Other errors pass unchanged.
 */
export function callService<T>(request: ResourceRequest, call: () => T, property?: string): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof AwsError) {
      const named = property ?? propertyNamedIn(error.message, Object.keys(request.properties));
      throw resourceFailed(request, error.message, named);
    }
    throw error;
  }
}

/**
 * CloudFormation's handlers refuse to take over a resource of the same name that exists already (the SNS handler
 * checks first, docs/aws-behaviour/templates.md §3.3), rather than answering it as the idempotent API would.
 */
export function alreadyExists(request: ResourceRequest, identifier: string, property: string): TemplateError {
  return resourceFailed(
    request,
    `Resource of type '${request.type}' with identifier '${identifier}' already exists.`,
    property,
  );
}
