/**
 * A property of `aws.provision`: whatever value sits somewhere in a template (any JS value fast-check makes, with a
 * cycle, a BigInt or nesting thousands deep mixed in), and whether the template is given as an object, JSON text or
 * YAML text (whose writer turns shared objects into aliases), provision either succeeds or throws TemplateError,
 * and a refused template leaves nothing created (docs/aws-behaviour/templates.md §7.4). And keys that name members of
 * every JavaScript object (`__proto__`, `constructor`, ...) are data: Fn::FindInMap finds only what a template wrote,
 * in CloudFormation's texts otherwise (§2.3), and a parameter's name is held to CloudFormation's rule (§1.2).
 */
import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { createAwsMock, TemplateError } from '../../src/index.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Where the value goes: a place the engine reads, or one it only carries. */
const PLACES: readonly (readonly string[])[] = [
  ['Resources', 'Orders', 'Properties', 'Tags'],
  ['Resources', 'Orders', 'Properties', 'RedrivePolicy'],
  ['Resources', 'Orders', 'Properties', 'DelaySeconds'],
  ['Resources', 'Orders', 'Metadata'],
  ['Resources', 'Events', 'Properties', 'TopicName'],
  ['Metadata', 'Anything'],
  ['Outputs', 'Url', 'Value'],
  ['Mappings', 'Stage'],
];

/** A value of any kind, then perhaps made cyclic, given a BigInt, or wrapped thousands deep. */
const value = fc
  .tuple(
    fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withBoxedValues: true,
      withTypedArray: true,
    }),
    fc.constantFrom('as is', 'cyclic', 'bigint', 'deep list', 'deep object', 'shared'),
    fc.integer({ min: 1, max: 3000 }),
  )
  .map(([base, twist, depth]) => {
    switch (twist) {
      case 'cyclic': {
        const holder: Record<string, unknown> = { base };
        holder['self'] = [holder];
        return holder;
      }
      case 'bigint':
        return [base, BigInt(depth)];
      case 'deep list':
      case 'deep object': {
        let nested: unknown = base;
        for (let i = 0; i < depth; i++) nested = twist === 'deep list' ? [nested] : { a: nested };
        return nested;
      }
      case 'shared':
        return { one: base, two: base };
      default:
        return base;
    }
  });

function templateWith(path: readonly string[], inner: unknown): Record<string, unknown> {
  const template: Record<string, unknown> = {
    Resources: {
      First: { Type: 'AWS::SQS::Queue' },
      Events: { Type: 'AWS::SNS::Topic' },
      Orders: { Type: 'AWS::SQS::Queue' },
    },
  };
  let at = template;
  for (const key of path.slice(0, -1)) {
    at[key] = { ...(at[key] as object | undefined) };
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = inner;
  return template;
}

/** The template as the form asks; a form the value cannot be written in falls back to the object itself. */
function written(template: Record<string, unknown>, form: 'object' | 'json' | 'yaml'): unknown {
  try {
    if (form === 'json') return JSON.stringify(template);
    if (form === 'yaml') return stringify(template, { aliasDuplicateObjects: true });
  } catch {
    // A cycle or a BigInt has no JSON text; some values have no YAML text either.
  }
  return template;
}

it('provision only ever succeeds or throws TemplateError, leaving nothing created when it throws', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...PLACES),
      value,
      fc.constantFrom('object', 'json', 'yaml' as const),
      (path, inner, form) => {
        const aws = createAwsMock();
        const source = written(templateWith(path, inner), form);
        try {
          aws.provision(source);
        } catch (error) {
          if (!(error instanceof TemplateError)) throw error;
          expect(aws.sqs.queues()).toEqual([]);
          expect(aws.sns.topics()).toEqual([]);
        }
      },
    ),
    { numRuns: 300 },
  );
});

it('a JSON value where the engine only carries it is never refused, as an object, JSON text or YAML text', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(['Metadata', 'Anything'], ['Resources', 'Orders', 'Metadata']),
      fc.jsonValue({ maxDepth: 6 }),
      fc.constantFrom('object', 'json', 'yaml' as const),
      (path, inner, form) => {
        const stack = createAwsMock().provision(written(templateWith(path, inner), form));
        expect(stack.ref('Orders')).toMatch(/Orders/);
      },
    ),
    { numRuns: 200 },
  );
});

/** Keys that are data in a template but members of every JavaScript object (§2.3). */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const key = fc.constantFrom('A', 'B', 'Suffix', ...PROTOTYPE_KEYS);

/** A two-level map of keys (prototype names among them), written as JSON text so that `__proto__` is a key. */
const mappings = fc.dictionary(key, fc.dictionary(key, fc.constantFrom('one', 'two'), { maxKeys: 3 }), {
  maxKeys: 3,
});

it('Fn::FindInMap reads only the keys a template wrote, prototype names included, else CloudFormation’s text', () => {
  fc.assert(
    fc.property(fc.constantFrom('Map', ...PROTOTYPE_KEYS), mappings, key, key, (name, map, top, second) => {
      const template = {
        Mappings: { Map: map },
        Resources: { Orders: { Type: 'AWS::SQS::Queue' } },
        Outputs: { Found: { Value: { 'Fn::FindInMap': [name, top, second] } } },
      };
      const aws = createAwsMock();
      const run = () => aws.provision(JSON.stringify(template));
      const written = name === 'Map' && Object.hasOwn(map, top) ? map[top]! : undefined;
      if (name !== 'Map') {
        expect(run).toThrow(
          `Template error: Mapping named '${name}' is not present in the 'Mappings' section of template`,
        );
      } else if (written !== undefined && Object.hasOwn(written, second)) {
        expect(run().outputs['Found']).toBe(written[second]);
      } else {
        expect(run).toThrow(`Template error: Unable to get mapping for Map::${top}::${second}`);
      }
    }),
    { numRuns: 300 },
  );
});

it('takes a parameter name only when it is alphanumeric, as CloudFormation does (§1.2)', () => {
  fc.assert(
    fc.property(fc.constantFrom('Stage', 'my-param', 'a_b', 'AWS::NoValue', 'x.y', ...PROTOTYPE_KEYS), (name) => {
      const template = `{"Parameters": {${JSON.stringify(name)}: {"Type": "String", "Default": "x"}},
        "Resources": {"Orders": {"Type": "AWS::SQS::Queue"}}}`;
      const run = () => createAwsMock().provision(template);
      if (/^[A-Za-z0-9]+$/.test(name)) expect(run().ref('Orders')).toMatch(/Orders/);
      else expect(run).toThrow(`Template format error: Parameter name ${name} is non alphanumeric.`);
    }),
  );
});
