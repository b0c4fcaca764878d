import type { CompiledFilterPolicy } from '../filter-policy/compile.js';
import { filterInput, type FilterInput } from '../filter-policy/input.js';
import type { Delivery } from '../published.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import type { Subscription } from '../subscription.js';
import type { OfferedSubscription } from '../subscription-snapshot.js';

/**
 * The record of a message a subscription's filter policy left out, with a reason AWS does not give (an emulation aid,
 * docs/aws-behaviour/sns.md §10.7). The reason differs per message, and wording it costs more than the match did, so
 * it is worded on first read of `filterReason` (a getter: the topic view's copies read it through, views.ts) and then
 * kept. It holds the policy as it was at publish (a later SetSubscriptionAttributes does not change the reason) and
 * builds its own input from the message's attributes and body, which the topic's history holds anyway, so a record
 * holds no parsed body.
 */
export class FilteredOut implements Delivery {
  readonly subscriptionArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  readonly delivered = false;
  readonly filteredOut = true;
  readonly #policy: CompiledFilterPolicy | undefined;
  #attributes: SnsMessageAttributes;
  #body: string;
  #reason: string | undefined;

  constructor(
    subscription: Pick<OfferedSubscription, 'arn' | 'protocol' | 'endpoint' | 'policy'>,
    attributes: SnsMessageAttributes,
    body: string,
  ) {
    this.subscriptionArn = subscription.arn;
    this.protocol = subscription.protocol;
    this.endpoint = subscription.endpoint;
    this.#policy = subscription.policy;
    this.#attributes = attributes;
    this.#body = body;
  }

  get filterReason(): string {
    return (this.#reason ??= this.#policy?.explainMiss(filterInput(this.#attributes, this.#body)) ?? UNEXPLAINED);
  }

  /** The topic's history let the message go: drop the body and attributes, and with them a reason not yet read. */
  release(): void {
    this.#reason ??= FORGOTTEN;
    this.#attributes = {};
    this.#body = '';
  }
}

/** A reason not read before the topic's `publishedHistory` let its message go. */
const FORGOTTEN = "not worded: the topic's publishedHistory let the message go before its reason was read";

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

  /** The record of the message `subscription` left out; its `filterReason` is worded on first read. */
  filteredOut(subscription: Subscription, body: string): Delivery {
    const { arn, protocol, endpoint } = subscription;
    return new FilteredOut(
      { arn, protocol, endpoint, policy: subscription.filterPolicy?.compiled },
      this.attributes,
      body,
    );
  }

  /** The matcher's input for the message with this body, built once and shared. */
  input(body: string): FilterInput {
    if (this.first === undefined) return (this.first = filterInput(this.attributes, body));
    if (this.first.body === body) return this.first;
    this.others ??= new Map();
    let input = this.others.get(body);
    if (input === undefined) this.others.set(body, (input = filterInput(this.attributes, body)));
    return input;
  }
}
