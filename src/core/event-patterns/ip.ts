import { fail } from './errors.js';

/**
 * IP addresses and CIDR blocks as event-ruler reads them (its `CIDR` class, [E]); SNS's `cidr` messages are
 * event-ruler's, unchanged and without a Jackson suffix [V]. Addresses become bigints so a block is two bounds and
 * a match is two comparisons.
 */

export interface IpAddress {
  readonly v6: boolean;
  readonly value: bigint;
}

export interface CidrBlock {
  readonly v6: boolean;
  readonly low: bigint;
  readonly high: bigint;
}

/**
 * event-ruler only hands text of these shapes to Java's address parser (a hostname would start a DNS lookup).
 * Text of any other shape is "nonstandard": never an address, so `::ffff:1.2.3.4` and `[::1]` are not addresses.
 */
const IPV4_SHAPE = /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/;
const IPV6_SHAPE = /^[0-9a-fA-F:]*:[0-9a-fA-F:]*$/;
const JAVA_INT = /^[+-]?[0-9]+$/;
/** `::ffff:0:0/96`: the 96 bits above an IPv4-mapped address. */
const IPV4_MAPPED_MARKER = 0xffffn;

/** The address `text` denotes, or `undefined` when it is not an address (a message value that never matches). */
export function parseIpAddress(text: string): IpAddress | undefined {
  const parsed = parseShaped(text);
  return typeof parsed === 'object' ? parsed : undefined;
}

/** A key under which equal addresses meet whatever their spelling (`2001:db8::1` = `2001:0db8:0:0:0:0:0:1`). */
export function ipKey(address: IpAddress): string {
  return (address.v6 ? '6:' : '4:') + address.value.toString(16);
}

/** True when `address` lies in `block` (an IPv4 address is never inside an IPv6 block, nor the reverse). */
export function inBlock(address: IpAddress, block: CidrBlock): boolean {
  return address.v6 === block.v6 && address.value >= block.low && address.value <= block.high;
}

/**
 * Parses a `cidr` operand, throwing event-ruler's messages in its order. The block starts at the network address
 * whatever host bits were written (`10.0.0.7/24` covers 10.0.0.0–255), as event-ruler does since 2023-05.
 * event-ruler rejects /32 and /128 (`IPv4 mask bits must be < 32`); we keep that, unverified on SNS.
 */
export function parseCidr(text: string): CidrBlock {
  const parts = javaSplit(text, '/');
  if (parts.length !== 2) throw fail("Malformed CIDR, one '/' required");
  const [ipText = '', maskText = ''] = parts;
  const mask = JAVA_INT.test(maskText) ? Number(maskText) : Number.NaN;
  if (!Number.isInteger(mask) || mask > 2 ** 31 - 1 || mask < -(2 ** 31)) {
    throw fail('Malformed CIDR, mask bits must be an integer');
  }
  if (mask < 0) throw fail('Malformed CIDR, mask bits must not be negative');
  const address = parseShaped(ipText);
  if (address === 'nonstandard') throw fail(`Nonstandard IP address: ${ipText}`);
  if (address === 'invalid') throw fail(`Invalid IP address: ${ipText}`);
  if (!address.v6 && mask > 31) throw fail('IPv4 mask bits must be < 32');
  if (address.v6 && mask > 127) throw fail('IPv6 mask bits must be < 128');
  const hostBits = BigInt((address.v6 ? 128 : 32) - mask);
  const low = (address.value >> hostBits) << hostBits;
  return { v6: address.v6, low, high: low | ((1n << hostBits) - 1n) };
}

function parseShaped(text: string): IpAddress | 'nonstandard' | 'invalid' {
  if (IPV4_SHAPE.test(text)) return parseIpv4(text) ?? 'invalid';
  if (IPV6_SHAPE.test(text)) return parseIpv6(text) ?? 'invalid';
  return 'nonstandard';
}

/**
 * Four decimal octets up to 255. A multi-digit octet with a leading zero is refused, as current JDKs refuse such
 * "ambiguous" (octal-looking) literals.
 */
function parseIpv4(text: string): IpAddress | undefined {
  let value = 0n;
  for (const octet of text.split('.')) {
    if (octet.length > 3 || (octet.length > 1 && octet.startsWith('0'))) return undefined;
    const n = Number(octet);
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return { v6: false, value };
}

/**
 * Java's IPv6 literal rules: groups of 1–4 hex digits, at most one `::` standing for at least one zero group.
 * An IPv4-mapped address (`::ffff:a00:1`) comes back as the IPv4 address, as `InetAddress` returns it.
 */
function parseIpv6(text: string): IpAddress | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const count = head.length + tail.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return undefined;
  let value = 0n;
  for (const group of head) value = (value << 16n) | group;
  value <<= 16n * BigInt(8 - count);
  for (const group of tail) value = (value << 16n) | group;
  if (value >> 32n === IPV4_MAPPED_MARKER) {
    return { v6: false, value: value & 0xffffffffn };
  }
  return { v6: true, value };
}

function groups(part: string): bigint[] | undefined {
  if (part === '') return [];
  const result: bigint[] = [];
  for (const group of part.split(':')) {
    if (group.length === 0 || group.length > 4) return undefined;
    result.push(BigInt('0x' + group));
  }
  return result;
}

/** Java's `String.split`: trailing empty strings are dropped. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}
