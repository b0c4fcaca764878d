/**
 * The provider functions a stack does not need (docs/aws-behaviour/templates.md §4.1): a custom resource whose type a
 * service declares is applied by that service, natively, so the resource its `ServiceToken` names (CDK's provider
 * function, with code that cannot run here) is not created, unless something else refers to it or the test bound a
 * handler to it.
 */
import type { ReferenceWalk } from './references.js';
import { collectReferences } from './references.js';
import type { ResourceDeclaration } from './template-document.js';

/** The logical ids to leave uncreated: referred to only as the ServiceToken of natively applied custom resources. */
export function nativelyServedProviders(
  resources: readonly ResourceDeclaration[],
  isNative: (type: string) => boolean,
  boundHandler: (logicalId: string) => boolean,
  walk: ReferenceWalk,
): ReadonlySet<string> {
  const providers = new Set<string>();
  const usedOtherwise = new Set<string>();
  for (const resource of resources) {
    const at = { section: 'Resources' as const, logicalId: resource.logicalId, path: ['Properties'] };
    const properties = (resource.properties ?? {}) as Record<string, unknown>;
    if (resource.type.startsWith('Custom::') && isNative(resource.type)) {
      const { ServiceToken: token, ...rest } = properties;
      for (const reference of collectReferences(token, walk, at)) providers.add(reference.name);
      for (const reference of collectReferences(rest, walk, at)) usedOtherwise.add(reference.name);
    } else {
      for (const reference of collectReferences(properties, walk, at)) usedOtherwise.add(reference.name);
    }
  }
  return new Set([...providers].filter((id) => !usedOtherwise.has(id) && !boundHandler(id)));
}
