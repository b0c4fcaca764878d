/**
 * The wildcard matching of IAM policy elements (docs/aws-behaviour/sns.md §7.2): `*` any run of characters, `?`
 * any one character, everything else literal. Each pattern becomes a RegExp once, when its policy is compiled.
 */

/** Whole-string match, as StringLike does and Action does (case-insensitively). */
export function globPattern(pattern: string, ignoreCase = false): RegExp {
  return new RegExp(`^${globSource(pattern, '.')}$`, ignoreCase ? 'is' : 's');
}

/**
 * Resource ARNs: a wildcard stays inside its colon-separated segment, except that a `*` ending a segment may reach
 * past colons (IAM's Resource element).
 */
export function resourcePattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*') source += i + 1 === pattern.length || pattern[i + 1] === ':' ? '.*' : '[^:]*';
    else if (char === '?') source += '[^:]';
    else source += escapeChar(char);
  }
  return new RegExp(`^${source}$`, 's');
}

/** ArnEquals and ArnLike: an ARN's six colon-separated parts, each matched on its own (the last keeps its colons). */
export interface ArnPattern {
  readonly parts: readonly RegExp[];
}

export function arnPattern(pattern: string): ArnPattern | undefined {
  const parts = arnParts(pattern);
  return parts && { parts: parts.map((part) => globPattern(part)) };
}

export function matchesArn(pattern: ArnPattern, value: string): boolean {
  const parts = arnParts(value);
  return parts !== undefined && pattern.parts.every((part, i) => part.test(parts[i]!));
}

/** `arn:partition:service:region:account:resource`, or undefined for a value with fewer than six parts. */
function arnParts(value: string): string[] | undefined {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < 5; i++) {
    const colon = value.indexOf(':', start);
    if (colon < 0) return undefined;
    parts.push(value.slice(start, colon));
    start = colon + 1;
  }
  parts.push(value.slice(start));
  return parts;
}

function globSource(pattern: string, any: string): string {
  let source = '';
  for (const char of pattern) {
    if (char === '*') source += `${any}*`;
    else if (char === '?') source += any;
    else source += escapeChar(char);
  }
  return source;
}

function escapeChar(char: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char;
}
