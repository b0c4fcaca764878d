/**
 * A service's wire binding: how its actions travel over HTTP, as data that the server's codecs read (one codec per
 * protocol, src/server/codecs/), so that the server names no service and a service names no codec
 * (docs/aws-behaviour/wire.md). Each service's module gives its binding (`wire`), loaded by the server only.
 */
import type { AwsError } from '../aws-error.js';
import type { InputShape, Structure } from '../input-shape.js';
import type { QueryService } from './query-shapes.js';

/** What a binding's own code may read of one request: where it was sent, and the regions it acts in. */
export interface WireExchange {
  /** The path, percent-encoded as sent. */
  readonly path: string;
  /** `host:port` the client reached the server by. */
  readonly host: string;
  /** The region the request acts in: its signing scope's, else the account's. */
  readonly region: string;
  /** The account's default region. */
  readonly accountRegion: string;
}

/** What a service adds to a codec: members it rewrites on the way in and out (SQS's queue URLs, wire.md §9). */
export interface WireHooks {
  incoming?(input: Record<string, unknown>, exchange: WireExchange): Record<string, unknown>;
  outgoing?(output: object, exchange: WireExchange): object;
}

/**
 * AWS JSON 1.0 / 1.1 (wire.md §4): `X-Amz-Target: <targetPrefix>.<Action>`, a JSON body each way, the error's name in
 * `__type`.
 */
export interface JsonRpcBinding extends WireHooks {
  readonly targetPrefix: string;
  readonly version: '1.0' | '1.1';
  /** What `__type` puts before the error's name: SQS's `com.amazonaws.sqs#` (wire.md §4.3); none for EventBridge. */
  readonly errorTypePrefix?: string;
  /** SQS's JSON is query-compatible: every error also says its query code in `x-amzn-query-error` (wire.md §4.3). */
  readonly queryCompatible?: boolean;
  /** Members that are blobs (base64 on the wire), and lists of blobs, wherever they are nested. */
  readonly blobs?: { readonly members: ReadonlySet<string>; readonly lists: ReadonlySet<string> };
  /** Members that are timestamps (epoch seconds on the wire), wherever they are nested. */
  readonly timestamps?: ReadonlySet<string>;
}

/** One operation's HTTP binding in REST-JSON, as the SDK's own serializer writes it. */
export interface RestRoute {
  readonly action: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path; its one group, if any, is the label. */
  readonly path: RegExp;
  /** The input member the path's label fills. */
  readonly label?: string;
  /** Query parameters, by their name on the wire: the input member each fills. */
  readonly query?: Readonly<Record<string, string>>;
  /** Headers, by lower-case name: the input member each fills. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The rest of the input is the JSON body; or the raw body is this one blob member (Invoke's `Payload`). */
  readonly body?: true | { readonly payload: string };
  /** The output's members that go out as headers, by lower-case header name; and the member that is the raw body. */
  readonly output?: { readonly headers: Readonly<Record<string, string>>; readonly payload: string };
}

/** REST-JSON (wire.md §8): routes by method and path, the error's name in `x-amzn-ErrorType`. */
export interface RestJsonBinding extends WireHooks {
  /** The paths the service claims on the shared port; a claimed path no route takes answers 501 naming it. */
  readonly claims: RegExp;
  readonly routes: readonly RestRoute[];
  /** The actions' input shapes (input-shape.ts): a query parameter of a `number` member is read as an integer. */
  readonly inputShapes?: Readonly<Record<string, Structure>>;
  /** Members that are timestamps in a JSON body. */
  readonly timestamps?: ReadonlySet<string>;
  /** Lambda's error body: `Type` (User or Service) and the error's own members beside `Message` (wire.md §8.3). */
  readonly errorFields?: boolean;
}

/** The query protocol (wire.md §5–§7): `Action=…&Version=…` in, XML out. */
export interface QueryBinding extends WireHooks {
  readonly spec: QueryService;
  /** The scope's service name that claims an unversioned request (wire.md §2.2). */
  readonly signingName: string;
  /** Whether a request with `Action` but neither a version nor a scope is this service's, by where it was sent. */
  claimsUnmarked?(sentTo: Pick<WireExchange, 'path' | 'host'>): boolean;
}

/**
 * One operation of REST-XML (S3, docs/aws-behaviour/s3.md §6): picked by its method, what the path names, the query
 * keys that select it (a sub-resource) and a header; its input read from the query, the headers and the body, its
 * output written as headers and a body, each as the SDK's serializer has it.
 */
export interface RestXmlRoute {
  readonly action: string;
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** What the path names: the service itself (no bucket), a bucket, or an object of one. */
  readonly on: 'service' | 'bucket' | 'object';
  /** Query keys that select it (`uploads`, `tagging`), or `key=value` for one that must have that value. */
  readonly select?: readonly string[];
  /** A header that selects it (`x-amz-copy-source`). */
  readonly header?: string;
  /** Input members filled from query parameters, by their name on the wire. */
  readonly query?: Readonly<Record<string, string>>;
  /** Input members filled from headers, by lower-case name. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The body: the raw bytes as this member, or an XML document (its root element) read into this member. */
  readonly body?:
    { readonly payload: string } | { readonly xml: string; readonly member?: string; readonly shape: XmlStruct };
  /** The output: members as headers (by lower-case name), and the body as a blob member or an XML document. */
  readonly output?: {
    readonly headers?: Readonly<Record<string, string>>;
    readonly payload?: string;
    /** The XML root of the body; `member`: the output member it holds (else the whole output), in `shape`. */
    readonly xml?: { readonly root: string; readonly member?: string; readonly shape: XmlStruct };
  };
}

/** A scalar of an XML document or of a header: how its text is read and written. */
export type XmlScalar = 'string' | 'integer' | 'boolean' | 'timestamp' | 'http-date';

/**
 * A member of an XML structure: its shape, and its element's name where it is not the member's; or a text attribute
 * of the structure's own element (`xsi:type`, read by its local name, written with its namespace's declaration).
 */
export type XmlMember =
  | XmlShape
  | { readonly element: string; readonly shape: XmlShape }
  | { readonly attribute: string; readonly namespace?: string };

/** A list: `flat` repeats the member's element; else a wrapper element holds `item` elements. */
export interface XmlList {
  readonly kind: 'list';
  readonly member: XmlShape;
  readonly flat: boolean;
  /** The items' element in a wrapped list. */
  readonly item?: string;
}

export interface XmlStruct {
  readonly kind: 'struct';
  readonly members: Readonly<Record<string, XmlMember>>;
}

export type XmlShape = XmlScalar | XmlList | XmlStruct;

/** REST-XML (S3): the routes, tried in order, and the members of every input that are not strings. */
export interface RestXmlBinding {
  readonly routes: readonly RestXmlRoute[];
  /** The largest body one request may carry (S3: one PutObject or UploadPart, 5 GiB), beyond the server's usual. */
  readonly maxBodyBytes?: number;
  /** The scope's service name that claims a signed request (`s3`). */
  readonly signingName: string;
  /** Input members read from the query or headers as other than text, wherever they are. */
  readonly scalars: Readonly<Record<string, XmlScalar>>;
  /** The prefix of headers that fill a map member (`x-amz-meta-` into `Metadata`), both ways. */
  readonly headerMaps: Readonly<Record<string, string>>;
  /** The XML namespace of answers' root elements. */
  readonly namespace: string;
  /**
   * Every sub-resource query key of the service: a request with one that its route does not name is an operation
   * the emulation does not answer (never the plain operation of the same path).
   */
  readonly subresources: readonly string[];
  /** The `x-amz-id-2` beside a request id. */
  hostId(requestId: string): string;
  /** The service's errors the codec answers itself: a body that is not XML, an aws-chunked body cut short, an expired
   * presigned URL. */
  readonly errors: {
    malformedXml(): AwsError;
    incompleteBody(): AwsError;
    expired(expires: string, serverTime: string, seconds: string | undefined): AwsError;
  };
}

/** Every protocol a service speaks on the port. */
export interface WireBinding {
  readonly json?: JsonRpcBinding;
  readonly rest?: RestJsonBinding;
  readonly query?: QueryBinding;
  readonly restXml?: RestXmlBinding;
}

/** The members of `shapes` (at any depth) whose shape is `kind`: the timestamps a JSON codec converts, say. */
export function membersOfKind(shapes: Readonly<Record<string, Structure>>, kind: InputShape): ReadonlySet<string> {
  const found = new Set<string>();
  const walk = (shape: InputShape): void => {
    if (typeof shape === 'string') return;
    if ('list' in shape) return walk(shape.list);
    if ('map' in shape) return walk(shape.map);
    for (const [member, memberShape] of Object.entries(shape.members)) {
      if (memberShape === kind) found.add(member);
      walk(memberShape);
    }
  };
  for (const shape of Object.values(shapes)) walk(shape);
  return found;
}
