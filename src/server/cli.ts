#!/usr/bin/env node
/**
 * `npx sqs-sns-mock serve`: the emulation behind one port for apps, other languages and the AWS CLI
 * (docs/aws-behaviour/wire.md §14.3). Prints `sqs-sns-mock listening on <endpoint>` once it listens; SIGINT and
 * SIGTERM close it and exit 0.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FunctionCode } from '../lambda/sandbox/function-code.js';
import type { GivenParameter } from '../templates/engine/parameters.js';
import type { ServerClock } from './clock-control.js';
import { startServer } from './server.js';

const HELP = `Usage: sqs-sns-mock serve [options]

Serves SQS (AWS JSON 1.0 and query), SNS (query), Lambda (REST-JSON: Invoke, event source mappings),
EventBridge (AWS JSON 1.1) and EventBridge Scheduler (REST-JSON) on one port, for the AWS SDKs, boto3 and the AWS
CLI with --endpoint-url, plus control routes under /_mock/.

Options:
  --port <n>              port to listen on (default 4566; 0 picks a free one)
  --host <address>        address to bind (default 127.0.0.1). Anything but loopback is UNSAFE: the endpoint
                          has no authentication and its control routes change the emulation's state and time.
  --clock manual|real     manual (default): time moves only through POST /_mock/clock/advance and
                          POST /_mock/run-until-idle; real: wall time
  --template <file>       a CloudFormation template (YAML or JSON, CDK and SAM too) to provision at start
  --parameters <p>        the template's parameters: a JSON file of { "Name": value }, or Name=Value (repeatable)
  --cors                  answer browsers' CORS for pages served from this machine (localhost, 127.0.0.1)
  --cors-origin <origin>  answer CORS for this origin instead (repeatable; '*' lets any web page drive it)
  --functions <module>    a module whose exports map a template function's logical id (or FunctionName) to a
                          handler or { load, handler }
  --help                  this text

Control routes (JSON): POST /_mock/clock/advance {"ms": 31000}, POST /_mock/run-until-idle, POST /_mock/reset,
GET /_mock/state, GET /_mock/journey/<message id>. The first line printed is
"sqs-sns-mock listening on http://<host>:<port>".
SIGINT and SIGTERM close the server and exit 0.
`;

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4566' },
      host: { type: 'string', default: '127.0.0.1' },
      clock: { type: 'string', default: 'manual' },
      template: { type: 'string' },
      parameters: { type: 'string', multiple: true },
      functions: { type: 'string' },
      cors: { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals[0] !== 'serve') {
    process.stdout.write(HELP);
    return values.help ? 0 : 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${values.port} is not a port`);
  if (values.clock !== 'manual' && values.clock !== 'real') throw new Error('--clock is manual or real');
  const host = values.host!;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    process.stderr.write(
      `sqs-sns-mock: binding ${host}: anyone who reaches it can drive the emulation; use only on a trusted network.\n`,
    );
  }
  const cors = values['cors-origin'] ?? values.cors;
  const server = await startServer({ port, host, clock: values.clock as ServerClock, ...(cors ? { cors } : {}) });
  if (values.template) {
    const template = await readFile(values.template, 'utf8');
    const functions = values.functions ? await loadFunctions(values.functions) : undefined;
    const parameters = await readParameters(values.parameters ?? []);
    server.aws.provision(template, { parameters, ...(functions ? { functions } : {}) });
  }
  process.stdout.write(`sqs-sns-mock listening on ${server.endpoint}\n`);
  await new Promise<void>((done) => {
    const stop = () => void server.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
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
