import { execFile, execFileSync } from 'node:child_process';

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a client's program without blocking the event loop: the server it talks to lives in this process. */
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

/** Whether `file args` runs at all: a client absent from the machine skips its tests, saying so. */
export function available(file: string, args: readonly string[]): boolean {
  try {
    execFileSync(file, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    console.warn(`test/wire: skipping the tests of \`${file} ${args.join(' ')}\`: it does not run on this machine.`);
    return false;
  }
}
