/**
 * Jackson's `JsonLocation.toString()`, which ends the messages of JSON errors SNS passes on:
 * `[Source: <description>; line: <L>, column: <C>]`. Lines and columns are 1-based; CR, LF and CRLF each end a line.
 *
 * How the input is described depends on the parser's `StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION`:
 * - `'redacted'`, the default since Jackson 2.16 and what SNS's own JSON reading shows (RedrivePolicy and FilterPolicy
 *   syntax errors recorded in 2025 and 2026): `REDACTED (...)`.
 * - `'text'`, which event-ruler switches on for its rule compiler (since its Jackson 2.16 upgrade, 2023-11), so SNS's
 *   filter-policy validation errors quote the policy (recorded 2024): `(String)"<text>"`, at most 500 characters of it
 *   (`ErrorReportConfiguration.DEFAULT_MAX_RAW_CONTENT_LENGTH`) followed by `[truncated N chars]`, and ISO control
 *   characters other than CR and LF written as `\uXXXX`.
 * (docs/aws-behaviour/sns.md §10.6)
 */
export type LocationSource = 'redacted' | 'text';

const REDACTED = 'REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';
const MAX_SOURCE_CHARS = 500;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/** The location of `offset` (a UTF-16 index into `text`; `text.length` is the end of the input). */
export function jacksonLocation(text: string, offset: number, source: LocationSource): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) {
      if (code === CARRIAGE_RETURN && text.charCodeAt(i + 1) === LINE_FEED) i++;
      line++;
      lineStart = i + 1;
    }
  }
  const description = source === 'redacted' ? REDACTED : quotedSource(text);
  return `[Source: ${description}; line: ${line}, column: ${offset - lineStart + 1}]`;
}

/** `ContentReference.appendSourceDescription` for a String. */
function quotedSource(text: string): string {
  const shown = text.length > MAX_SOURCE_CHARS ? text.slice(0, MAX_SOURCE_CHARS) : text;
  const escaped = shown.replace(
    ISO_CONTROL,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  const truncated = text.length > MAX_SOURCE_CHARS ? `[truncated ${text.length - MAX_SOURCE_CHARS} chars]` : '';
  return `(String)"${escaped}"${truncated}`;
}

/** Java's `Character.isISOControl`, less CR and LF, which Jackson leaves as they are. */
const ISO_CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
