import type { AwsMock } from '../account/aws-mock.js';
import type { ProvisionOptions } from '../templates/stack.js';

/** What a server provisions its start-up template with: `provision`'s options (docs/aws-behaviour/wire.md §14.5). */
export type StartupStackOptions = Pick<ProvisionOptions, 'stackName' | 'parameters' | 'functions'>;

/**
 * The stack `startServer({ template })` and `serve --template` provision at start, and again after each
 * `POST /_mock/reset` (docs/aws-behaviour/wire.md §13.4): under the same names, generated ones included, with or
 * without a seed, so a test suite can hold a queue's URL or a function's name across resets.
 */
export class StartupStack {
  /** The numbers the first provisioning drew for its generated names, in the order it drew them. */
  #names: number[] | undefined;

  constructor(
    private readonly template: unknown,
    private readonly options: StartupStackOptions,
  ) {}

  provision(aws: AwsMock): void {
    const first = this.#names === undefined;
    const names = (this.#names ??= []);
    let next = 0;
    aws.provision(this.template, {
      ...this.options,
      // Every number is still drawn from the account, so that a seeded account's ids after a reset run as they ran
      // after start-up; only the names are the recorded ones. A template provisions its resources in one order, so
      // the n-th draw names the same resource each time.
      nameSource: () => {
        const drawn = aws.ids.random();
        if (first) {
          names.push(drawn);
          return drawn;
        }
        return names[next++] ?? drawn;
      },
    });
  }
}
