import { filterInput, type FilterInput } from '../filter-policy/index.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import type { Subscription } from '../subscription.js';

/**
 * Filter-policy decisions for one published message. The matcher's input is built once per distinct body: with
 * MessageStructure=json each protocol's own string is what a MessageBody-scope policy looks at
 * (docs/aws-behaviour/sns.md §5 [I]), so two protocols may see different bodies; most messages have one body and parse
 * it at most once.
 */
export class MessageFilter {
  /** The input of the body asked for first, which is the only one unless MessageStructure=json. */
  private first: FilterInput | undefined;
  private others: Map<string, FilterInput> | undefined;

  constructor(private readonly attributes: SnsMessageAttributes) {}

  /** Whether `subscription` takes the message whose body its endpoint would get; no policy takes everything. */
  accepts(subscription: Subscription, body: string): boolean {
    const policy = subscription.filterPolicy;
    if (!policy) return true;
    return policy.compiled.matches(this.input(body));
  }

  private input(body: string): FilterInput {
    if (this.first === undefined) return (this.first = filterInput(this.attributes, body));
    if (this.first.body === body) return this.first;
    this.others ??= new Map();
    let input = this.others.get(body);
    if (input === undefined) this.others.set(body, (input = filterInput(this.attributes, body)));
    return input;
  }
}
