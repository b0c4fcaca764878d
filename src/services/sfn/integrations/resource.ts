/**
 * What a Task's `Resource` names (docs/aws-behaviour/stepfunctions.md §3.1): a Lambda function, an activity, an
 * optimized integration `arn:aws:states:::<service>:<action>[.sync|.sync:2|.waitForTaskToken]`, or an AWS SDK
 * integration `arn:aws:states:::aws-sdk:<service>:<action>[.waitForTaskToken]`.
 */

/** How the task waits: for the call's answer, for the job it started (`.sync`, `.sync:2`), or for a task token. */
export type IntegrationPattern = 'request' | 'sync' | 'sync2' | 'callback';

export type TaskResource =
  | { readonly kind: 'function'; readonly arn: string }
  | { readonly kind: 'activity'; readonly arn: string }
  | {
      readonly kind: 'optimized' | 'sdk';
      readonly arn: string;
      /** `lambda`, `sqs`; for the SDK integrations the SDK's service name (`sfn`, `eventbridge`). */
      readonly service: string;
      /** `invoke`, `sendMessage`. */
      readonly action: string;
      readonly pattern: IntegrationPattern;
      /** `invoke`, `sendMessage.waitForTaskToken`: the action with its suffix, as history names it. */
      readonly resource: string;
      /** `lambda`, `aws-sdk:sfn`: the history's `resourceType`. */
      readonly resourceType: string;
      /** The region the ARN names, if any. */
      readonly region: string | undefined;
    };

const SUFFIXES: readonly (readonly [string, IntegrationPattern])[] = [
  ['.waitForTaskToken', 'callback'],
  ['.sync:2', 'sync2'],
  ['.sync', 'sync'],
];

const parsed = new Map<string, TaskResource | undefined>();

/** The resource an ARN names, or undefined for what is no resource a Task can take; each ARN read once. */
export function parseResource(arn: string): TaskResource | undefined {
  if (parsed.has(arn)) return parsed.get(arn);
  const resource = readResource(arn);
  if (parsed.size > 10_000) parsed.clear();
  parsed.set(arn, resource);
  return resource;
}

function readResource(arn: string): TaskResource | undefined {
  const parts = arn.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return undefined;
  const [, , service, region, , type] = parts;
  if (service === 'lambda' && type === 'function' && parts.length >= 7 && parts[6] !== '')
    return { kind: 'function', arn };
  if (service !== 'states') return undefined;
  if (type === 'activity' && parts.length === 7 && parts[6] !== '') return { kind: 'activity', arn };
  const sdk = type === 'aws-sdk';
  const rest = parts.slice(6);
  const size = sdk ? 2 : 1;
  // `.sync:2` splits on its colon.
  if (rest.length !== size && !(rest.length === size + 1 && rest.at(-1) === '2')) return undefined;
  const integrationService = sdk ? rest[0]! : type!;
  const actionWithSuffix = (sdk ? rest.slice(1) : rest).join(':');
  if (!sdk && !actionWithSuffix) return undefined;
  let pattern: IntegrationPattern = 'request';
  let action = actionWithSuffix;
  for (const [suffix, kind] of SUFFIXES) {
    if (action.endsWith(suffix)) {
      pattern = kind;
      action = action.slice(0, -suffix.length);
      break;
    }
  }
  if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(action) || !/^[a-z0-9-]+$/.test(integrationService)) return undefined;
  return {
    kind: sdk ? 'sdk' : 'optimized',
    arn,
    service: integrationService,
    action,
    pattern,
    resource: actionWithSuffix,
    resourceType: sdk ? `aws-sdk:${integrationService}` : integrationService,
    region: region === '' ? undefined : region,
  };
}

/**
 * The optimized integrations Step Functions has, by service, with the patterns each supports (§3.1 [D]): a resource
 * outside this table is refused at creation. The emulated ones are in integrations/optimized.ts.
 */
export const OPTIMIZED_INTEGRATIONS: Readonly<Record<string, Readonly<Record<string, readonly IntegrationPattern[]>>>> =
  {
    lambda: { invoke: ['request', 'callback'] },
    sqs: { sendMessage: ['request', 'callback'] },
    sns: { publish: ['request', 'callback'] },
    events: { putEvents: ['request', 'callback'] },
    states: { startExecution: ['request', 'sync', 'sync2', 'callback'] },
    dynamodb: { getItem: ['request'], putItem: ['request'], deleteItem: ['request'], updateItem: ['request'] },
    ecs: { runTask: ['request', 'sync', 'callback'] },
    batch: { submitJob: ['request', 'sync'] },
    glue: { startJobRun: ['request', 'sync'] },
    athena: {
      startQueryExecution: ['request', 'sync'],
      stopQueryExecution: ['request'],
      getQueryExecution: ['request'],
      getQueryResults: ['request'],
    },
    codebuild: { startBuild: ['request', 'sync'], stopBuild: ['request'] },
    apigateway: { invoke: ['request', 'callback'] },
    http: { invoke: ['request'] },
    bedrock: { invokeModel: ['request'] },
    s3: { getObject: ['request'], listObjectsV2: ['request'], putObject: ['request'] },
  };

/** Whether Step Functions knows the optimized integration and its pattern (§3.1). */
export function isKnownOptimized(service: string, action: string, pattern: IntegrationPattern): boolean {
  return OPTIMIZED_INTEGRATIONS[service]?.[action]?.includes(pattern) ?? false;
}
