/**
 * CloudFormation YAML: the `yaml` package with the core schema and one set of tags per short form
 * (docs/aws-behaviour/templates.md §7.1, §7.2). The package is loaded on the first YAML template only, so that
 * `import 'sqs-sns-mock'` stays cheap for the tests that never provision one.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { MAX_DEPTH } from './engine/template-shape.js';
import { TemplateError } from '../core/provisioning/resource-type.js';

type YamlModule = typeof Yaml;
type CustomTag = Yaml.ScalarTag | Yaml.CollectionTag;

/** Short forms whose long form is `{ <key>: value }`; every other short form is `Fn::<Name>`. */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  Ref: 'Ref',
  Condition: 'Condition',
  ...Object.fromEntries(
    [
      'GetAtt',
      'Sub',
      'Join',
      'Select',
      'Split',
      'FindInMap',
      'If',
      'Equals',
      'Not',
      'And',
      'Or',
      'ImportValue',
      'Base64',
      'GetAZs',
      'Cidr',
      'Transform',
      'Length',
      'ToJsonString',
      'ForEach',
      'Contains',
      'EachMemberEquals',
      'EachMemberIn',
      'RefAll',
      'ValueOf',
      'ValueOfAll',
    ].map((name) => [name, `Fn::${name}`]),
  ),
};

let loaded: { yaml: YamlModule; tags: CustomTag[] } | undefined;

function load(): { yaml: YamlModule; tags: CustomTag[] } {
  if (!loaded) {
    // @ts-ignore -- tsc's CommonJS declaration build refuses import.meta; the CJS bundle rewrites it to __filename.
    const require = createRequire(import.meta.url);
    const yaml = require('yaml') as YamlModule;
    loaded = { yaml, tags: shortFormTags() };
  }
  return loaded;
}

/** Three tags per short form, one for each kind of node it may tag: a scalar, a sequence, a mapping. */
function shortFormTags(): CustomTag[] {
  const tags: CustomTag[] = [];
  for (const [name, key] of Object.entries(SHORT_FORMS)) {
    const tag = `!${name}`;
    tags.push({
      tag,
      resolve: (text: string) => ({ [key]: name === 'GetAtt' ? splitAtFirstDot(text) : text }),
    });
    for (const collection of ['seq', 'map'] as const) {
      tags.push({
        tag,
        collection,
        resolve: (node: Yaml.YAMLMap.Parsed | Yaml.YAMLSeq.Parsed) => ({ [key]: node.toJSON() }),
      });
    }
  }
  return tags;
}

/** `!GetAtt Queue.Arn` names the resource before the first dot; the attribute may hold dots (§2.1). */
function splitAtFirstDot(text: string): string[] | string {
  const dot = text.indexOf('.');
  return dot < 0 ? text : [text.slice(0, dot), text.slice(dot + 1)];
}

/**
 * A template's YAML text as the plain object its JSON form would give. The text is parsed to its syntax tree first,
 * which is checked for aliases (CloudFormation refuses them) and for nesting deeper than the engine reads, before
 * the tree is composed: the composer recurses, and a short-form tag expands its aliases as it is composed
 * (docs/aws-behaviour/templates.md §7.4).
 */
export function parseYamlTemplate(text: string): unknown {
  const { yaml, tags } = load();
  const tokens = Array.from(new yaml.Parser().parse(text));
  checkSyntaxTree(tokens, text);
  const composer = new yaml.Composer({ schema: 'core', customTags: tags });
  const documents = Array.from(composer.compose(tokens, true, text.length));
  const document = documents[0]!;
  const error = document.errors[0];
  if (error) throw notWellFormed('YAML', text, error.pos[0], reasonOf(error));
  if (documents.length > 1) {
    throw notWellFormed('YAML', text, documents[1]!.range[0], 'Source contains multiple documents');
  }
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) {
    throw notWellFormed('YAML', text, unknownTag.pos[0], `${reasonOf(unknownTag)}, not a CloudFormation tag`);
  }
  return document.toJS();
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

function isCollection<T extends { type?: unknown }>(token: T | undefined): token is T & { type: string } {
  return typeof token?.type === 'string' && COLLECTIONS.has(token.type);
}

/**
 * Walks the syntax tree with a stack of its own (no recursion to overflow): any alias is refused with
 * CloudFormation's text; a key that is a list or a map (JSON keys are text), and a collection nested deeper than
 * `MAX_DEPTH`, with the engine's own.
 */
function checkSyntaxTree(tokens: readonly unknown[], text: string): void {
  const where = (offset: unknown): string => {
    const { line, col } = lineAndColumn(text, typeof offset === 'number' ? offset : 0);
    return `(line ${line}, column ${col})`;
  };
  // Children are pushed last to first, so that the first fault in the text is the one reported.
  const stack: { node: unknown; depth: number }[] = tokens.map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const token = node as { type?: unknown; offset?: unknown; key?: { type?: unknown; offset?: unknown } };
    if (token.type === 'alias') {
      throw new TemplateError(
        `Template error: YAML aliases are not allowed in CloudFormation templates ${where(token.offset)}`,
      );
    }
    if (isCollection(token.key)) {
      throw new TemplateError(
        `Template format error: a YAML mapping key is a list or a map, which JSON cannot hold ${where(token.key.offset)}`,
      );
    }
    const below = isCollection(token) ? depth + 1 : depth;
    if (below > MAX_DEPTH) {
      throw new TemplateError(
        `Template format error: the YAML nests more than ${MAX_DEPTH} levels deep, the most sqs-sns-mock reads ` +
          where(token.offset),
      );
    }
    const children = Object.values(node);
    for (let index = children.length - 1; index >= 0; index--) {
      const child: unknown = children[index];
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: below });
    }
  }
}

function reasonOf(error: Yaml.YAMLError): string {
  return error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * CloudFormation's text for a template it cannot parse, `Template format error: YAML not well-formed. (line 96,
 * column 65)` (templates.md §7.3), followed by the parser's own reason.
 */
export function notWellFormed(format: 'YAML' | 'JSON', text: string, offset: number, reason: string): TemplateError {
  const { line, col } = lineAndColumn(text, offset);
  return new TemplateError(
    `Template format error: ${format} not well-formed. (line ${line}, column ${col}): ${reason}`,
  );
}

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}
