import { snsErrors } from '../errors.js';

/**
 * SNS list pagination: pages of a fixed size with an opaque, base64-decodable token, and no token on
 * the last page (docs/aws-behaviour/sns.md §1, §2).
 */
export function paginateByToken<T>(
  items: readonly T[],
  pageSize: number,
  nextToken: unknown,
): { page: T[]; nextToken: string | undefined } {
  let start = 0;
  if (nextToken !== undefined && nextToken !== null) {
    const decoded = typeof nextToken === 'string' ? Number(Buffer.from(nextToken, 'base64').toString('utf8')) : NaN;
    // Not recorded from AWS: the text a malformed token gets.
    if (!Number.isInteger(decoded) || decoded < 0) throw snsErrors.invalidParameterNamed('NextToken');
    start = decoded;
  }
  const page = items.slice(start, start + pageSize);
  const end = start + page.length;
  return { page, nextToken: end < items.length ? Buffer.from(String(end), 'utf8').toString('base64') : undefined };
}
