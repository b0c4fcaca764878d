import { describe, expect, it } from 'vitest';
import { NotEmulatedError } from '../../src/aws-error.js';
import { createAwsMock } from '../../src/index.js';
import { LazyPart } from '../../src/lazy-service.js';
import type { RequestContext } from '../../src/request-context.js';
import { EVENTS_SDK } from '../../src/events/sdk.js';

/** A lazy part whose loader counts its calls, with one action and a backend that counts its resets. */
function countingPart() {
  const counts = { loads: 0, resets: 0 };
  const backend = { reset: () => counts.resets++ };
  const actions = { Ping: (_backend: typeof backend, input: { n: number }) => ({ Pong: input.n }) };
  const part = new LazyPart(() => (counts.loads++, { backend, actions }));
  return { part, backend, counts };
}

const request = {} as RequestContext;

describe('LazyPart', () => {
  it('makes nothing until the first use, and makes the part once', () => {
    const { part, backend, counts } = countingPart();
    const emulation = part.emulation(EVENTS_SDK);
    expect(counts.loads).toBe(0);
    expect(emulation.handle('Ping', { n: 1 }, request)).toEqual({ Pong: 1 });
    expect(part.backend).toBe(backend);
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
