import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotEmulatedError } from '../../src/core/aws-error.js';
import { createAwsMock } from '../../src/index.js';
import { LazyPart } from '../../src/core/lazy-service.js';
import type { RequestContext } from '../../src/core/request-context.js';
import { EVENTS_SDK } from '../../src/services/events/sdk.js';
import { SnsBackend } from '../../src/services/sns/sns-backend.js';

/** A lazy part whose loader counts its calls, with one action and a backend that counts its resets. */
function countingPart() {
  const counts = { loads: 0, resets: 0 };
  const backend = { reset: () => counts.resets++ };
  const actions = { Ping: (_backend: typeof backend, input: { n: number }) => ({ Pong: input.n }) };
  const part = new LazyPart(() => (counts.loads++, { backend, actions }));
  return { part, backend, actions, counts };
}

const request = {} as RequestContext;

describe('LazyPart', () => {
  it('makes nothing until the first use, and makes the part once', () => {
    const { part, backend, actions, counts } = countingPart();
    const emulation = part.emulation(EVENTS_SDK);
    expect(counts.loads).toBe(0);
    expect(emulation.handle('Ping', { n: 1 }, request)).toEqual({ Pong: 1 });
    expect(part.backend).toBe(backend);
    expect(part.actions).toBe(actions);
    expect(emulation.handle('Ping', { n: 2 }, request)).toEqual({ Pong: 2 });
    expect(counts.loads).toBe(1);
  });

  it('resets the backend once made, and makes nothing to reset it before', () => {
    const { part, counts } = countingPart();
    part.reset();
    expect(counts).toEqual({ loads: 0, resets: 0 });
    void part.backend;
    part.reset();
    expect(counts).toEqual({ loads: 1, resets: 1 });
  });

  it("answers an action it does not have with NotEmulatedError, naming the SDK's service", () => {
    const { part } = countingPart();
    const error = (() => {
      try {
        part.emulation(EVENTS_SDK).handle('Unknown', {}, request);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error).toMatchObject({ service: 'EventBridge', command: 'UnknownCommand' });
  });
});

describe('SNS as a lazy service', () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes no backend for an account, its reset, its options or its faults' reset; the first call makes one", async () => {
    const made = vi.spyOn(SnsBackend.prototype, 'reset');
    const aws = createAwsMock({ publishedHistory: 5, policies: 'enforce' });
    aws.sns.clearFaults();
    aws.reset();
    expect([aws.publishedHistory, aws.policies]).toEqual([5, 'enforce']);
    expect(made).not.toHaveBeenCalled();
    expect(aws.sns.topics()).toEqual([]);
    aws.reset();
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('checks a fault against the action table and error table it loads', () => {
    const aws = createAwsMock();
    expect(() => aws.sns.failNext('Nope' as never, 'Throttled')).toThrow('SNS has no action "Nope"');
    expect(() => aws.sns.failEntries('Publish' as never, { ids: ['a'], error: 'Throttled' })).toThrow(TypeError);
    expect(aws.sns.failNext('PublishBatch', 'Throttled')).toBeDefined();
  });
});

describe('ServicePlugin', () => {
  it("adds each facade's middleware under the service's name", () => {
    const aws = createAwsMock();
    const names = [aws.sqs, aws.sns, aws.lambda, aws.events, aws.scheduler].map((facade) => {
      let added: { name?: string } = {};
      facade.applyToStack({ add: (_middleware, options) => (added = options) });
      return added.name;
    });
    expect(names).toEqual([
      'sqsSnsMock:SQS',
      'sqsSnsMock:SNS',
      'sqsSnsMock:Lambda',
      'sqsSnsMock:EventBridge',
      'sqsSnsMock:Scheduler',
    ]);
  });
});
