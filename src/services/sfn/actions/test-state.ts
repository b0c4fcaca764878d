import type { TestStateCommandInput } from '@aws-sdk/client-sfn';
import { NotEmulatedError } from '../../../core/aws-error.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { Scope, StateDefinition } from '../asl/definition.js';
import { isObject, jsonText, type Json, type JsonObject } from '../asl/json.js';
import { problemText, validateDefinition } from '../asl/validate.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { parseInput, required } from './checks.js';

const LEVELS = ['INFO', 'DEBUG', 'TRACE'] as const;
/** §1.14 [AWS-snap]: the name a state tested alone has. */
const STATE_NAME = 'StateName';

/**
 * TestState (§1.14): one state run once, alone or named in a whole machine, with an input and variables; its output,
 * next state, or failure, and at DEBUG and TRACE what each stage of its data processing made.
 */
export async function testState(backend: SfnBackend, input: Partial<TestStateCommandInput>, request: RequestContext) {
  for (const key of ['mock', 'stateConfiguration', 'context'] as const) {
    if (input[key] !== undefined) throw new NotEmulatedError('SFN', 'TestStateCommand', `TestState's ${key}`);
  }
  const level = input.inspectionLevel ?? 'INFO';
  if (!(LEVELS as readonly string[]).includes(level)) throw sfnErrors.badEnum(level, 'inspectionLevel', LEVELS);
  const text = String(required(input.definition, 'definition'));
  const { definition, state } = stateToTest(text, input.stateName);
  // §1.14 [AWS-snap]
  if (state.type === 'Task' && input.roleArn === undefined) throw sfnErrors.roleArnForTask();
  const { value } = parseInput(input.input);
  const variables = input.variables === undefined ? undefined : parseInput(input.variables).value;
  if (variables !== undefined && !isObject(variables)) throw sfnErrors.validation('Variables must be a JSON object');
  const result = await backend.testState(
    request.region,
    state,
    definition,
    input.roleArn,
    value,
    variables as JsonObject | undefined,
    level !== 'INFO',
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
