import { filterInput, type FilterInput } from '../filter-policy/index.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import type { Subscription } from '../subscription.js';

/**
 * Filter-policy decisions for one published message. The matcher's input is built once per distinct body: with
 * MessageStructure=json each protocol's own string is what a MessageBody-scope policy looks at (spec §5 [I]), so
 * two protocols may see different bodies; most messages have one body and parse it at most once.
 */
export class MessageFilter {
  private readonly inputs = new Map<string, FilterInput>();

  constructor(private readonly attributes: SnsMessageAttributes) {}

  /** Whether `subscription` takes the message whose body its endpoint would get; no policy takes everything. */
  accepts(subscription: Subscription, body: string): boolean {
    const policy = subscription.filterPolicy;
    if (!policy) return true;
    let input = this.inputs.get(body);
    if (!input) {
      input = filterInput(this.attributes, body);
      this.inputs.set(body, input);
    }
    return policy.compiled.matches(input);
  }
}
