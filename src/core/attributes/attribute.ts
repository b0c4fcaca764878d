import type { AwsError } from '../aws-error.js';

/**
 * One declaration per attribute of a queue, topic or subscription: the owning table (queue-attributes.ts,
 * topic-attributes.ts, subscription-attributes.ts) lists them, and Get/Set/Create, the read-only list and the
 * idempotency checks derive from that table. Adding an attribute is one entry there.
 *
 * `Draft` is what a request writes into while it is checked, `Shown` what Get reads and Create compares,
 * `Context` what a check may know of the request, `Facts` what read-only attributes are computed from.
 */
export interface SettableAttribute<Draft, Shown, Context, Facts = unknown> {
  readonly name: string;
  readonly kind: 'settable';
  /**
   * Only FIFO resources take it. `true` leaves the answer for a standard one to the table (its value check);
   * a factory gives the error a standard one answers instead.
   */
  readonly fifoOnly?: true | ((name: string) => AwsError);
  /** Checks the value as sent (its wire text) and writes its parsed meaning into the draft; throws AwsError. */
  readonly parse: (draft: Draft, raw: string, ctx: Context, name: string) => void;
  /**
   * The text GetXAttributes shows, or undefined while it is not shown; `facts` when Get passed them (a default may need
   * them).
   */
  readonly render: (shown: Shown, facts: Facts | undefined) => string | undefined;
  /** A canonical text of the value in force, compared for CreateX idempotency. */
  readonly compareKey: (shown: Shown) => string;
}

export interface ReadOnlyAttribute<Facts> {
  readonly name: string;
  readonly kind: 'readOnly';
  readonly render: (facts: Facts) => string | undefined;
}

export type AttributeSpec<Draft, Shown, Context, Facts = never> =
  SettableAttribute<Draft, Shown, Context, Facts> | ReadOnlyAttribute<Facts>;

/** A table's declarations, looked up by name (own names only: `toString` or `__proto__` find nothing). */
export class AttributeTable<Draft, Shown, Context, Facts = never> {
  /** Every name, in declaration order. */
  readonly names: readonly string[];
  /** Names Get shows but no caller may set. */
  readonly readOnlyNames: readonly string[];
  private readonly byName: ReadonlyMap<string, AttributeSpec<Draft, Shown, Context, Facts>>;

  constructor(readonly specs: readonly AttributeSpec<Draft, Shown, Context, Facts>[]) {
    const byName = new Map<string, AttributeSpec<Draft, Shown, Context, Facts>>();
    for (const spec of specs) {
      if (byName.has(spec.name)) throw new Error(`attribute ${spec.name} is declared twice`);
      byName.set(spec.name, spec);
    }
    this.byName = byName;
    this.names = Object.freeze(specs.map((spec) => spec.name));
    this.readOnlyNames = Object.freeze(specs.filter((spec) => spec.kind === 'readOnly').map((spec) => spec.name));
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The settable declaration of `name`, or undefined (unknown or read-only). */
  settable(name: string): SettableAttribute<Draft, Shown, Context, Facts> | undefined {
    const spec = this.byName.get(name);
    return spec?.kind === 'settable' ? spec : undefined;
  }

  /** What Get shows, in declaration order: settable attributes from `shown`, read-only ones from `facts`. */
  render(shown: Shown, facts?: Facts): Record<string, string> {
    const rendered: Record<string, string> = {};
    for (const spec of this.specs) {
      let text: string | undefined;
      if (spec.kind === 'settable') text = spec.render(shown, facts);
      else if (facts !== undefined) text = spec.render(facts);
      if (text !== undefined) rendered[spec.name] = text;
    }
    return rendered;
  }
}
