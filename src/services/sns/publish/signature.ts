import { createHash } from 'node:crypto';

/**
 * The signature fields of a standard topic's notification (docs/aws-behaviour/sns.md §4). We cannot sign as AWS, so the
 * Signature is a plausible stand-in: base64 of 256 bytes (an RSA-2048 signature's size) derived from a hash of the
 * canonical string AWS signs, so it is stable for the same notification and differs between notifications. It will not
 * verify.
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
/** Reused: each signature is read out as base64 at once. */
const signatureBytes = Buffer.alloc(RSA_2048_BYTES);
/** The same bytes a word at a time; each word's bytes land in the platform's order, which only has to be stable. */
const signatureWords = new Int32Array(signatureBytes.buffer, signatureBytes.byteOffset, RSA_2048_BYTES / 4);

/** The string AWS signs: these names in this order, each as `Name\nValue\n`, Subject only when present [V]. */
export function canonicalString(fields: SignedFields): string {
  const subject = fields.Subject === undefined ? '' : `Subject\n${fields.Subject}\n`;
  return (
    `Message\n${fields.Message}\nMessageId\n${fields.MessageId}\n${subject}` +
    `Timestamp\n${fields.Timestamp}\nTopicArn\n${fields.TopicArn}\nType\n${fields.Type}\n`
  );
}

export function stubSignature(fields: SignedFields, version: string): string {
  // Two 32-bit hashes of what AWS signs, stretched to the signature's size by a small generator they seed: stable for
  // the same notification, different between notifications, and cheap, since every published message is signed.
  // The hashes run over `${version}\n` and the canonical string piece by piece, which hashes what the joined text
  // would, without making it.
  hashA = 0xdeadbeef;
  hashB = 0x41c6ce57;
  hashText(version);
  hashText('\nMessage\n');
  hashText(fields.Message);
  hashText('\nMessageId\n');
  hashText(fields.MessageId);
  if (fields.Subject !== undefined) {
    hashText('\nSubject\n');
    hashText(fields.Subject);
  }
  hashText('\nTimestamp\n');
  hashText(fields.Timestamp);
  hashText('\nTopicArn\n');
  hashText(fields.TopicArn);
  hashText('\nType\n');
  hashText(fields.Type);
  hashText('\n');
  let a = finish(hashA);
  let b = finish(hashB);
  for (let word = 0; word < RSA_2048_BYTES / 4; word++) {
    // mulberry32 on each half, mixed
    a = (a + 0x6d2b79f5) | 0;
    b = (b + 0x9e3779b9) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1) ^ b;
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    t ^= t >>> 14;
    signatureWords[word] = t;
  }
  return signatureBytes.toString('base64');
}

/** The running state of the two hashes. */
let hashA = 0;
let hashB = 0;

/**
 * Adds `text` to two 32-bit multiplicative hashes of UTF-16 code units (seeds and multipliers of their own), each
 * finished with a mix (as in cyrb53), in one pass: every published message is signed.
 */
function hashText(text: string): void {
  let a = hashA;
  let b = hashB;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  hashA = a;
  hashB = b;
}

function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h ^= Math.imul(h ^ (h >>> 13), 3266489909);
  return h | 0;
}

/**
 * The certificate file's name: the same for every notification, so computed once, at the first (not on import: a
 * process's first MD5 costs some 0.4 ms, a tenth of what `require` of the package would save otherwise).
 */
let certificateFile: string | undefined;

/** `https://sns.{region}.{domain}/SimpleNotificationService-{32 hex}.pem`; the hex names no real certificate. */
export function signingCertUrl(endpointBase: string): string {
  certificateFile ??= createHash('md5').update('sqs-sns-mock signing certificate', 'utf8').digest('hex');
  return `${endpointBase}/SimpleNotificationService-${certificateFile}.pem`;
}
