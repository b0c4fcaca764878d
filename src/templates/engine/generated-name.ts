/**
 * The physical name CloudFormation gives a resource without one: `<stack>-<logicalId>-<12 random characters>`,
 * the stack and logical id trimmed evenly to fit the type's maximum length (docs/aws-behaviour/templates.md §3.1,
 * after AWS's `IdentifierUtils`). A suffix such as `.fifo` is kept whole at the end.
 */
const RANDOM_LENGTH = 12;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generatedName(
  stackName: string,
  logicalId: string,
  maxLength: number,
  random: () => number,
  suffix = '',
): string {
  const length = maxLength - suffix.length;
  const cleanStack = stackName.replace(/^-+/, '').replace(/-{2,}/g, '-');
  // Below this the stack and logical id are run together without a dash, as AWS's helper does.
  const separate = length > 17;
  const [stackChars, idChars] = fairSplit(length - (RANDOM_LENGTH + 1) - (separate ? 1 : 0), [
    cleanStack.length,
    logicalId.length,
  ]);
  const prefix = cleanStack.slice(0, stackChars) + (separate ? '-' : '') + logicalId.slice(0, idChars);
  const kept = prefix.slice(0, Math.max(0, length - (RANDOM_LENGTH + 1)));
  let tail = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) tail += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `${kept ? `${kept}-` : ''}${tail}${suffix}`;
}

/** Shares `capacity` between the wanted lengths evenly, giving what one does not need to the other. */
function fairSplit(capacity: number, wanted: readonly [number, number]): [number, number] {
  const given: [number, number] = [0, 0];
  let left = Math.max(0, capacity);
  while (left > 0 && (given[0] < wanted[0] || given[1] < wanted[1])) {
    const share = left < 2 ? 1 : Math.floor(left / 2);
    for (const i of [0, 1] as const) {
      const more = Math.min(share, wanted[i] - given[i], left);
      given[i] += more;
      left -= more;
    }
  }
  return given;
}
