/**
 * What an account's stacks share: their names and their exports, per region (docs/aws-behaviour/templates.md §1.4).
 * An export made by one `provision` is what `Fn::ImportValue` reads in the next; `aws.reset()` forgets them.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';
import type { Stack } from '../stack.js';

export interface StackExport {
  readonly value: string;
  readonly stackName: string;
}

export class StackRegistry {
  private readonly stacks = new Set<string>();
  private readonly exports = new Map<string, StackExport>();
  private readonly provisioned: Stack[] = [];

  hasStack(region: string, stackName: string): boolean {
    return this.stacks.has(key(region, stackName));
  }

  exportNamed(region: string, name: string): StackExport | undefined {
    return this.exports.get(key(region, name));
  }

  /** Records a stack that provisioned, and its exports: all of them or (on a name taken) none. */
  register(region: string, stackName: string, exports: ReadonlyMap<string, string>): void {
    for (const name of exports.keys()) {
      const taken = this.exportNamed(region, name);
      if (taken) {
        throw new TemplateError(`Export with name ${name} is already exported by stack ${taken.stackName}`);
      }
    }
    this.stacks.add(key(region, stackName));
    for (const [name, value] of exports) this.exports.set(key(region, name), { value, stackName });
  }

  /** Keeps a stack that stood up, for the list of the account's stacks. */
  remember(stack: Stack): void {
    this.provisioned.push(stack);
  }

  /** The stacks provisioned since the last reset, oldest first. */
  list(): readonly Stack[] {
    return this.provisioned;
  }

  reset(): void {
    this.stacks.clear();
    this.exports.clear();
    this.provisioned.length = 0;
  }
}

function key(region: string, name: string): string {
  return `${region}\n${name}`;
}
