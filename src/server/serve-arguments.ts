/**
 * What `sqs-sns-mock serve`'s command line asks for (docs/aws-behaviour/wire.md §14.3), read and checked apart from
 * starting anything, so a test can read a command line without a child process.
 */
import { parseArgs } from 'node:util';
import type { ServerClock } from './clock-control.js';
import { REGION_NAME } from '../core/util/region-name.js';
import type { ServerOptions } from './server.js';

export const SERVE_HELP = `Usage: sqs-sns-mock serve [options]

Serves SQS (AWS JSON 1.0 and query), SNS (query), Lambda (REST-JSON: Invoke, event source mappings),
EventBridge (AWS JSON 1.1), EventBridge Scheduler (REST-JSON), S3 (REST-XML, path-style and virtual-hosted-style)
and Step Functions (AWS JSON 1.0) on one port, for the AWS SDKs, boto3 and the AWS CLI with --endpoint-url, plus
control routes under /_mock/.

Options:
  --port <n>              port to listen on (default 4566; 0 picks a free one)
  --host <address>        address to bind (default 127.0.0.1). Anything but loopback is UNSAFE: the endpoint
                          has no authentication and its control routes change the emulation's state and time.
  --clock manual|real     manual (default): time moves only through POST /_mock/clock/advance and
                          POST /_mock/run-until-idle; real: wall time
  --template <file>       a CloudFormation template (YAML or JSON, CDK and SAM too) to provision at start, and
                          again, under the same names, at each POST /_mock/reset
  --stack-name <name>     the template's stack name (AWS::StackName, the start of generated names; default
                          test-stack)
  --parameters <p>        the template's parameters: a JSON file of { "Name": value }, or Name=Value (repeatable)
  --account-id <id>       the emulated account, 12 digits (default 000000000000)
  --region <region>       the account's default region (default us-east-1)
  --seed <n>              makes ids, receipt handles and request ids reproducible: the same after each reset
  --cors                  answer browsers' CORS for pages served from this machine (localhost, 127.0.0.1)
  --cors-origin <origin>  answer CORS for this origin instead (repeatable; '*' lets any web page drive it)
  --functions <module>    a module whose exports map a template function's logical id (or FunctionName) to a
                          handler or { load, handler }. The handlers run in the server: the SDK v3 clients their
                          code makes are answered there (no endpoint or credentials needed), and their Date and
                          timers follow the server's clock
  --headers-timeout <ms>  how long a client has to send a request's headers before it is answered 408 and cut
                          off (default 20000)
  --request-timeout <ms>  how long a client has to send its whole request (default 60000); a long poll whose
                          request was read is never cut
  --help                  this text

Control routes (JSON): POST /_mock/clock/advance {"ms": 31000}, POST /_mock/run-until-idle, POST /_mock/reset
(back to the state after start-up; {"empty": true}: nothing at all), GET /_mock/state, GET /_mock/stacks (each
stack's resources by logical id: type, physicalId, arn, url; its outputs), GET /_mock/journey/<message id>.
The first line printed is "sqs-sns-mock listening on http://<host>:<port>".
SIGINT and SIGTERM close the server and exit 0.
`;

/** A command line that asks for the help text: printed, then exit 0 when asked for, 2 when no command was given. */
export interface HelpAsked {
  readonly help: true;
  readonly exitCode: 0 | 2;
}

export interface ServeAsked {
  readonly help: false;
  /** What `startServer` takes. */
  readonly server: ServerOptions & { readonly port: number; readonly host: string; readonly clock: ServerClock };
  /** The template's path; what startServer takes (`template`, `parameters`, `functions`) is read from the files. */
  readonly template: string | undefined;
  readonly stackName: string | undefined;
  /** `--parameters`, each a `Name=Value` or a JSON file's path, in the order given. */
  readonly parameters: readonly string[];
  readonly functions: string | undefined;
}

/** The longest wait Node's timers take (2^31 - 1 ms, about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The command line (without `node` and the script); throws, naming the flag, at a value that cannot be used. */
export function serveArguments(argv: readonly string[]): HelpAsked | ServeAsked {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4566' },
      host: { type: 'string', default: '127.0.0.1' },
      clock: { type: 'string', default: 'manual' },
      template: { type: 'string' },
      'stack-name': { type: 'string' },
      'account-id': { type: 'string' },
      region: { type: 'string' },
      seed: { type: 'string' },
      parameters: { type: 'string', multiple: true },
      functions: { type: 'string' },
      cors: { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      'headers-timeout': { type: 'string' },
      'request-timeout': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals[0] !== 'serve') return { help: true, exitCode: values.help ? 0 : 2 };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${values.port} is not a port`);
  if (values.clock !== 'manual' && values.clock !== 'real') throw new Error('--clock is manual or real');
  const accountId = values['account-id'];
  if (accountId !== undefined && !/^\d{12}$/.test(accountId))
    throw new Error(`--account-id ${accountId} is not an account id (12 digits)`);
  const { region } = values;
  if (region !== undefined && !REGION_NAME.test(region)) throw new Error(`--region ${region} is not a region name`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (values.seed!.trim() === '' || !Number.isFinite(seed)))
    throw new Error(`--seed ${values.seed} is not a number`);
  const stackName = values['stack-name'];
  if (stackName !== undefined && values.template === undefined)
    throw new Error("--stack-name names the --template's stack: give a --template");
  const cors = values['cors-origin'] ?? values.cors;
  const headersTimeout = milliseconds('--headers-timeout', values['headers-timeout']);
  const requestTimeout = milliseconds('--request-timeout', values['request-timeout']);
  return {
    help: false,
    server: {
      port,
      host: values.host!,
      clock: values.clock,
      ...(cors ? { cors } : {}),
      ...(headersTimeout !== undefined ? { headersTimeout } : {}),
      ...(requestTimeout !== undefined ? { requestTimeout } : {}),
      ...(accountId !== undefined ? { accountId } : {}),
      ...(region !== undefined ? { region } : {}),
      ...(seed !== undefined ? { seed } : {}),
    },
    template: values.template,
    stackName,
    parameters: values.parameters ?? [],
    functions: values.functions,
  };
}

/** A timeout flag's value: a whole number of milliseconds, 1 or more, that Node's timers can wait. */
function milliseconds(flag: string, given: string | undefined): number | undefined {
  if (given === undefined) return undefined;
  const ms = Number(given);
  if (given.trim() === '' || !Number.isInteger(ms) || ms < 1 || ms > MAX_TIMER_MS)
    throw new Error(`${flag} ${given} is not a number of milliseconds from 1 to ${MAX_TIMER_MS}`);
  return ms;
}
