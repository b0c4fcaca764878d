import { snsErrors } from '../errors.js';

/**
 * Documented as "less than 100 characters"; the catalogue reads it as at most 100 (docs/aws-behaviour/sns.md §3) [D].
 */
const MAX_SUBJECT_CHARACTERS = 100;
/** Line breaks and other control characters are not allowed anywhere, nor anything beyond ASCII [D]. */
const CONTROL_OR_NOT_ASCII = /[\p{Cc}\u0080-\u{10FFFF}]/u;

/**
 * Subject: absent is fine; "" gives "Invalid parameter: Subject" [V]. Other violations of the documented rules (too
 * long, control characters or anything beyond ASCII, starting with white space instead of a letter, digit or
 * punctuation) give the same text, which is not recorded for them.
 */
export function checkSubject(subject: unknown): string | undefined {
  if (subject === undefined || subject === null) return undefined;
  if (
    typeof subject !== 'string' ||
    subject === '' ||
    [...subject].length > MAX_SUBJECT_CHARACTERS ||
    CONTROL_OR_NOT_ASCII.test(subject) ||
    /^\s/u.test(subject)
  ) {
    throw snsErrors.invalidParameterNamed('Subject');
  }
  return subject;
}
