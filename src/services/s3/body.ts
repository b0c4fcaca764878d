/**
 * Bodies on their way in and out (docs/aws-behaviour/s3.md §5.3). In: every type `PutObject` and `UploadPart` take
 * (a string, bytes, a Blob, a Node stream, a web stream), read once into the bytes the object keeps. Out: `GetObject`'s
 * `Body`, a Node `Readable` with the SDK's `transformTo…` methods, over the kept bytes without copying them.
 */
import { Readable } from 'node:stream';

const EMPTY = Buffer.alloc(0);

/** Whether `body` is of a type a PutObject or UploadPart takes (§5.1): text, bytes, a Blob, a stream. */
export function isBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof Readable ||
    isAsyncIterable(body) ||
    isWebStream(body)
  );
}

/**
 * The bytes of a request's body: synchronous for text and bytes (the bytes copied, as they go over the wire, so a
 * caller reusing its buffer does not change the object), a promise for what must be read.
 */
export function bodyBytes(body: unknown): Buffer | Promise<Buffer> | undefined {
  if (body === undefined || body === null) return EMPTY;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  if (ArrayBuffer.isView(body)) return Buffer.from(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.arrayBuffer().then((data) => Buffer.from(data));
  if (body instanceof Readable || isAsyncIterable(body)) return collect(body as AsyncIterable<unknown>);
  if (isWebStream(body)) return collect(webChunks(body));
  return undefined;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

interface WebStream {
  getReader(): { read(): Promise<{ done: boolean; value?: unknown }>; releaseLock(): void };
}

function isWebStream(value: unknown): value is WebStream {
  return typeof value === 'object' && value !== null && typeof (value as WebStream).getReader === 'function';
}

async function* webChunks(stream: WebStream): AsyncIterable<unknown> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function collect(chunks: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') parts.push(Buffer.from(chunk, 'utf8'));
    else if (chunk instanceof Uint8Array) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else throw new TypeError(`sqs-sns-mock: a body stream gave a chunk that is not bytes or text: ${typeof chunk}`);
  }
  // One part stays as read: a stream of one chunk is not copied again.
  return parts.length === 1 ? Buffer.from(parts[0]!) : Buffer.concat(parts);
}

const TRANSFORMED = 'The stream has already been transformed.';

/**
 * `GetObject`'s `Body`: one chunk, the kept bytes themselves, and the methods the SDK's `sdkStreamMixin` adds, with
 * its behaviour and texts (a second transform throws; a web stream of a stream already flowing throws).
 * `transformToString` decodes the kept bytes directly when nothing was read yet.
 */
export class ObjectBody extends Readable {
  #bytes: Buffer | undefined;
  #transformed = false;

  constructor(bytes: Buffer) {
    super();
    this.#bytes = bytes;
  }

  override _read(): void {
    const bytes = this.#bytes;
    this.#bytes = undefined;
    if (bytes && bytes.length > 0) this.push(bytes);
    this.push(null);
  }

  async transformToByteArray(): Promise<Uint8Array> {
    this.#transform();
    const untouched = this.#untouched();
    // A copy: the caller owns what it gets, and may change it without changing the object.
    if (untouched) return new Uint8Array(untouched);
    return collect(this);
  }

  async transformToString(encoding?: string): Promise<string> {
    this.#transform();
    const bytes = this.#untouched() ?? (await collect(this));
    if (encoding === undefined || Buffer.isEncoding(encoding)) return bytes.toString(encoding);
    return new TextDecoder(encoding).decode(bytes);
  }

  transformToWebStream(): ReadableStream {
    if (this.#transformed) throw new Error(TRANSFORMED);
    if (this.readableFlowing !== null) throw new Error('The stream has been consumed by other callbacks.');
    this.#transformed = true;
    return Readable.toWeb(this) as ReadableStream;
  }

  #transform(): void {
    if (this.#transformed) throw new Error(TRANSFORMED);
    this.#transformed = true;
  }

  /** The bytes, taken out of the stream, when nothing has been read of it: the stream then ends empty. */
  #untouched(): Buffer | undefined {
    if (this.readableFlowing !== null || this.readableLength > 0 || this.#bytes === undefined) return undefined;
    const bytes = this.#bytes;
    this.#bytes = EMPTY;
    return bytes;
  }
}
