/**
 * How `aws.sqs.queue(name)` and `aws.sns.topic(name)` find a resource by name (api.md "A message's journey"): in the
 * account's default region, else in the one other region that has that name; several such regions, or none, is an
 * error that says which regions have it, or which names come close. Only names are read, never messages.
 */

/** What a view lookup by name reads of a service: its resources by region, then name. */
export type ByRegion<T> = ReadonlyMap<string, ReadonlyMap<string, T>>;

export interface NameLookup {
  /** `queue`, `topic`: for the error. */
  readonly noun: string;
  readonly accountId: string;
  /** The account's default region, where the name is looked up first. */
  readonly region: string;
  /** How to name it unambiguously instead, for the error: `its URL or ARN`. */
  readonly byAddress: string;
}

/** The resource of that name in the default region, else in the only region that has one; throws otherwise. */
export function findByNameInOneRegion<T>(byRegion: ByRegion<T>, name: string, lookup: NameLookup): T {
  const home = byRegion.get(lookup.region)?.get(name);
  if (home) return home;
  const regions = [...byRegion].filter(([, byName]) => byName.has(name)).map(([region]) => region);
  if (regions.length === 1) return byRegion.get(regions[0]!)!.get(name)!;
  const missing = `sqs-sns-mock: no ${lookup.noun} "${name}" in account ${lookup.accountId}, region ${lookup.region}`;
  if (regions.length > 1) {
    throw new Error(
      `${missing}, and ${regions.length} other regions have one: ${regions.sort().join(', ')} (name it by ` +
        `${lookup.byAddress} to choose)`,
    );
  }
  const near = nearMisses(name, byRegion, lookup.region);
  throw new Error(near.length ? `${missing}, nor in another region; close: ${near.join(', ')}` : missing);
}

const MOST_NEAR_MISSES = 5;

/**
 * Names a slip would explain, each with its region (the default region's first): another case, with or without
 * `.fifo`, or at most two letters changed, added or dropped.
 */
function nearMisses<T>(wanted: string, byRegion: ByRegion<T>, home: string): string[] {
  const found: string[] = [];
  const regions = [...byRegion.keys()].sort((a, b) => Number(b === home) - Number(a === home) || (a < b ? -1 : 1));
  for (const region of regions) {
    for (const name of byRegion.get(region)!.keys()) {
      if (found.length < MOST_NEAR_MISSES && isNear(wanted, name)) found.push(`"${name}" (${region})`);
    }
  }
  return found;
}

function isNear(wanted: string, name: string): boolean {
  const plain = (text: string) => text.toLowerCase().replace(/\.fifo$/, '');
  const [a, b] = [plain(wanted), plain(name)];
  return a === b || (Math.min(a.length, b.length) > 3 && withinTwoEdits(a, b));
}

/** Whether two texts are at most two single-letter edits apart (Levenshtein), stopping once every row is past it. */
function withinTwoEdits(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...row) > 2) return false;
    previous = row;
  }
  return previous[b.length]! <= 2;
}
