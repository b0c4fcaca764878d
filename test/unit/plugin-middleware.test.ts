import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/core/account.js';
import { globalClock } from '../../src/core/clock.js';
import { createIdSource } from '../../src/core/ids.js';
import type { ServiceEmulation } from '../../src/core/emulation.js';
import { middlewareFor } from '../../src/plugin/plugin.js';
import { SQS_SDK } from '../../src/services/sqs/sdk.js';
import type { CommandInterceptor, RequestContext } from '../../src/core/request-context.js';

/** The plugin's middleware on its own, driven as the SDK drives it: resolved with a context, then called. */
function emulation(interceptor?: CommandInterceptor) {
  const handled: { action: string; input: unknown; request: RequestContext }[] = [];
  const service: ServiceEmulation = {
    sdk: SQS_SDK,
    ...(interceptor ? { interceptor } : {}),
    handle: (action, input, request) => {
      handled.push({ action, input, request });
      return { Answered: action };
    },
  };
  return { service, handled };
}

const account: Account = {
  accountId: '000000000000',
  region: 'us-east-1',
  clock: globalClock(),
  ids: createIdSource(5),
  reset: () => {},
};

describe('middlewareFor', () => {
  it('calls the action itself when the interceptor has nothing to do, and answers with $metadata', async () => {
    let runs = 0;
    const { service, handled } = emulation({ intercepting: false, run: () => (runs++, {}) });
    const context: { commandName: string; clientName: string } = {
      commandName: 'GetQueueUrlCommand',
      clientName: 'SQSClient',
    };
    const handler = middlewareFor(service, account)(undefined, context);
    const { output } = await handler({ input: { QueueName: 'q' } });
    expect(runs).toBe(0);
    expect(handled).toHaveLength(1);
    expect(handled[0]!.action).toBe('GetQueueUrl');
    expect(handled[0]!.input).toEqual({ QueueName: 'q' });
    expect(output).toMatchObject({
      Answered: 'GetQueueUrl',
      $metadata: { httpStatusCode: 200, attempts: 1, requestId: handled[0]!.request.requestId },
    });
  });

  it('goes through the interceptor while it intercepts, which may proceed with another input', async () => {
    const interceptor: CommandInterceptor = {
      intercepting: true,
      run: (action, input, _request, proceed) => proceed({ ...(input as object), changedBy: action }),
    };
    const { service, handled } = emulation(interceptor);
    const handler = middlewareFor(service, account)(undefined, { commandName: 'SendMessageCommand' });
    await handler({ input: { MessageBody: 'x' } });
    expect(handled[0]!.input).toEqual({ MessageBody: 'x', changedBy: 'SendMessage' });
  });

  it('reads the command name at each call, as a middleware above may change it', async () => {
    const { service, handled } = emulation();
    const context: Record<string, unknown> = { commandName: 'GetQueueUrlCommand' };
    const handler = middlewareFor(service, account)(undefined, context);
    context['commandName'] = 'FutureFeatureCommand';
    await handler({});
    expect(handled[0]!.action).toBe('FutureFeature');
    expect(handled[0]!.input).toEqual({});
  });

  it('refuses a client of the other service when called, not when resolved', async () => {
    const { service } = emulation();
    const handler = middlewareFor(service, account)(undefined, {
      commandName: 'PublishCommand',
      clientName: 'SNSClient',
    });
    await expect(handler({})).rejects.toThrow('add it to an SQSClient');
  });
});
