/**
 * event-ruler's array consistency [E]: when matching a JSON event it "will refuse to recognize any match in which
 * any two fields are within JSON objects that are in different elements of the same array". So
 * `{"employees": {"first": ["Anna"], "last": ["Jones"]}}` does not match
 * `{"employees": [{"first": "Anna", "last": "Smith"}, {"first": "Peter", "last": "Jones"}]}`.
 *
 * A value's membership lists, for each array of objects (or of arrays) it sits inside, that array's id and the
 * element index: `[arrayId, index, arrayId, index, …]`, outermost first. Scalars directly inside an array add
 * nothing for that array (event-ruler records membership only when entering an object or array element), so
 * `{"tags": ["a", "b"]}` never constrains anything.
 */
export type Membership = readonly number[];

/** Two memberships agree when every array they both sit in is entered at the same index. */
function consistent(membership: Membership, chosen: ReadonlyMap<number, number>): boolean {
  for (let i = 0; i < membership.length; i += 2) {
    const index = chosen.get(membership[i] as number);
    if (index !== undefined && index !== membership[i + 1]) return false;
  }
  return true;
}

/**
 * True when one membership can be taken from each list so that all taken agree. Backtracking over the keys of one
 * policy alternative (a handful), trying the shortest list first; duplicate memberships are tried once.
 */
export function consistentChoiceExists(lists: readonly (readonly Membership[])[]): boolean {
  const ordered = lists.map(distinct).sort((a, b) => a.length - b.length);
  const chosen = new Map<number, number>();
  const search = (depth: number): boolean => {
    const candidates = ordered[depth];
    if (candidates === undefined) return true;
    for (const membership of candidates) {
      if (!consistent(membership, chosen)) continue;
      const added: number[] = [];
      for (let i = 0; i < membership.length; i += 2) {
        const arrayId = membership[i] as number;
        if (!chosen.has(arrayId)) {
          chosen.set(arrayId, membership[i + 1] as number);
          added.push(arrayId);
        }
      }
      if (search(depth + 1)) return true;
      for (const arrayId of added) chosen.delete(arrayId);
    }
    return false;
  };
  return search(0);
}

function distinct(memberships: readonly Membership[]): readonly Membership[] {
  if (memberships.length < 2) return memberships;
  const seen = new Map<string, Membership>();
  for (const membership of memberships) seen.set(membership.join(','), membership);
  return [...seen.values()];
}
