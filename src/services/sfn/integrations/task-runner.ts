/**
 * How tasks reach the account's services (docs/aws-behaviour/stepfunctions.md §3): through the request/response seam
 * (src/core/calls.ts), as the actions a client would call, so that a Lambda task runs the emulated function, an SQS
 * task leaves a message the test can receive, and an injected fault fails the task. Each optimized integration shapes
 * its parameters and its answer as AWS does (its SDK metadata, its error names); the AWS SDK integrations pass the
 * API's own members; a resource the emulation does not reach fails the task, naming it, and never answers a made-up
 * success.
 */
import { AwsError, NotEmulatedError } from '../../../core/aws-error.js';
import { NoSuchServiceError, type CallAction } from '../../../core/calls.js';
import { internalRequest, type RequestContext } from '../../../core/request-context.js';
import { isObject, jsonText, type Json, type JsonObject } from '../asl/json.js';
import type { IntegrationAnswer, TaskCall, TaskRunner } from '../engine/run.js';
import { StatesError } from '../engine/states-error.js';
import type { TaskResource } from './resource.js';

type ServiceResource = Extract<TaskResource, { kind: 'optimized' | 'sdk' }>;

/** What the runner needs beyond the seam: the account, Step Functions' own executions (`.sync`), activities. */
export interface TaskRunnerHost {
  readonly account: { readonly accountId: string; readonly ids: { uuid(): string } };
  readonly call: CallAction;
  /** The end of one of the account's executions, for `startExecution.sync` (§3.8). */
  executionEnd(arn: string): Promise<ChildExecution> | undefined;
  /** Stops one of the account's executions: a `.sync` parent stopped stops its child (§3.8). */
  stopExecution(arn: string): void;
  scheduleActivity(
    arn: string,
    input: string,
    token: string,
    started: (workerName: string | undefined) => void,
  ): boolean;
}

/** What a `.sync` parent learns of its child (§3.8). */
export interface ChildExecution {
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly name: string;
  readonly status: string;
  readonly startDate: number;
  readonly stopDate: number;
  readonly input: string;
  readonly output: string | undefined;
  readonly error: string | undefined;
  readonly cause: string | undefined;
}

/**
 * The optimized integrations' error prefix and the service name the Java SDK v1 writes into a cause (§3.1 [AWS-snap]):
 * `SQS.AmazonSQSException`, `... (Service: AmazonSQS; Status Code: 400; ...)`.
 */
const OPTIMIZED_SERVICES: Readonly<
  Record<string, { readonly prefix: string; readonly sdkName: string; readonly generic: string }>
> = {
  lambda: { prefix: 'Lambda', sdkName: 'AWSLambda', generic: 'AWSLambdaException' },
  sqs: { prefix: 'SQS', sdkName: 'AmazonSQS', generic: 'AmazonSQSException' },
  sns: { prefix: 'SNS', sdkName: 'AmazonSNS', generic: 'AmazonSNSException' },
  events: { prefix: 'EventBridge', sdkName: 'AmazonEventBridge', generic: 'AmazonEventBridgeException' },
  states: { prefix: 'StepFunctions', sdkName: 'AWSStepFunctions', generic: 'AWSStepFunctionsException' },
};

/**
 * The AWS SDK integrations of the emulated services (§3.9): the SDK's service name, the ARN service that answers,
 * the error prefix, and whether the API's members are camelCase (Step Functions' own), which the integration writes
 * in PascalCase.
 */
const SDK_SERVICES: Readonly<
  Record<string, { readonly arnService: string; readonly prefix: string; readonly camelCase?: true }>
> = {
  sqs: { arnService: 'sqs', prefix: 'Sqs' },
  sns: { arnService: 'sns', prefix: 'Sns' },
  lambda: { arnService: 'lambda', prefix: 'Lambda' },
  eventbridge: { arnService: 'events', prefix: 'EventBridge' },
  scheduler: { arnService: 'scheduler', prefix: 'Scheduler' },
  sfn: { arnService: 'states', prefix: 'Sfn', camelCase: true },
  s3: { arnService: 's3', prefix: 'S3' },
};

/** `SdkHttpMetadata` and `SdkResponseMetadata` of an optimized integration's answer (§3.1 [AWS-snap]). */
function sdkMetadata(
  requestId: string,
  contentType: string,
  date: Date,
  extra: Readonly<Record<string, string>> = {},
): JsonObject {
  const headers: Record<string, string> = {
    ...extra,
    'x-amzn-RequestId': requestId,
    'Content-Type': contentType,
    Date: date.toUTCString(),
  };
  return {
    SdkHttpMetadata: {
      AllHttpHeaders: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, [value]])),
      HttpHeaders: headers,
      HttpStatusCode: 200,
    },
    SdkResponseMetadata: { RequestId: requestId },
  };
}

const decoder = new TextDecoder();

/** Lambda's Invoke answer's payload as text. */
function payloadText(payload: unknown): string {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (payload instanceof Uint8Array) return decoder.decode(payload);
  return String(payload);
}

function parseOr(text: string): Json {
  if (text === '') return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/** A value a parameter sends as text: a string as it is, anything else as its JSON (§3.5, §3.6). */
function asText(value: Json | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : jsonText(value);
}

function pick(parameters: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(keys.flatMap((key) => (parameters[key] !== undefined ? [[key, parameters[key]!]] : [])));
}

export class ServiceTaskRunner implements TaskRunner {
  constructor(
    private readonly host: TaskRunnerHost,
    private readonly now: () => number,
  ) {}

  private request(region: string): RequestContext {
    return internalRequest(this.host.account, region);
  }

  /** §3.3: the function gets the input as its event; the task's result is its payload. */
  async invokeFunction(arn: string, input: Json, call: TaskCall): Promise<Json> {
    const request = this.request(call.region);
    const answer = await this.call(
      'lambda',
      'Invoke',
      { FunctionName: arn, Payload: jsonText(input) },
      request,
      (error) => this.optimizedError('lambda', error, request),
    );
    const text = payloadText(answer['Payload']);
    if (answer['FunctionError'] !== undefined) throw functionError(text, false);
    return parseOr(text);
  }

  async callService(resource: ServiceResource, parameters: Json, call: TaskCall): Promise<IntegrationAnswer> {
    const params = isObject(parameters) ? parameters : {};
    if (resource.kind === 'sdk') return this.sdkIntegration(resource, params, call);
    switch (`${resource.service}:${resource.action}`) {
      case 'lambda:invoke':
        return this.lambdaInvoke(params, call);
      case 'sqs:sendMessage':
        return this.sqsSend(params, call);
      case 'sns:publish':
        return this.snsPublish(params, call);
      case 'events:putEvents':
        return this.putEvents(params, call);
      case 'states:startExecution':
        return this.startExecution(resource, params, call);
      default:
        throw notEmulated(resource.arn);
    }
  }

  scheduleActivity(
    arn: string,
    input: string,
    token: string,
    _call: TaskCall,
    started: (workerName: string | undefined) => void,
  ): boolean {
    return this.host.scheduleActivity(arn, input, token, started);
  }

  /** §3.2: the answer's envelope, its Payload parsed; a function error fails the task with the error's type. */
  private async lambdaInvoke(params: JsonObject, call: TaskCall): Promise<IntegrationAnswer> {
    const request = this.request(call.region);
    const input: JsonObject = pick(params, ['FunctionName', 'InvocationType', 'LogType', 'Qualifier', 'ClientContext']);
    if (params['Payload'] !== undefined) input['Payload'] = jsonText(params['Payload']);
    const answer = await this.call('lambda', 'Invoke', input, request, (error) =>
      this.optimizedError('lambda', error, request),
    );
    const text = payloadText(answer['Payload']);
    if (answer['FunctionError'] !== undefined) throw functionError(text, true);
    const status = (answer['StatusCode'] as number | undefined) ?? 200;
    return {
      output: {
        ExecutedVersion: (answer['ExecutedVersion'] as string | undefined) ?? '$LATEST',
        ...(answer['LogResult'] !== undefined ? { LogResult: answer['LogResult'] as string } : {}),
        Payload: parseOr(text),
        ...sdkMetadata(request.requestId, 'application/json', new Date(this.now()), {
          'X-Amz-Executed-Version': '$LATEST',
          Connection: 'keep-alive',
          'Content-Length': String(Buffer.byteLength(text)),
        }),
        StatusCode: status,
      },
    };
  }

  /** §3.5: MessageBody as text; the answer's MD5 and id with the SDK's metadata. */
  private async sqsSend(params: JsonObject, call: TaskCall): Promise<IntegrationAnswer> {
    const request = this.request(call.region);
    const input: Record<string, unknown> = pick(params, [
      'QueueUrl',
      'DelaySeconds',
      'MessageAttributes',
      'MessageGroupId',
      'MessageDeduplicationId',
      'MessageSystemAttributes',
    ]);
    const body = asText(params['MessageBody']);
    if (body !== undefined) input['MessageBody'] = body;
    const answer = await this.call('sqs', 'SendMessage', input, request, (error) =>
      this.optimizedError('sqs', error, request),
    );
    return {
      output: {
        MD5OfMessageBody: answer['MD5OfMessageBody'] as string,
        ...(answer['MD5OfMessageAttributes'] !== undefined
          ? { MD5OfMessageAttributes: answer['MD5OfMessageAttributes'] as string }
          : {}),
        MessageId: answer['MessageId'] as string,
        ...sdkMetadata(request.requestId, 'text/xml', new Date(this.now())),
        ...(answer['SequenceNumber'] !== undefined ? { SequenceNumber: answer['SequenceNumber'] as string } : {}),
      },
    };
  }

  /** §3.6: Message as text; the MessageId with the SDK's metadata. */
  private async snsPublish(params: JsonObject, call: TaskCall): Promise<IntegrationAnswer> {
    const request = this.request(call.region);
    const input: Record<string, unknown> = pick(params, [
      'TopicArn',
      'TargetArn',
      'PhoneNumber',
      'Subject',
      'MessageAttributes',
      'MessageGroupId',
      'MessageDeduplicationId',
      'MessageStructure',
    ]);
    const message = asText(params['Message']);
    if (message !== undefined) input['Message'] = message;
    const answer = await this.call('sns', 'Publish', input, request, (error) =>
      this.optimizedError('sns', error, request),
    );
    return {
      output: {
        MessageId: answer['MessageId'] as string,
        ...sdkMetadata(request.requestId, 'text/xml', new Date(this.now())),
        ...(answer['SequenceNumber'] !== undefined ? { SequenceNumber: answer['SequenceNumber'] as string } : {}),
      },
    };
  }

  /**
   * §3.7: each entry's Detail as text and the machine's and execution's ARNs added to its Resources; a failed entry
   * fails the task with the whole answer as cause. No SDK metadata.
   */
  private async putEvents(params: JsonObject, call: TaskCall): Promise<IntegrationAnswer> {
    const request = this.request(call.region);
    const entries = Array.isArray(params['Entries']) ? params['Entries'] : [];
    const { execution } = call;
    const input = {
      Entries: entries.map((entry) => {
        const fields = isObject(entry) ? entry : {};
        const resources = Array.isArray(fields['Resources']) ? fields['Resources'] : [];
        const detail = asText(fields['Detail']);
        return {
          ...pick(fields, ['Source', 'DetailType', 'EventBusName', 'TraceHeader']),
          ...(fields['Time'] !== undefined ? { Time: new Date(fields['Time'] as string) } : {}),
          ...(detail !== undefined ? { Detail: detail } : {}),
          Resources: [...resources, execution.machine.arn, execution.arn],
        };
      }),
    };
    const answer = await this.call('events', 'PutEvents', input, request, (error) =>
      this.optimizedError('events', error, request),
    );
    const output: JsonObject = {
      Entries: (answer['Entries'] ?? []) as Json,
      FailedEntryCount: (answer['FailedEntryCount'] as number | undefined) ?? 0,
    };
    if ((output['FailedEntryCount'] as number) > 0) throw new StatesError('EventBridge.FailedEntry', jsonText(output));
    return { output };
  }

  /** §3.8: a child execution; `.sync` and `.sync:2` wait for its end and answer its description. */
  private async startExecution(
    resource: ServiceResource,
    params: JsonObject,
    call: TaskCall,
  ): Promise<IntegrationAnswer> {
    const request = this.request(call.region);
    const input: Record<string, unknown> = {};
    if (params['StateMachineArn'] !== undefined) input['stateMachineArn'] = params['StateMachineArn'];
    if (params['Name'] !== undefined) input['name'] = params['Name'];
    const childInput = asText(params['Input']);
    if (childInput !== undefined) input['input'] = childInput;
    const answer = await this.call('states', 'StartExecution', input, request, (error) =>
      this.optimizedError('states', error, request),
    );
    const executionArn = answer['executionArn'] as string;
    const startDate = (answer['startDate'] as Date).getTime();
    const started: JsonObject = {
      ExecutionArn: executionArn,
      StartDate: startDate,
      ...sdkMetadata(request.requestId, 'application/x-amz-json-1.0', new Date(this.now())),
    };
    if (resource.pattern !== 'sync' && resource.pattern !== 'sync2') return { output: started };
    const end = this.host.executionEnd(executionArn)!;
    call.cancel.wait(new Promise<never>(() => undefined)).catch(() => this.host.stopExecution(executionArn));
    const completion = end.then((child) => {
      const parsed = resource.pattern === 'sync2';
      const description: JsonObject = {
        ExecutionArn: child.executionArn,
        Input: parsed ? parseOr(child.input) : child.input,
        InputDetails: { Included: true },
        Name: child.name,
        ...(child.output !== undefined
          ? { Output: parsed ? parseOr(child.output) : child.output, OutputDetails: { Included: true } }
          : {}),
        RedriveCount: 0,
        RedriveStatus: child.status === 'SUCCEEDED' ? 'NOT_REDRIVABLE' : 'REDRIVABLE',
        ...(child.status === 'SUCCEEDED'
          ? { RedriveStatusReason: 'Execution is SUCCEEDED and cannot be redriven' }
          : {}),
        StartDate: child.startDate,
        StateMachineArn: child.stateMachineArn,
        Status: child.status,
        StopDate: child.stopDate,
        ...(child.error !== undefined ? { Error: child.error } : {}),
        ...(child.cause !== undefined ? { Cause: child.cause } : {}),
      };
      // §3.8 [AWS-snap]: a child that did not succeed fails the task with its description as cause.
      if (child.status !== 'SUCCEEDED') throw new StatesError('States.TaskFailed', jsonText(description));
      return description;
    });
    return { submitted: started, completion };
  }

  /**
   * §3.9: the API action of an emulated service, its members as given (PascalCase, Step Functions' own turned into
   * its camelCase), its answer in PascalCase; errors `<Service>.<Name>Exception`.
   */
  private async sdkIntegration(
    resource: ServiceResource,
    params: JsonObject,
    call: TaskCall,
  ): Promise<IntegrationAnswer> {
    const service = SDK_SERVICES[resource.service];
    if (!service) throw notEmulated(resource.arn);
    const request = this.request(call.region);
    const action = resource.action[0]!.toUpperCase() + resource.action.slice(1);
    const input = service.camelCase ? (recase(params, lowerFirst) as JsonObject) : params;
    const answer = await this.call(
      service.arnService,
      action,
      input,
      request,
      (error) => sdkError(service.prefix, error, request),
      resource.arn,
    );
    const output = service.camelCase ? recase(plain(answer), upperFirst) : plain(answer);
    return { output };
  }

  /** One call through the seam; its AwsError becomes the task's error, what is not emulated a States.Runtime. */
  private async call(
    arnService: string,
    action: string,
    input: object,
    request: RequestContext,
    toError: (error: AwsError) => StatesError,
    resourceArn?: string,
  ): Promise<Record<string, unknown>> {
    try {
      return (await this.host.call(arnService, action, input, request)) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof AwsError) throw toError(error);
      if (error instanceof NotEmulatedError || error instanceof NoSuchServiceError) {
        throw notEmulated(resourceArn ?? `${arnService}:${action}`, error.message);
      }
      // What the SDK refuses before sending (a missing label): the Java SDK's SdkClientException (§3.2 [D]).
      if (error instanceof Error)
        throw new StatesError(`${clientErrorPrefix(arnService)}.SdkClientException`, error.message);
      throw error;
    }
  }

  /** §3.1 [AWS-snap]: `SQS.AmazonSQSException`, `Lambda.ResourceNotFoundException`, with the Java SDK v1's cause. */
  private optimizedError(service: string, error: AwsError, request: RequestContext): StatesError {
    const names = OPTIMIZED_SERVICES[service]!;
    const name =
      error.shape === undefined
        ? names.generic
        : error.shape.endsWith('Exception')
          ? error.shape
          : `${error.shape}Exception`;
    return new StatesError(
      `${names.prefix}.${name}`,
      `${error.message} (Service: ${names.sdkName}; Status Code: ${error.status}; Error Code: ${error.code}; Request ID: ${request.requestId}; Proxy: null)`,
    );
  }
}

/** The error prefix of a service's client-side failures. */
function clientErrorPrefix(arnService: string): string {
  return (
    OPTIMIZED_SERVICES[arnService]?.prefix ??
    Object.values(SDK_SERVICES).find((service) => service.arnService === arnService)?.prefix ??
    arnService
  );
}

/** §3.9 [AWS-snap]: `Sfn.InvalidTokenException`, with the Java SDK v2's cause. */
function sdkError(prefix: string, error: AwsError, request: RequestContext): StatesError {
  const shape = error.shape ?? error.wireType ?? error.code;
  const name = shape.endsWith('Exception') ? shape : `${shape}Exception`;
  return new StatesError(`${prefix}.${name}`, sdkCause(prefix, error, request));
}

/** §3.9 [AWS-snap]: the Java SDK v2's text of a service's error, `<message> (Service: S3, Status Code: 404, ...)`. */
export function sdkCause(prefix: string, error: AwsError, request: RequestContext): string {
  return `${error.message} (Service: ${prefix}, Status Code: ${error.status}, Request ID: ${request.requestId})`;
}

/**
 * A function's error (§3.2, §3.3 [AWS-snap]): its `errorType` is the task's error (Lambda.Unknown without one); the
 * cause is the payload, compact for `lambda:invoke`, as the function answered it for a function ARN.
 */
function functionError(text: string, compact: boolean): StatesError {
  const payload = parseOr(text);
  const type = isObject(payload) && typeof payload['errorType'] === 'string' ? payload['errorType'] : 'Lambda.Unknown';
  return new StatesError(type, compact && typeof payload !== 'string' ? jsonText(payload) : text);
}

/** A resource the emulation does not reach: the task fails, naming it (never a made-up success). */
function notEmulated(resource: string, detail?: string): StatesError {
  return new StatesError(
    'States.Runtime',
    `sqs-sns-mock does not emulate the resource ${resource}${detail ? ` (${detail})` : ''}; the task was not run.`,
  );
}

/** An action's answer as JSON: its Dates as epoch milliseconds, its bytes as text, no symbols. */
function plain(value: unknown): Json {
  if (value instanceof Date) return value.getTime();
  if (value instanceof Uint8Array) return decoder.decode(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, plain(inner)]),
    );
  }
  return (value ?? null) as Json;
}

function recase(value: Json, change: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => recase(item, change));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [change(key), recase(inner, change)]));
  return value;
}

const lowerFirst = (key: string) => key[0]!.toLowerCase() + key.slice(1);
const upperFirst = (key: string) => key[0]!.toUpperCase() + key.slice(1);
