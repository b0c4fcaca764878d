import { TestEventPatternCommand } from '@aws-sdk/client-eventbridge';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

/**
 * Every event pattern case LocalStack recorded against AWS's TestEventPattern (recorded-patterns.json, its _about
 * says where from), replayed through the SDK: each pattern AWS accepted is accepted and matches as AWS said, each it
 * refused is refused with AWS's code and message (docs/aws-behaviour/eventbridge.md §7).
 */

interface RecordedCase {
  readonly name: string;
  readonly pattern: string;
  readonly event: object;
  readonly matches?: boolean;
  readonly refused?: { readonly code: string; readonly message: string };
}

const { cases } = JSON.parse(readFileSync(new URL('./recorded-patterns.json', import.meta.url), 'utf8')) as {
  cases: RecordedCase[];
};

describe('the event patterns AWS was recorded answering', () => {
  it('are all there', () => {
    expect(cases.length).toBe(155);
    expect(cases.filter((c) => c.refused !== undefined).length).toBe(38);
  });

  const accepted = cases.filter((c) => c.refused === undefined).map((c) => [c.name, c] as const);
  it.each(accepted)('%s: accepted, Result as recorded', async (_name, c) => {
    const { events } = eventsSetup();
    const command = new TestEventPatternCommand({ EventPattern: c.pattern, Event: JSON.stringify(c.event) });
    expect(await events.send(command)).toMatchObject({ Result: c.matches });
  });

  const refused = cases.filter((c) => c.refused !== undefined).map((c) => [c.name, c] as const);
  it.each(refused)('%s: refused as recorded', async (_name, c) => {
    const { events } = eventsSetup();
    const command = new TestEventPatternCommand({ EventPattern: c.pattern, Event: JSON.stringify(c.event) });
    const error = await rejectionOf(events.send(command));
    expect([error.name, error.message]).toEqual([c.refused?.code, c.refused?.message]);
  });
});
