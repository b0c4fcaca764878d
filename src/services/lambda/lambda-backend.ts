import type { AwsError } from '../../core/aws-error.js';
import { invokeErrors } from './errors.js';
import { functionArn, parseFunctionRef, type FunctionRef } from './function-arn.js';
import type { FunctionSettings } from './function-options.js';
import { LambdaFunction } from './lambda-function.js';
import type { LambdaRuntime } from './runtime.js';
import type { FunctionCode } from './sandbox/function-code.js';

/** Where the account's functions live: by region, then by name. */
export interface FunctionDirectory {
  /**
   * The function a FunctionName parameter names (a name, partial or full ARN, with or without qualifier), looked up in
   * `region` unless the ARN names its own; undefined when there is none, or it is in another account.
   */
  find(ref: string, region: string): { fn: LambdaFunction; ref: FunctionRef } | undefined;
  /** The function of an ARN, in any region: SNS subscriptions and destinations name functions by ARN. */
  findByArn(arn: string): LambdaFunction | undefined;
}

/** The account's Lambda functions, by region and name. */
export class LambdaBackend implements FunctionDirectory {
  private readonly byRegion = new Map<string, Map<string, LambdaFunction>>();

  constructor(
    readonly accountId: string,
    readonly runtime: LambdaRuntime,
  ) {}

  create(name: string, region: string, code: FunctionCode, settings: FunctionSettings): LambdaFunction {
    let functions = this.byRegion.get(region);
    if (!functions) this.byRegion.set(region, (functions = new Map()));
    if (functions.has(name)) {
      throw new TypeError(`sqs-sns-mock: a function "${name}" already exists in ${region}; delete it first`);
    }
    const fn = new LambdaFunction(
      name,
      region,
      functionArn(region, this.accountId, name),
      settings,
      code,
      this.runtime,
    );
    functions.set(name, fn);
    return fn;
  }

  delete(fn: LambdaFunction): void {
    if (this.byRegion.get(fn.region)?.get(fn.name) !== fn) return;
    this.byRegion.get(fn.region)!.delete(fn.name);
    fn.deleted = true;
    fn.discardEnvironments('the function was deleted');
  }

  find(ref: string, region: string): { fn: LambdaFunction; ref: FunctionRef } | undefined {
    const parsed = parseFunctionRef(ref);
    if (!parsed || (parsed.accountId !== undefined && parsed.accountId !== this.accountId)) return undefined;
    const fn = this.byRegion.get(parsed.region ?? region)?.get(parsed.name);
    return fn ? { fn, ref: parsed } : undefined;
  }

  findByArn(arn: string): LambdaFunction | undefined {
    const parsed = parseFunctionRef(arn);
    if (!parsed?.region) return undefined;
    return this.find(arn, parsed.region)?.fn;
  }

  /** Like `find`, or Lambda's "Function not found: <arn>:<qualifier>" (lambda.md §6). */
  require(ref: string, region: string): { fn: LambdaFunction; ref: FunctionRef } {
    const found = this.find(ref, region);
    if (found) return found;
    throw this.notFound(ref, region);
  }

  /** The ARN names the qualifier asked for, `$LATEST` when none was (recorded 2025-11, lambda.md §6). */
  notFound(ref: string, region: string, qualifier?: string): AwsError {
    const parsed = parseFunctionRef(ref);
    const arn = parsed
      ? functionArn(
          parsed.region ?? region,
          parsed.accountId ?? this.accountId,
          parsed.name,
          qualifier ?? parsed.qualifier ?? '$LATEST',
        )
      : ref;
    return invokeErrors.functionNotFound(arn);
  }

  list(region?: string): LambdaFunction[] {
    if (region !== undefined) return [...(this.byRegion.get(region)?.values() ?? [])];
    return [...this.byRegion.values()].flatMap((functions) => [...functions.values()]);
  }

  reset(): void {
    for (const fn of this.list()) {
      fn.deleted = true;
      fn.discardEnvironments('the account was reset');
    }
    this.byRegion.clear();
  }
}
