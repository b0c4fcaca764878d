import { ANY_VALUE, PinnedIndex, pinnedValues, type Pinned } from '../../core/event-patterns/pinned-index.js';
import type { CompiledFilterPolicy, FilterInput } from './filter-policy/index.js';
import type { Subscription } from './subscription.js';
import { SubscriptionSnapshot } from './subscription-snapshot.js';

/**
 * A topic's subscriptions filed by an exact value their filter policies require, so that a publish matches in full
 * only the subscriptions that can take the message: those filed under a value the message has, and those the index
 * cannot file (no policy, or no key pinned to exact strings in every `$or` alternative: src/core/event-patterns/
 * pinned-index.ts, shared with EventBridge's rules). The key is the policy's first key so pinned, in its key order
 * (docs/aws-behaviour/sns.md §10.8).
 *
 * A pinned key holds only for a string value in its set: a String attribute with one of them, a String.Array with an
 * element among them, a body whose value (or an element of an array) at the path is one; a Number attribute is a
 * number, which no exact string matches (docs/aws-behaviour/sns.md §10.2). So a subscription left out of the
 * candidates would have been filtered out; the fan-out still records it so, with the reason worded when read, from
 * its policy as a check of every subscription would (fan-out.ts). Filing does not depend on the subscription's
 * confirmation or replay state, which the fan-out checks on every subscription as before.
 */
export class SubscriptionIndex {
  private readonly index = new PinnedIndex<Subscription>();
  /**
   * The policy each pinned subscription was filed with. A subscription whose policy is no longer that one (changed
   * without being filed again) is never left out on its old filing: it is matched in full.
   */
  private readonly pinnedWith = new Map<Subscription, CompiledFilterPolicy>();
  /** Each index key's path (pathOf). */
  private readonly paths = new Map<string, string>();

  /** Files `subscription` afresh at `order` (its place among the topic's), after any change to its filter policy. */
  file(subscription: Subscription, order: number): void {
    const policy = subscription.filterPolicy?.compiled;
    const pinned = policy && pinnedKey(policy);
    this.index.file(subscription, order, pinned);
    if (pinned === undefined) this.pinnedWith.delete(subscription);
    else this.pinnedWith.set(subscription, policy!);
  }

  remove(subscription: Subscription): void {
    this.index.remove(subscription);
    this.pinnedWith.delete(subscription);
  }

  clear(): void {
    this.index.clear();
    this.pinnedWith.clear();
  }

  /** Whether the index can leave any subscription out: some subscription is pinned. */
  get pinsAny(): boolean {
    return this.index.pinsAny;
  }

  /**
   * The subscriptions that may take a message, in the topic's order. `input` is the message's; its body is what a
   * MessageBody policy sees unless `bodyPerProtocol` (MessageStructure=json: each protocol gets its own text, so
   * subscriptions pinned on a body key are all candidates).
   */
  candidates(input: FilterInput, bodyPerProtocol: boolean): readonly Subscription[] {
    return this.index.candidates((key) => {
      const path = this.pathOf(key);
      if (key[0] === BODY) return bodyPerProtocol ? ANY_VALUE : input.bodyFields()?.get(path)?.values;
      const value = input.attributeValue(path);
      if (value.kind === 'array') return value.leaves;
      if (value.kind !== 'scalar') return undefined;
      // Read at once by the index and let go: one array serves every call.
      ONE_VALUE[0] = value.leaf;
      return ONE_VALUE;
    });
  }

  /** An index key's path, cut out once per key rather than on every publish. */
  private pathOf(key: string): string {
    let path = this.paths.get(key);
    if (path === undefined) this.paths.set(key, (path = key.slice(1)));
    return path;
  }

  /** Whether `subscription`, not among a message's candidates, is known to be filtered out: filed as it is now. */
  leavesOut(subscription: Subscription): boolean {
    const policy = this.pinnedWith.get(subscription);
    return policy !== undefined && policy === subscription.filterPolicy?.compiled;
  }
}

/** Index keys name the scope first: an attribute and a body path of the same name are different keys. */
const ATTRIBUTE = 'a';
const BODY = 'b';

/** A scalar attribute's value as the index reads it (`candidates`). */
const ONE_VALUE: unknown[] = [undefined];

/** The first key of the policy pinned to exact strings in all its alternatives, named with its scope. */
function pinnedKey(policy: CompiledFilterPolicy): Pinned | undefined {
  const { alternatives, scope } = policy;
  const paths = alternatives.list[0]?.map((condition) => condition.path) ?? [];
  const pinned = pinnedValues(alternatives, paths);
  if (pinned === undefined) return undefined;
  return { key: (scope === 'MessageBody' ? BODY : ATTRIBUTE) + pinned.key, values: pinned.values };
}

/**
 * A topic's subscriptions by ARN, in the order they were made (a Map keeps it: a subscription removed and made again
 * goes last), keeping `index` up to date on every change; `refile` after a change of its filter policy.
 */
export class TopicSubscriptions extends Map<string, Subscription> {
  readonly index = new SubscriptionIndex();
  private readonly places = new Map<string, number>();
  private nextPlace = 0;
  /** Counts the changes made through this map, which a snapshot of the subscriptions must not predate. */
  private version = 0;
  private taken: SubscriptionSnapshot | undefined;

  /** The confirmed subscriptions as they are now, taken afresh only after a change (subscription-snapshot.ts). */
  snapshot(): SubscriptionSnapshot {
    if (this.taken === undefined || !this.taken.describes(this.version))
      this.taken = new SubscriptionSnapshot(this.values(), (s) => this.index.leavesOut(s), this.version);
    return this.taken;
  }

  override set(arn: string, subscription: Subscription): this {
    const previous = super.get(arn);
    if (previous !== undefined && previous !== subscription) this.index.remove(previous);
    super.set(arn, subscription);
    this.refile(subscription);
    return this;
  }

  override delete(arn: string): boolean {
    const subscription = super.get(arn);
    if (subscription !== undefined) this.index.remove(subscription);
    this.version++;
    this.places.delete(arn);
    return super.delete(arn);
  }

  override clear(): void {
    this.version++;
    this.index.clear();
    this.places.clear();
    super.clear();
  }

  /** Files `subscription` again after its filter policy or scope changed; one not of this topic is left out. */
  refile(subscription: Subscription): void {
    if (super.get(subscription.arn) !== subscription) return;
    this.version++;
    let place = this.places.get(subscription.arn);
    if (place === undefined) this.places.set(subscription.arn, (place = this.nextPlace++));
    this.index.file(subscription, place);
  }
}
