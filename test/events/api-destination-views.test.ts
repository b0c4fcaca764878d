// API destinations in journeys, the timeline, the toHaveReceivedCall matcher and templates (docs/guide/eventbridge.md
// "API destinations"; docs/aws-behaviour/eventbridge.md §14.8).
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { destination, put, rule } from './api-destination-support.js';
import { eventsSetup } from './support.js';

const START = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

describe('journeys and the timeline', () => {
  it('a call that is retried, then delivered: routed, retried, delivered, named by the destination', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    const answers = [{ status: 503 }, { status: 200 }];
    setup.aws.events.apiDestination('slack').respond(() => answers.shift());
    await rule(setup, 'to-slack', [{ Id: 'slack', Arn: arn }]);
    const eventId = await put(setup, { orderId: 7 });
    await setup.aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    const steps = setup.aws.journey(eventId).steps;
    expect(steps.map((step) => [step.service, step.kind, step.where])).toEqual([
      ['events', 'published', 'default'],
      ['events', 'routed', 'to-slack'],
      ['events', 'retried', 'slack'],
      ['events', 'delivered', 'slack'],
    ]);
    expect(steps[1]!.detail).toBe('on bus default, to slack');
    expect(steps[2]!.detail).toBe(
      'next try at 2025-01-02T03:04:06.000Z, ERROR_FROM_TARGET: POST https://hooks.example.com/services/* answered 503',
    );
    expect(steps[3]!.detail).toBe('from rule to-slack, POST https://hooks.example.com/services/* → 200');
    expect(setup.aws.timeline().steps.map((step) => step.kind)).toEqual([
      'published',
      'routed',
      'retried',
      'delivered',
    ]);
  });

  it('a call refused and dead-lettered reads so', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => ({ status: 400 }));
    await rule(setup, 'to-slack', [{ Id: 'slack', Arn: arn }]);
    const eventId = await put(setup, { orderId: 7 });
    expect(setup.aws.journey(eventId).steps.at(-1)).toMatchObject({
      kind: 'refused',
      where: 'slack',
      detail: 'from rule to-slack, ERROR_FROM_TARGET: POST https://hooks.example.com/services/* answered 400',
    });
  });
});

describe('toHaveReceivedCall', () => {
  async function called(answer: { status: number } = { status: 200 }) {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    setup.aws.events.apiDestination('slack').respond(() => answer);
    await rule(setup, 'to-slack', [
      {
        Id: 'slack',
        Arn: arn,
        HttpParameters: { PathParameterValues: ['T1'], HeaderParameters: { 'X-Team': 'shop' } },
      },
    ]);
    await put(setup, { orderId: 7, total: 42 });
    return setup.aws.events.apiDestination('slack');
  }

  it('passes on the body (contained), the headers without case, the method, the URL and the count', async () => {
    const slack = await called();
    expect(slack).toHaveReceivedCall();
    expect(slack).toHaveReceivedCall({ detail: { orderId: 7 } });
    expect(slack).toHaveReceivedCall(expect.objectContaining({ source: 'shop' }), {
      headers: { 'x-team': 'shop', authorization: expect.stringMatching(/^Basic /), 'X-Missing': undefined },
      method: 'post',
      url: 'https://hooks.example.com/services/T1',
      times: 1,
    });
    expect(slack).not.toHaveReceivedCall({ detail: { orderId: 8 } });
    expect(slack).not.toHaveReceivedCall(undefined, { headers: { 'X-Team': 'other' } });
  });

  it('a failure lists the calls it received, with their statuses, and the journeys of their events', async () => {
    const slack = await called({ status: 404 });
    let message = '';
    try {
      expect(slack).toHaveReceivedCall({ detail: { orderId: 8 } });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      'expected API destination "slack" to have received a call with body {detail: {orderId: 8}}, but none of its 1 call matched.',
    );
    expect(message).toContain(
      'Its calls (the newest last):\n  POST https://hooks.example.com/services/T1 → 404: {"version":"0"',
    );
    expect(message).toMatch(/events +slack +refused +from rule to-slack, ERROR_FROM_TARGET/);
  });

  it('refuses what is not an API destination view, and bad options', async () => {
    const slack = await called();
    expect(() => expect('slack').toHaveReceivedCall()).toThrow(
      'toHaveReceivedCall: expected a view of an API destination, from aws.events.apiDestination(name), but got the string "slack" (look it up first: aws.events.apiDestination("slack"))',
    );
    expect(() => expect(slack).toHaveReceivedCall(undefined, { time: 1 } as never)).toThrow(
      'toHaveReceivedCall: unknown option "time"; the options are "headers", "method", "url", "times"',
    );
  });
});

describe('the view', () => {
  it('names the destination, shows its endpoint and method, and prints a summary', async () => {
    const setup = eventsSetup();
    const { arn } = await destination(setup);
    const view = setup.aws.events.apiDestination('slack');
    expect(setup.aws.events.apiDestination(arn).name).toBe('slack');
    expect([view.name, view.arn, view.endpoint, view.method]).toEqual([
      'slack',
      arn,
      'https://hooks.example.com/services/*',
      'POST',
    ]);
    expect(inspect(view)).toBe('ApiDestinationView slack { POST https://hooks.example.com/services/*, calls: 0 }');
    expect(JSON.stringify(view)).toBe(JSON.stringify({ name: 'slack', arn }));
    expect(() => setup.aws.events.apiDestination('slak')).toThrow(/no API destination "slak".*close: "slack"/);
    expect(() => view.respond(42 as never)).toThrow("respond: expected a function or 'loopback', but got number");
  });
});

describe('templates (§14.8)', () => {
  it('AWS::Events::Connection and AWS::Events::ApiDestination, and a rule calling it', async () => {
    const setup = eventsSetup();
    const { aws } = setup;
    const stack = await aws.provision({
      Resources: {
        Conn: {
          Type: 'AWS::Events::Connection',
          Properties: {
            Name: 'my-test-conn',
            AuthorizationType: 'API_KEY',
            AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'apikey123', ApiKeyValue: 'secretapikey123' } },
            Description: 'test events connection',
          },
        },
        Destination: {
          Type: 'AWS::Events::ApiDestination',
          Properties: {
            ConnectionArn: { 'Fn::GetAtt': ['Conn', 'Arn'] },
            HttpMethod: 'POST',
            InvocationEndpoint: 'https://example.com/myendpoint',
            InvocationRateLimitPerSecond: '10',
          },
        },
        ToDestination: {
          Type: 'AWS::Events::Rule',
          Properties: {
            EventPattern: { source: ['shop'] },
            Targets: [{ Id: 'api', Arn: { 'Fn::GetAtt': ['Destination', 'Arn'] } }],
          },
        },
      },
      Outputs: {
        ConnRef: { Value: { Ref: 'Conn' } },
        ConnSecret: { Value: { 'Fn::GetAtt': ['Conn', 'SecretArn'] } },
        DestinationRef: { Value: { Ref: 'Destination' } },
        DestinationArn: { Value: { 'Fn::GetAtt': ['Destination', 'Arn'] } },
        DestinationPolicyArn: { Value: { 'Fn::GetAtt': ['Destination', 'ArnForPolicy'] } },
      },
    });
    const name = stack.outputs['DestinationRef']!;
    expect(name).toMatch(/^test-stack-Destination-\w+$/);
    expect(stack.outputs).toMatchObject({
      ConnRef: 'my-test-conn',
      ConnSecret: expect.stringMatching(
        /^arn:aws:secretsmanager:us-east-1:000000000000:secret:events!connection\/my-test-conn\//,
      ),
      DestinationArn: expect.stringMatching(new RegExp(`:api-destination/${name}/[-0-9a-f]{36}$`)),
      DestinationPolicyArn: `arn:aws:events:us-east-1:000000000000:api-destination/${name}`,
    });
    const view = aws.events.apiDestination(name);
    expect(view.model.rateLimit).toBe(10);
    const eventId = await put(setup, {});
    expect(view.calls()).toEqual([
      expect.objectContaining({ eventId, headers: expect.objectContaining({ apikey123: 'secretapikey123' }) }),
    ]);
    expect(aws.journey(eventId).steps.at(-1)).toMatchObject({ kind: 'delivered', where: 'Destination' });
  });
});
