import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { controlClient, type ControlClient } from '../../../src/server/index.js';

const CLI = fileURLToPath(new URL('../../../src/server/cli.ts', import.meta.url));

/** `sqs-sns-mock serve` running as a child process: what the client scenarios talk to, as an app would. */
export interface ServeChild {
  readonly child: ChildProcess;
  readonly endpoint: string;
  readonly control: ControlClient;
  /** SIGTERM, then the exit code once it exited. */
  stop(): Promise<number | null>;
}

/**
 * Starts the bin from source with tsx (vitest runs before the build; CI's test:package checks the built bin) and
 * waits for its `listening on` line (docs/aws-behaviour/wire.md §14.3); `env` is the child's.
 */
export async function startServeChild(
  args: readonly string[] = [],
  options: { readonly env?: NodeJS.ProcessEnv } = {},
): Promise<ServeChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^sqs-sns-mock listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code} before listening: ${stderr}`)));
  });
  return {
    child,
    endpoint,
    control: controlClient(endpoint),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** vitest's hook timeout for starting a child: tsx compiles the server on start, on a machine that may be busy. */
export const START_TIMEOUT = 60_000;

/**
 * Moves the clock by `step` until `pending` settles: a request from a client (or a child process) may reach the
 * server after the first advance, so one advance could pass before its long poll starts waiting.
 */
export async function advanceUntil(pending: Promise<unknown>, control: ControlClient, step: number): Promise<void> {
  let settled = false;
  void pending.finally(() => (settled = true)).catch(() => undefined);
  while (!settled) {
    await control.advance(step);
    await Promise.race([pending.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))]);
  }
}

/**
 * One `serve` child for a test file: started before its tests, stopped after them, and reset before each, so every
 * test starts from an empty account on a clock that moves only through the control routes.
 */
export function serveChildForFile(): Pick<ServeChild, 'endpoint' | 'control'> {
  let server: ServeChild | undefined;
  const started = (): ServeChild => {
    if (!server) throw new Error('the serve child is not started yet (read it inside a test)');
    return server;
  };
  beforeAll(async () => {
    server = await startServeChild();
  }, START_TIMEOUT);
  afterAll(() => server?.stop());
  beforeEach(() => started().control.reset());
  return {
    get endpoint() {
      return started().endpoint;
    },
    get control() {
      return started().control;
    },
  };
}
