/**
 * Records every attempt to reach the network (a socket connect, a DNS lookup, an HTTP(S) request) and refuses it,
 * for tests that must show a client never tries: `const guard = guardNetwork(); ...; guard.release()`.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';

export interface NetworkGuard {
  readonly attempts: string[];
  release(): void;
}

export function guardNetwork(): NetworkGuard {
  const attempts: string[] = [];
  const refuse = (what: string): never => {
    attempts.push(what);
    throw new Error(`network guard: ${what} refused`);
  };
  const connect = net.Socket.prototype.connect;
  const lookup = dns.lookup;
  const httpRequest = http.request;
  const httpsRequest = https.request;
  net.Socket.prototype.connect = function (...args: unknown[]) {
    return refuse(`connect ${JSON.stringify(args[0])}`);
  } as typeof connect;
  dns.lookup = ((host: string) => refuse(`dns ${host}`)) as unknown as typeof lookup;
  http.request = ((target: unknown) => refuse(`http ${JSON.stringify(target)}`)) as unknown as typeof httpRequest;
  https.request = ((target: unknown) => refuse(`https ${JSON.stringify(target)}`)) as unknown as typeof httpsRequest;
  return {
    attempts,
    release() {
      net.Socket.prototype.connect = connect;
      dns.lookup = lookup;
      http.request = httpRequest;
      https.request = httpsRequest;
    },
  };
}

/** Guards the network for the whole test file, and fails the file if anything tried to reach it. */
export function guardNetworkForFile(): void {
  let guard: NetworkGuard;
  beforeAll(() => {
    guard = guardNetwork();
  });
  afterAll(() => {
    guard.release();
    expect(guard.attempts).toEqual([]);
  });
}
