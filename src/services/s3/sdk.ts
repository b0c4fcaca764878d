import type { AwsError } from '../../core/aws-error.js';
import {
  exceptionClass,
  generatedException,
  hideResponse,
  listedFor,
  metadata,
  schemaDriven,
} from '../../core/sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../../core/service-module.js';
import { S3_OPERATION_ERRORS } from './operation-errors.js';

/** The service principal S3 delivers event notifications as (docs/aws-behaviour/s3.md §3.2). */
export const S3_PRINCIPAL = 's3.amazonaws.com';

/** How the user's SDK reaches S3, and the exceptions it throws. */
export const S3_SDK: ServiceSdk<'S3'> = {
  service: 'S3',
  packageName: '@aws-sdk/client-s3',
  clientName: 'S3Client',
  exception: s3Exception,
};

/**
 * The codes of errors S3 answers with no body (a HEAD request's, a 304): the SDK then knows only the status, and
 * names the error `NotFound` for a 404 (its modelled class) and `Unknown` otherwise (the status itself before
 * schemas), with the message `UnknownError` (docs/aws-behaviour/s3.md §5.2).
 */
export const BODILESS_CODES: ReadonlySet<string> = new Set(['NotFound', 'Unknown']);

const BASE = 'S3ServiceException';

/**
 * S3 speaks REST-XML (docs/aws-behaviour/s3.md §5.2, measured): the error document is `Code`, `Message`, the
 * elements, `RequestId` and `HostId`; `$metadata.extendedRequestId` is the `x-amz-id-2`. The schema-driven SDKs build
 * the class the `Code` names (else the base exception named by the code) and assign the document's elements in their
 * order, a modelled class taking `message` before `Code`, the base exception last. The generated deserializers before
 * them build a class only for an error the operation lists, and let the document decorate it (sdk.md §3.7).
 */
function s3Exception(sdk: SdkModule, error: AwsError, requestId: string, action: string): Error {
  const hostId = hostIdOf(requestId);
  const $metadata = metadata(error.status, requestId, hostId);
  const bodiless = BODILESS_CODES.has(error.code);
  const document = bodiless ? {} : { Code: error.code, ...error.fields, RequestId: requestId, HostId: hostId };
  if (!schemaDriven(sdk, BASE)) {
    const { Ctor, name, modelled } = exceptionClass(sdk, error, BASE, listedFor(S3_OPERATION_ERRORS, action, sdk));
    const body = bodiless ? {} : { Code: error.code, Message: error.message, ...document };
    const named = bodiless && error.code !== 'NotFound' ? String(error.status) : name;
    return generatedException(Ctor, modelled, named, error.fields ?? {}, body, $metadata);
  }
  const { Ctor, name, modelled } = exceptionClass(sdk, error, BASE);
  const fault = error.status >= 500 ? 'server' : 'client';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  Object.assign(exception, { $metadata });
  if (bodiless) return Object.assign(exception, { name, message: error.message });
  return modelled
    ? Object.assign(exception, { name, message: error.message }, document)
    : Object.assign(exception, { name }, document, { message: error.message });
}

/**
 * The `x-amz-id-2` S3 answers beside a request id (docs/aws-behaviour/s3.md §6.3): here derived from the request id,
 * so that an error, its response and a notification's `responseElements` agree.
 */
export function hostIdOf(requestId: string): string {
  return Buffer.from(`${requestId}/sqs-sns-mock/s3/host-id`).toString('base64');
}
