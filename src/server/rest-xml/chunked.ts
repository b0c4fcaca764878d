/**
 * aws-chunked bodies (docs/aws-behaviour/s3.md §6.2): chunks of `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`, a last
 * empty chunk, then trailer lines (`x-amz-checksum-crc32:<base64>`) and an empty line. The signatures are not checked
 * (wire.md §3).
 */

/** Whether the request's body is aws-chunked. */
export function isAwsChunked(headers: Readonly<Record<string, string>>): boolean {
  const encoding = headers['content-encoding'] ?? '';
  const sha = headers['x-amz-content-sha256'] ?? '';
  return encoding.split(',').some((part) => part.trim() === 'aws-chunked') || sha.startsWith('STREAMING-');
}

/** The decoded bytes and the trailers, or undefined when the body does not hold its chunks whole. */
export function decodeAwsChunked(
  body: Buffer,
): { readonly bytes: Buffer; readonly trailers: Readonly<Record<string, string>> } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size) || size < 0) return undefined;
    at = lineEnd + 2;
    if (size === 0) break;
    if (at + size > body.length) return undefined;
    parts.push(body.subarray(at, at + size));
    at += size;
    if (body.toString('latin1', at, at + 2) !== '\r\n') return undefined;
    at += 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of body.subarray(at).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts), trailers };
}
