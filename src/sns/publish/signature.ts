import { createHash } from 'node:crypto';

/**
 * The signature fields of a standard topic's notification (spec §4). We cannot sign as AWS, so the Signature is a
 * plausible stand-in: base64 of 256 bytes (an RSA-2048 signature's size) derived by hashing the canonical string
 * AWS signs, so it is stable for the same notification and differs between notifications. It will not verify.
 */
export interface SignedFields {
  readonly Message: string;
  readonly MessageId: string;
  readonly Subject: string | undefined;
  readonly Timestamp: string;
  readonly TopicArn: string;
  readonly Type: 'Notification';
}

const RSA_2048_BYTES = 256;

/** The string AWS signs: these names in this order, each as `Name\nValue\n`, Subject only when present [V]. */
export function canonicalString(fields: SignedFields): string {
  const order = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
  return order
    .filter((name) => fields[name] !== undefined)
    .map((name) => `${name}\n${fields[name]}\n`)
    .join('');
}

export function stubSignature(fields: SignedFields, version: string): string {
  const canonical = canonicalString(fields);
  const blocks: Buffer[] = [];
  for (let block = 0; block * 32 < RSA_2048_BYTES; block++) {
    blocks.push(createHash('sha256').update(`${version}\n${block}\n${canonical}`, 'utf8').digest());
  }
  return Buffer.concat(blocks).subarray(0, RSA_2048_BYTES).toString('base64');
}

/** `https://sns.{region}.{domain}/SimpleNotificationService-{32 hex}.pem`; the hex names no real certificate. */
export function signingCertUrl(endpointBase: string): string {
  const file = createHash('md5').update('sqs-sns-mock signing certificate', 'utf8').digest('hex');
  return `${endpointBase}/SimpleNotificationService-${file}.pem`;
}
