/**
 * Paging of the List actions of EventBridge and Scheduler: their NextToken is opaque, and the emulation makes it the
 * index of the next item.
 */

/** One page of a sorted list: `Limit` items from the `NextToken` offset (an opaque index here). */
export function page<T>(items: readonly T[], limit: number | undefined, nextToken: string | undefined) {
  const start = nextToken === undefined ? 0 : Number.parseInt(nextToken, 10) || 0;
  const end = limit === undefined ? items.length : start + limit;
  return { items: items.slice(start, end), nextToken: end < items.length ? String(end) : undefined };
}

export function byName<T extends { readonly name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
