/**
 * The region of the client a command came from, read from its resolved config without reaching the network, real
 * I/O or a timer (docs/aws-behaviour/sdk-reach.md §3).
 */
import { regionSettledLate } from '../../core/diagnostics/texts.js';
import { warnOnce } from '../../core/diagnostics/warn-once.js';
import type { ServiceSdk } from '../../core/service-module.js';
import { REGION_NAME } from '../../core/util/region-name.js';

interface RegionConfig {
  region?: unknown;
}

/**
 * A region the client's own provider refused, as new SDKs refuse one that is not a valid host name label
 * (`Region not accepted: region="…" is not a valid hostname component.`, docs/aws-behaviour/sdk-reach.md §3.9):
 * without the mock every command of the client fails with that error before it is sent, so with it too.
 */
export class RefusedRegion {
  constructor(readonly message: string) {}

  /** The error as the SDK throws it: a plain Error, made afresh for each command. */
  error(): Error {
    return new Error(this.message);
  }
}

/** What a client's region lookup gives: a region, a refusal, or undefined (act in the mock's region). */
export type LookedUpRegion = string | RefusedRegion | undefined;

/** What each config's lookup gave; a promise while it runs. */
const regions = new WeakMap<object, LookedUpRegion | Promise<LookedUpRegion>>();

/** Microtask turns a region provider gets to settle: one that needs more is waiting for I/O (a profile file). */
const MICROTASK_TURNS = 50;

/** The client's region if known now, or a promise of it (the first command of each client), or undefined. */
export function clientRegion(config: unknown): LookedUpRegion | Promise<LookedUpRegion> {
  if (typeof config !== 'object' || config === null) return undefined;
  if (regions.has(config)) return regions.get(config);
  const lookup = quickRegion(config as RegionConfig).then((region) => {
    regions.set(config, region);
    return region;
  });
  regions.set(config, lookup);
  return lookup;
}

/** The lookups still running (a provider that needs I/O keeps its guard until it settles). */
const running = new Set<Promise<unknown>>();

/** @internal For tests: settles once every region lookup started so far has ended and given its guard back. */
export async function regionLookupsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}

let metadataGuards = 0;
let metadataSetting: string | undefined;

/**
 * Keeps the SDK from asking the instance-metadata service for the region (which it does when a client has none)
 * while a lookup runs: the SDK reads AWS_EC2_METADATA_DISABLED at that moment (sdk-reach.md §3.2). Returns the undo.
 */
function disableMetadataLookups(): () => void {
  if (metadataGuards++ === 0) {
    metadataSetting = process.env['AWS_EC2_METADATA_DISABLED'];
    process.env['AWS_EC2_METADATA_DISABLED'] = 'true';
  }
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    if (--metadataGuards > 0) return;
    if (metadataSetting === undefined) delete process.env['AWS_EC2_METADATA_DISABLED'];
    else process.env['AWS_EC2_METADATA_DISABLED'] = metadataSetting;
  };
}

/** The SDK's own refusal of a region (its `checkRegion`), told apart from "no region" (`Region is missing`). */
const REGION_REFUSAL = /^Region not accepted: /;

async function quickRegion(config: RegionConfig): Promise<LookedUpRegion> {
  const provider = config.region;
  if (typeof provider === 'string') return REGION_NAME.test(provider) ? provider : undefined;
  if (typeof provider !== 'function') return undefined;
  let settled = false;
  let value: unknown;
  let refused: RefusedRegion | undefined;
  let pending: Promise<void> | undefined;
  const undo = disableMetadataLookups();
  try {
    const lookup = Promise.resolve((provider as () => unknown).call(config)).then(
      (region) => {
        value = region;
        settled = true;
        undo();
      },
      (reason: unknown) => {
        if (reason instanceof Error && REGION_REFUSAL.test(reason.message)) refused = new RefusedRegion(reason.message);
        settled = true;
        undo();
      },
    );
    running.add(lookup);
    void lookup.then(() => running.delete(lookup));
    pending = lookup;
  } catch {
    settled = true;
    undo();
  }
  for (let turn = 0; turn < MICROTASK_TURNS && !settled; turn++) await null;
  if (settled) return refused ?? (typeof value === 'string' && REGION_NAME.test(value) ? value : undefined);
  // A provider that needs real I/O (a profile file's region) is not waited for (sdk-reach.md §3.4): the client acts
  // in the mock's region. Never silently: if it does answer a region, the test is told, once.
  void pending?.then(() => {
    if (typeof value === 'string' && REGION_NAME.test(value)) warnOnce('region-settled-late', regionSettledLate(value));
  });
  return undefined;
}

/**
 * Why a command of the SDK is not answered when the mock cannot know its client's region: it was built before the
 * mock hooked the copy of the package it comes from (sdk-reach.md §3.8). Acting in the mock's region instead could
 * put the client's queues and topics in another region than AWS would, unseen.
 */
export function regionUnknownError(sdk: ServiceSdk, clientName: string, command: string): Error {
  const pkg = sdk.packageName;
  return new Error(
    `sqs-sns-mock: ${command} of this ${clientName} was not answered: its region is not known, as the command was ` +
      `built before the mock reached the copy of ${pkg} it comes from (another copy than the one sqs-sns-mock ` +
      `loads, or one only a bundler's import reaches, not settled yet). Use one copy of ${pkg} (npm dedupe), or ` +
      `await import('${pkg}') after the mock is added and before the first command.`,
  );
}
