/**
 * The Mermaid text checked with Mermaid's own parser: `mermaid` and `jsdom` are dev dependencies, because Mermaid
 * parses sequence diagrams only in its full package (its Langium-based `@mermaid-js/parser` has no sequence grammar),
 * which needs a DOM.
 */
import { describe, expect, it } from 'vitest';
import { JourneyRecorder } from '../../src/core/journeys/index.js';
import { globalClock } from '../../src/core/clock.js';
import { JOURNEY_VOCABULARY } from '../../src/account/services.js';

async function mermaidParser(): Promise<{ parse(text: string): Promise<unknown> }> {
  // jsdom ships no types; only its JSDOM class is used.
  const jsdom = 'jsdom';
  const { JSDOM } = (await import(/* @vite-ignore */ jsdom)) as { JSDOM: new (html: string) => { window: object } };
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { window, document: (window as { document: unknown }).document });
  const module = (await import('mermaid')) as { default: { parse(text: string): Promise<unknown> } };
  return module.default;
}

const parser = await mermaidParser();

describe("Mermaid's own parser", () => {
  it('accepts a journey with every kind of step and awkward text', async () => {
    const recorder = new JourneyRecorder(100, globalClock(), JOURNEY_VOCABULARY);
    recorder.record({
      at: 0,
      service: 'sns',
      kind: 'published',
      where: 'orders',
      messageId: 's',
      note: '"a;b#c:d%%e<f>{g}"',
    });
    recorder.record({
      at: 0,
      service: 'sns',
      kind: 'delivered',
      where: 'q',
      messageId: 's',
      nextMessageId: 'm',
      source: 'orders',
      endpointService: 'sqs',
    });
    recorder.record({
      at: 1,
      service: 'lambda',
      kind: 'failed',
      where: 'fn',
      messageId: 'm',
      requestId: 'r',
      error: { name: 'Error', message: 'a\nb: c; d' },
    });
    recorder.record({ at: 2, service: 'sqs', kind: 'deadLettered', where: 'q', messageId: 'm', target: 'dlq' });
    await expect(parser.parse(recorder.journey('m').toMermaid())).resolves.toBeTruthy();
  });
});
