/** A percent-encoded path segment as text; a malformed escape stays as sent, for the action to refuse. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
