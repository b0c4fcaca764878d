/**
 * The order resources are created in (docs/aws-behaviour/templates.md §1.7): a resource after everything it
 * refers to or `DependsOn`; otherwise in template order, so that a provision is reproducible.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';

/** @param dependencies for each logical id, in template order, the logical ids it must follow. */
export function creationOrder(dependencies: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  let progress = true;
  while (progress && order.length < dependencies.size) {
    progress = false;
    for (const [id, needs] of dependencies) {
      if (placed.has(id) || ![...needs].every((need) => placed.has(need))) continue;
      order.push(id);
      placed.add(id);
      progress = true;
    }
  }
  if (order.length < dependencies.size) {
    const cycle = [...dependencies.keys()].filter((id) => !placed.has(id) && reachesItself(id, dependencies));
    throw new TemplateError(`Circular dependency between resources: [${cycle.join(', ')}]`, cycle[0]);
  }
  return order;
}

function reachesItself(start: string, dependencies: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const seen = new Set<string>();
  const pending = [...(dependencies.get(start) ?? [])];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(dependencies.get(id) ?? []));
  }
  return false;
}
