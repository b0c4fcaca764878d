#!/usr/bin/env node
/**
 * `npx sqs-sns-mock serve`: the emulation behind one port for apps, other languages and the AWS CLI
 * (docs/aws-behaviour/wire.md §14.3). Prints `sqs-sns-mock listening on <endpoint>` once it listens; SIGINT and
 * SIGTERM close it and exit 0.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionCode } from '../services/lambda/sandbox/function-code.js';
import type { GivenParameter } from '../templates/engine/parameters.js';
import { serveArguments, SERVE_HELP } from './serve-arguments.js';
import { startServer } from './server.js';

async function main(argv: readonly string[]): Promise<number> {
  const asked = serveArguments(argv);
  if (asked.help) {
    process.stdout.write(SERVE_HELP);
    return asked.exitCode;
  }
  const { host } = asked.server;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    process.stderr.write(
      `sqs-sns-mock: binding ${host}: anyone who reaches it can drive the emulation; use only on a trusted network.\n`,
    );
  }
  const template = asked.template === undefined ? undefined : await readFile(asked.template, 'utf8');
  const server = await startServer({
    ...asked.server,
    ...(template !== undefined
      ? {
          template,
          stackName: asked.stackName,
          parameters: await readParameters(asked.parameters),
          ...(asked.functions ? { functions: await loadFunctions(asked.functions) } : {}),
        }
      : {}),
  });
  // Listening for the signals before the line is printed: a client that stops the server as soon as it reads the
  // line must find it closing, not killed by the signal's default action (wire.md §14.3). A second signal while it
  // closes ends it at once.
  const closed = new Promise<void>((done) => {
    let closing = false;
    const stop = () => {
      if (closing) return done();
      closing = true;
      void server.close().then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stdout.write(`sqs-sns-mock listening on ${server.endpoint}\n`);
  await closed;
  return 0;
}

/** A module's exports as `provision`'s `functions`: its named exports, or the object it exports by default. */
async function loadFunctions(path: string): Promise<Record<string, FunctionCode>> {
  const module = (await import(pathToFileURL(isAbsolute(path) ? path : resolve(path)).href)) as Record<string, unknown>;
  const { default: byDefault, ...named } = module;
  const fromDefault = byDefault !== null && typeof byDefault === 'object' ? byDefault : {};
  return { ...fromDefault, ...named } as Record<string, FunctionCode>;
}

async function readParameters(given: readonly string[]): Promise<Record<string, GivenParameter>> {
  const parameters: Record<string, GivenParameter> = {};
  for (const item of given) {
    const pair = /^([A-Za-z0-9]+)=(.*)$/s.exec(item);
    if (pair) parameters[pair[1]!] = pair[2]!;
    else Object.assign(parameters, JSON.parse(await readFile(item, 'utf8')) as Record<string, GivenParameter>);
  }
  return parameters;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`sqs-sns-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
