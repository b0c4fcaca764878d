import { filterInput, type FilterInput } from '../filter-policy/index.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import type { Subscription } from '../subscription.js';

/** Never expected: the policy's reason and its verdict are computed by the same checks (filter-policy/compile.ts). */
const UNEXPLAINED = 'the filter policy did not match';

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

  /**
   * Words why `subscription`, which does not accept the message, left it out: a function run on first read of the
   * record's `filterReason`, so matching costs no text. It keeps the policy as it is now (a later
   * SetSubscriptionAttributes does not change the reason) and builds its own input, so a record kept in the topic's
   * history holds no parsed body.
   */
  missReason(subscription: Subscription, body: string): () => string {
    const policy = subscription.filterPolicy?.compiled;
    const attributes = this.attributes;
    return () => policy?.explainMiss(filterInput(attributes, body)) ?? UNEXPLAINED;
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
