import type { MockInput, TestStateCommandInput } from '@aws-sdk/client-sfn';
import type { RequestContext } from '../../../core/request-context.js';
import type { Scope, StateDefinition } from '../asl/definition.js';
import { isObject, jsonText, type Json, type JsonObject } from '../asl/json.js';
import { problemText, validateDefinition } from '../asl/validate.js';
import type { TestMock, TestStateSettings } from '../engine/run.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { parseInput, required } from './checks.js';

const LEVELS = ['INFO', 'DEBUG', 'TRACE'] as const;
/** §1.14 [AWS-snap]: the name a state tested alone has. */
const STATE_NAME = 'StateName';

/**
 * TestState (§1.14): one state run once, alone or named in a whole machine, with an input and variables; its output,
 * next state, or failure, and at DEBUG and TRACE what each stage of its data processing made. A mock stands for a
 * Task's, Map's or Parallel's work; a context for the context object; stateConfiguration for where a retrier or a
 * Map's iterations stand.
 */
export async function testState(backend: SfnBackend, input: Partial<TestStateCommandInput>, request: RequestContext) {
  const level = input.inspectionLevel ?? 'INFO';
  if (!(LEVELS as readonly string[]).includes(level)) throw sfnErrors.badEnum(level, 'inspectionLevel', LEVELS);
  const text = String(required(input.definition, 'definition'));
  const { definition, state } = stateToTest(text, input.stateName);
  const mock = input.mock === undefined ? undefined : mockOf(input.mock, state, input.revealSecrets === true);
  const configuration = input.stateConfiguration ?? {};
  if (mock === undefined) {
    // §1.14 [AWS-snap 2026-03]: the count is refused before the Map is.
    if (configuration.mapIterationFailureCount !== undefined) throw sfnErrors.failureCountUnmocked();
    // §1.14 [AWS-snap 2025-12]: a Map or Parallel is tested only with a mock; a Task without one needs a role.
    if (state.type === 'Map' || state.type === 'Parallel') throw sfnErrors.mapOrParallelUnmocked();
    if (input.context !== undefined) throw sfnErrors.contextUnmocked();
    if (state.type === 'Task' && input.roleArn === undefined) throw sfnErrors.roleArnForTask();
  }
  const failures = configuration.mapIterationFailureCount;
  if (failures !== undefined && mock && 'result' in mock && Array.isArray(mock.result) && failures > mock.result.length)
    throw sfnErrors.failureCountTooHigh();
  const { value } = parseInput(input.input);
  const variables = input.variables === undefined ? undefined : parseInput(input.variables).value;
  if (variables !== undefined && !isObject(variables)) throw sfnErrors.validation('Variables must be a JSON object');
  const settings: TestStateSettings = {
    ...(mock ? { mock } : {}),
    ...(input.context !== undefined ? { context: contextOf(input.context, state) } : {}),
    ...(configuration.retrierRetryCount !== undefined ? { retrierRetryCount: configuration.retrierRetryCount } : {}),
    ...(failures !== undefined ? { mapIterationFailureCount: failures } : {}),
    ...(configuration.mapItemReaderData !== undefined
      ? { mapItemReaderData: readerData(configuration.mapItemReaderData) }
      : {}),
  };
  const result = await backend.testState(
    request.region,
    state,
    definition,
    input.roleArn,
    value,
    variables as JsonObject | undefined,
    level !== 'INFO',
    settings,
  );
  return {
    status: result.status,
    ...(result.output !== undefined ? { output: jsonText(result.output) } : {}),
    ...(result.error !== undefined ? { error: result.error } : {}),
    ...(result.cause !== undefined ? { cause: result.cause } : {}),
    ...(result.nextState !== undefined ? { nextState: result.nextState } : {}),
    ...(result.inspectionData !== undefined ? { inspectionData: result.inspectionData } : {}),
  };
}

/** §1.14 [AWS-snap 2025-12]: the states whose work a mock stands for; Wait and Choice have none (Emulation). */
const MOCKABLE = new Set(['Task', 'Map', 'Parallel']);
const MODES = ['STRICT', 'PRESENT', 'NONE'] as const;

/** TestState's mock (§1.14), checked as AWS checks it before anything runs. */
function mockOf(mock: MockInput, state: StateDefinition, revealSecrets: boolean): TestMock {
  if (!MOCKABLE.has(state.type)) throw sfnErrors.mockNotSupported(state.type);
  if ((mock.result === undefined) === (mock.errorOutput === undefined)) throw sfnErrors.mockOneOf();
  if (revealSecrets) throw sfnErrors.mockRevealSecrets();
  const mode = mock.fieldValidationMode ?? 'STRICT';
  if (!(MODES as readonly string[]).includes(mode)) throw sfnErrors.badEnum(mode, 'mock.fieldValidationMode', MODES);
  if (mock.errorOutput !== undefined) return { error: mock.errorOutput.error, cause: mock.errorOutput.cause };
  let result: Json;
  try {
    result = JSON.parse(String(mock.result)) as Json;
  } catch {
    // §1.14 [AWS-snap 2025-12]: even with fieldValidationMode NONE.
    throw sfnErrors.mockResultNotJson();
  }
  checkResult(result, state, mode);
  return { result };
}

/** A mocked result is what the state's work answers: a Map's list (a ResultWriter's object), a list per branch. */
function checkResult(result: Json, state: StateDefinition, mode: (typeof MODES)[number]): void {
  if (state.type === 'Map') {
    if (isObject(state.fields['ResultWriter'])) {
      if (!isObject(result)) throw sfnErrors.mockResultObject();
    } else if (!Array.isArray(result)) throw sfnErrors.mockResultArray();
  } else if (state.type === 'Parallel') {
    if (!Array.isArray(result)) throw sfnErrors.mockResultArray();
    if (result.length !== (state.branches ?? []).length) throw sfnErrors.mockResultBranches();
  } else if (mode !== 'NONE') {
    const shape = typeof state.fields['Resource'] === 'string' ? OUTPUT_SHAPES[state.fields['Resource']] : undefined;
    const problem = shape && isObject(result) ? structureProblem(result, shape, mode === 'STRICT') : undefined;
    if (problem) throw sfnErrors.mockSchema(problem);
  }
}

type OutputShape = 'string' | 'number' | { readonly list: OutputShape } | Structure;
interface Structure {
  readonly members: Readonly<Record<string, OutputShape>>;
  readonly required?: readonly string[];
}

/**
 * §1.14 [AWS-snap 2025-12]: fieldValidationMode STRICT holds a Task's mocked result to its integration's output
 * model (required members there, each member present of its type; others let through), PRESENT only the members
 * present. The request-response integrations the emulation runs, from their models [D Model]; a timestamp is text.
 * Emulation: any other resource (`.sync`, callbacks, AWS SDK integrations, a function ARN) is not checked.
 */
const OUTPUT_SHAPES: Readonly<Record<string, Structure>> = {
  'arn:aws:states:::lambda:invoke': {
    members: { StatusCode: 'number', FunctionError: 'string', LogResult: 'string', ExecutedVersion: 'string' },
  },
  'arn:aws:states:::sqs:sendMessage': {
    members: {
      MD5OfMessageBody: 'string',
      MD5OfMessageAttributes: 'string',
      MD5OfMessageSystemAttributes: 'string',
      MessageId: 'string',
      SequenceNumber: 'string',
    },
  },
  'arn:aws:states:::sns:publish': { members: { MessageId: 'string', SequenceNumber: 'string' } },
  'arn:aws:states:::events:putEvents': {
    members: {
      FailedEntryCount: 'number',
      Entries: { list: { members: { EventId: 'string', ErrorCode: 'string', ErrorMessage: 'string' } } },
    },
  },
  'arn:aws:states:::states:startExecution': {
    members: { ExecutionArn: 'string', StartDate: 'string' },
    required: ['ExecutionArn', 'StartDate'],
  },
};

/** The first way `value` breaks `shape`, in AWS's words; a wrong member is named alone, not by its path. */
function structureProblem(value: JsonObject, shape: Structure, strict: boolean): string | undefined {
  if (strict)
    for (const name of shape.required ?? [])
      if (value[name] === undefined) return `Required field '${name}' is missing`;
  for (const [name, member] of Object.entries(shape.members)) {
    const problem = value[name] === undefined ? undefined : memberProblem(value[name], member, name, strict);
    if (problem) return problem;
  }
  return undefined;
}

function memberProblem(value: Json, shape: OutputShape, name: string, strict: boolean): string | undefined {
  if (shape === 'string') return typeof value === 'string' ? undefined : `Field '${name}' must be a string`;
  if (shape === 'number') return typeof value === 'number' ? undefined : `Field '${name}' must be a number`;
  if ('list' in shape) {
    if (!Array.isArray(value)) return `Field '${name}' must be an array`;
    for (const item of value) {
      const problem = memberProblem(item, shape.list, name, strict);
      if (problem) return problem;
    }
    return undefined;
  }
  // Emulation: AWS's words for a member that should be an object are not recorded.
  return isObject(value) ? structureProblem(value, shape, strict) : `Field '${name}' must be an object`;
}

/** The context object's members and what each holds (§1.14 [AWS-snap 2025-12], [D]). */
const CONTEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Execution: ['Id', 'Input', 'Name', 'RoleArn', 'StartTime', 'RedriveCount', 'RedriveTime'],
  State: ['EnteredTime', 'Name', 'RetryCount'],
  StateMachine: ['Id', 'Name'],
  Task: ['Token'],
};
const CONTEXT_TEXTS = new Set([
  'Execution.Id',
  'Execution.Name',
  'Execution.RoleArn',
  'Execution.StartTime',
  'Execution.RedriveTime',
  'State.EnteredTime',
  'State.Name',
  'StateMachine.Id',
  'StateMachine.Name',
  'Task.Token',
]);

/** TestState's context (§1.14): the whole context object the state sees, checked as AWS checks it. */
function contextOf(text: string, state: StateDefinition): JsonObject {
  let context: Json;
  try {
    context = JSON.parse(text) as Json;
  } catch {
    throw sfnErrors.contextNotJson();
  }
  if (!isObject(context)) throw sfnErrors.contextNotJson();
  for (const [section, fields] of Object.entries(context)) {
    if (section === 'Map') throw sfnErrors.invalidContext("'Map' field is not supported when mocking a Context object");
    const allowed = CONTEXT_FIELDS[section];
    if (!allowed) throw sfnErrors.invalidContext(`Field '${section}' is not allowed`);
    if (!isObject(fields)) continue;
    for (const [name, value] of Object.entries(fields)) {
      if (!allowed.includes(name)) throw sfnErrors.invalidContext(`Field '${name}' is not allowed`);
      if (CONTEXT_TEXTS.has(`${section}.${name}`) && typeof value !== 'string')
        throw sfnErrors.invalidContext(`${section}.${name} must be a string`);
    }
  }
  const resource = state.fields['Resource'];
  const waits = typeof resource === 'string' && /\.(sync(:2)?|waitForTaskToken)$/.test(resource);
  if (context['Task'] !== undefined && !(state.type === 'Task' && waits))
    throw sfnErrors.invalidContext(
      "Context object contains 'Task' when state is not a Task state with a '.sync' or '.waitForTaskToken' " +
        'service integration pattern',
    );
  return context;
}

/** stateConfiguration.mapItemReaderData (§1.14): the items, as JSON text of a list. */
function readerData(text: string): Json[] {
  let items: Json;
  try {
    items = JSON.parse(text) as Json;
  } catch {
    throw sfnErrors.itemReaderDataNotJson();
  }
  if (!Array.isArray(items)) throw sfnErrors.itemReaderDataNotJson();
  return items;
}

/**
 * The state to run: `stateName` of a whole machine, or the one state the definition is, checked as the only state of
 * a machine whose states it goes to are there (§1.14).
 */
function stateToTest(text: string, stateName: string | undefined) {
  if (stateName !== undefined) {
    const validated = validateDefinition(text, 'STANDARD');
    if ('diagnostics' in validated) throw sfnErrors.invalidDefinition(problemText(validated.diagnostics));
    const state = findState(validated.machine, stateName);
    if (!state) throw sfnErrors.validation('State not found in definition');
    return { definition: validated.machine, state };
  }
  let fields: Json;
  try {
    fields = JSON.parse(text) as Json;
  } catch {
    fields = null;
  }
  if (!isObject(fields)) {
    const validated = validateDefinition(text, 'STANDARD');
    throw sfnErrors.invalidDefinition('diagnostics' in validated ? problemText(validated.diagnostics) : text);
  }
  const targets = new Set<string>();
  for (const key of ['Next', 'Default'] as const) if (typeof fields[key] === 'string') targets.add(fields[key]);
  for (const list of [fields['Choices'], fields['Catch']]) {
    if (Array.isArray(list))
      for (const entry of list) if (isObject(entry) && typeof entry['Next'] === 'string') targets.add(entry['Next']);
  }
  targets.delete(STATE_NAME);
  const states: JsonObject = { [STATE_NAME]: fields };
  for (const target of targets) states[target] = { Type: 'Succeed' };
  const validated = validateDefinition(JSON.stringify({ StartAt: STATE_NAME, States: states }), 'STANDARD');
  if ('diagnostics' in validated) throw sfnErrors.invalidDefinition(problemText(validated.diagnostics));
  return { definition: validated.machine, state: validated.machine.states.get(STATE_NAME)! };
}

/** A state by name in a scope or any branch or processor within it. */
function findState(scope: Scope, name: string): StateDefinition | undefined {
  for (const state of scope.states.values()) {
    if (state.name === name) return state;
    for (const inner of [...(state.branches ?? []), ...(state.processor ? [state.processor] : [])]) {
      const found = findState(inner, name);
      if (found) return found;
    }
  }
  return undefined;
}
