import { TemplateError } from '../../core/provisioning/resource-type.js';

/** Where in the template a value sits: its section, the logical id, and the path below it. */
export interface Location {
  readonly section: 'Resources' | 'Outputs' | 'Conditions' | 'Parameters';
  readonly logicalId: string;
  /** Keys and indexes below the logical id, e.g. `['Properties', 'RedrivePolicy', 'deadLetterTargetArn']`. */
  readonly path: readonly (string | number)[];
}

export function below(at: Location, key: string | number): Location {
  return { section: at.section, logicalId: at.logicalId, path: [...at.path, key] };
}

/** `Resources.Queue.Properties.RedrivePolicy`: how an error names the place. */
export function describeLocation(at: Location): string {
  return [at.section, at.logicalId, ...at.path].join('.');
}

/** The property a location is in, as TemplateError names it: the path below `Properties`. */
export function propertyOf(at: Location): string | undefined {
  const start = at.path[0] === 'Properties' ? 1 : 0;
  return at.path.length > start ? at.path.slice(start).join('.') : undefined;
}

/** An error about the value at `at`: the text, then where it is. */
export function errorAt(at: Location, text: string): TemplateError {
  return new TemplateError(`${text} (at ${describeLocation(at)})`, at.logicalId, propertyOf(at));
}
