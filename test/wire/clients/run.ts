import { execFile, execFileSync } from 'node:child_process';
import { describe, it } from 'vitest';

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a client's program without blocking the event loop (the test moves the server's clock meanwhile). */
export function run(file: string, args: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { env: { ...process.env, ...CLIENT_ENV, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Dummy credentials and a region: clients refuse to send without them; the server never checks them. */
const CLIENT_ENV = {
  AWS_ACCESS_KEY_ID: 'x',
  AWS_SECRET_ACCESS_KEY: 'x',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_REGION: 'us-east-1',
  AWS_CONFIG_FILE: '/dev/null',
  AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  AWS_PAGER: '',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
};

/** A client program the wire tests drive, and how to ask it its version. */
export interface WireClient {
  readonly label: string;
  readonly file: string;
  /** Arguments that print the client's version (and fail when it is unusable). */
  readonly versionArgs: readonly string[];
  /**
   * Debian's packages, which `.ci/run` installs: absent under `CI=true`, their tests fail rather than skip, so CI
   * never passes without the query-speaking clients (docs/aws-behaviour/wire.md §1).
   */
  readonly requiredInCi?: boolean;
}

/** The versions already described, so that a PATH whose client is Debian's own runs it once. */
const described = new Set<string>();

/**
 * `describe(label, body)` for a client that runs on this machine, with its version in the title; a client that does
 * not run skips, saying so, or under `CI=true` fails if it is required there. A client whose version was described
 * already (the PATH's `aws` is Debian's) skips as the same one.
 */
export function describeClient(client: WireClient, body: (version: string) => void): void {
  const version = versionOf(client);
  if (version !== undefined && described.has(version)) {
    describe.skip(`${client.label} (${version}: the same client as above)`, () => body(version));
    return;
  }
  if (version !== undefined) {
    described.add(version);
    describe(`${client.label} (${version})`, () => body(version));
    return;
  }
  const missing = `\`${client.file} ${client.versionArgs.join(' ')}\` does not run on this machine`;
  if (client.requiredInCi && process.env['CI'] === 'true') {
    describe(client.label, () => {
      it('is installed (CI=true requires it; .ci/run installs it with apt-get)', () => {
        throw new Error(
          `${missing}: install Debian's python3-boto3 and awscli (apt-get install -y python3-boto3 awscli).`,
        );
      });
    });
    return;
  }
  console.warn(`test/wire: skipping ${client.label}: ${missing}.`);
  describe.skip(client.label, () => body(''));
}

function versionOf(client: WireClient): string | undefined {
  try {
    const out = execFileSync(client.file, [...client.versionArgs], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    return out.trim().split(/\s+/)[0];
  } catch {
    return undefined;
  }
}

const BOTO3_VERSION = ['-c', 'import boto3; print("boto3/" + boto3.__version__)'];

/**
 * boto3 twice: Debian's python3-boto3 1.26 (apt; required under CI, which installs it) and whatever boto3 the python3
 * on PATH has (pyenv's 1.43 here). They differ in the protocol they speak to SQS (docs/aws-behaviour/wire.md §1).
 */
export function boto3Clients(labels: { readonly debian: string; readonly onPath: string }): WireClient[] {
  return [
    { label: labels.debian, file: '/usr/bin/python3', versionArgs: BOTO3_VERSION, requiredInCi: true },
    { label: labels.onPath, file: 'python3', versionArgs: BOTO3_VERSION },
  ];
}
