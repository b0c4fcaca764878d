/**
 * The Conditions section, evaluated before any resource is created (docs/aws-behaviour/templates.md §1.3): each
 * condition from Fn::Equals, Fn::Not, Fn::And, Fn::Or and `{"Condition": name}` over parameters, pseudo parameters
 * and mappings.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';
import { intrinsicName, resolveValue, type Scope } from './intrinsics.js';
import { below, errorAt, type Location } from './location.js';

/** The values given to conditions: parameters and pseudo parameters by name, and mappings. */
export type ConditionScope = Pick<Scope, 'region' | 'mapping' | 'importValue'> & {
  /** A parameter's or pseudo parameter's value; undefined for any other name. */
  value(name: string, at: Location): unknown;
};

export function evaluateConditions(
  declarations: Readonly<Record<string, unknown>>,
  values: ConditionScope,
): Map<string, boolean> {
  const results = new Map<string, boolean>();
  const evaluating: string[] = [];

  const conditionNamed = (name: string, at: Location): boolean => {
    const known = results.get(name);
    if (known !== undefined) return known;
    if (!Object.hasOwn(declarations, name)) throw errorAt(at, `the condition ${name} is not declared in Conditions`);
    if (evaluating.includes(name)) {
      const cycle = evaluating.slice(evaluating.indexOf(name));
      throw new TemplateError(`Template error: circular dependency between conditions: [${cycle.join(', ')}]`, name);
    }
    evaluating.push(name);
    const result = evaluate(declarations[name], { section: 'Conditions', logicalId: name, path: [] });
    evaluating.pop();
    results.set(name, result);
    return result;
  };

  const scope: Scope = {
    region: values.region,
    ref(name, at) {
      const value = values.value(name, at);
      if (value === undefined) {
        throw errorAt(
          at,
          `Template format error: Unresolved dependencies [${name}]. Cannot reference resources in the Conditions ` +
            'block of the template',
        );
      }
      return value;
    },
    getAtt(logicalId, _attribute, at) {
      throw errorAt(
        at,
        `Template format error: Unresolved dependencies [${logicalId}]. Cannot reference resources in the ` +
          'Conditions block of the template',
      );
    },
    condition: conditionNamed,
    mapping: (name, top, second, at) => values.mapping(name, top, second, at),
    importValue: (name, at) => values.importValue(name, at),
  };

  const evaluate = (expression: unknown, at: Location): boolean => {
    if (typeof expression === 'object' && expression !== null && !Array.isArray(expression)) {
      const keys = Object.keys(expression);
      if (keys.length === 1 && keys[0] === 'Condition') {
        const name = (expression as Record<string, unknown>)['Condition'];
        if (typeof name !== 'string') throw errorAt(below(at, 'Condition'), 'a condition name must be a string');
        return conditionNamed(name, below(at, 'Condition'));
      }
    }
    const name = intrinsicName(expression);
    const argument = name === undefined ? undefined : (expression as Record<string, unknown>)[name];
    const fnAt = name === undefined ? at : below(at, name);
    const operands = (min: number, max: number): unknown[] => {
      if (!Array.isArray(argument) || argument.length < min || argument.length > max) {
        throw errorAt(
          fnAt,
          `Template error: ${name} requires a list of ${min === max ? min : `${min} to ${max}`} conditions`,
        );
      }
      return argument;
    };
    switch (name) {
      case 'Fn::Equals': {
        if (!Array.isArray(argument) || argument.length !== 2) {
          throw errorAt(fnAt, 'Template error: every Fn::Equals object requires a list of 2 string parameters.');
        }
        const [left, right] = argument.map((item, index) => comparable(resolveValue(item, scope, below(fnAt, index))));
        return left === right;
      }
      case 'Fn::Not':
        return !evaluate(operands(1, 1)[0], below(fnAt, 0));
      // Every operand is evaluated, so that an error in any of them is found whatever the others give.
      case 'Fn::And':
        return operands(2, 10)
          .map((item, index) => evaluate(item, below(fnAt, index)))
          .every(Boolean);
      case 'Fn::Or':
        return operands(2, 10)
          .map((item, index) => evaluate(item, below(fnAt, index)))
          .some(Boolean);
    }
    throw errorAt(
      at,
      'Template error: a condition must be Fn::Equals, Fn::Not, Fn::And, Fn::Or or a Condition reference',
    );
  };

  for (const name of Object.keys(declarations))
    conditionNamed(name, { section: 'Conditions', logicalId: name, path: [] });
  return results;
}

/** Fn::Equals compares values as CloudFormation holds them: `3` and `"3"` are the same string. */
function comparable(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => comparable(item)));
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
