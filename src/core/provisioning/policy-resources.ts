import type { CreatedResource, ProvisionContext, ResourceRequest, ResourceType } from './resource-type.js';
import { readProperties, stringItems } from './properties.js';

/**
 * The two shapes of a resource policy resource (docs/aws-behaviour/templates.md §3.2, §3.5): one document set on a
 * list of queues or topics (`Queues`, `Topics`), or on one (`Queue`, `TopicArn`). Each sets the whole `Policy` of
 * its targets; taking it back puts back what each had, the last set first.
 */

/** Sets `document` as the policy of `target` (a queue URL or topic ARN); answers how to put back what it had. */
export type SetPolicy<Internals> = (
  request: ResourceRequest,
  context: ProvisionContext<Internals>,
  target: string,
  document: string,
) => () => void;

/** The longest id a generated policy id is trimmed to (the id's format is not recorded: §8.1). */
const MAX_POLICY_ID = 255;

function applyToEach(targets: readonly string[], apply: (target: string) => () => void): () => void {
  const restores: (() => void)[] = [];
  const undo = (): void => {
    for (const restore of restores.splice(0).reverse()) {
      try {
        restore();
      } catch {
        // The target went first (its own undo ran before): there is no policy to put back.
      }
    }
  };
  try {
    for (const target of targets) restores.push(apply(target));
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

/** The list form, whose Ref is an id of its own, and the inline form, whose Ref is its target (§2.1). */
export function policyResources<Internals>(
  setPolicy: SetPolicy<Internals>,
  names: { readonly list: string; readonly single: string },
): { readonly listed: ResourceType<Internals>; readonly inline: ResourceType<Internals> } {
  const apply = (
    request: ResourceRequest,
    context: ProvisionContext<Internals>,
    targets: readonly string[],
    document: unknown,
  ) => applyToEach(targets, (target) => setPolicy(request, context, target, document as string));
  return {
    listed: {
      create(request, context): CreatedResource {
        const properties = readProperties(request, {
          properties: { [names.list]: 'list', PolicyDocument: 'json' },
          required: ['PolicyDocument', names.list],
        });
        const targets = stringItems(request, names.list, properties[names.list]);
        const undo = apply(request, context, targets, properties['PolicyDocument']);
        const id = context.generatedName(request.logicalId, MAX_POLICY_ID);
        return { ref: id, attributes: { Id: id }, undo };
      },
    },
    inline: {
      create(request, context): CreatedResource {
        const properties = readProperties(request, {
          properties: { [names.single]: 'string', PolicyDocument: 'json' },
          required: ['PolicyDocument', names.single],
        });
        const target = properties[names.single] as string;
        return { ref: target, attributes: {}, undo: apply(request, context, [target], properties['PolicyDocument']) };
      },
    },
  };
}
