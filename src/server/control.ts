import type { AwsMock } from '../account/aws-mock.js';
import { compareText } from '../core/util/compare-text.js';
import type { ServedAccount } from './clock-control.js';
import { ClockRangeError, LAST_INSTANT } from './manual-clock.js';
import type { WireAnswer, WireRequest } from './protocol.js';
import { outgoingQueueUrls } from '../services/sqs/wire-addresses.js';
import { decodedSegment } from '../core/wire/url-segment.js';
import { parseJsonObject } from './wire-json.js';

/** The prefix of the control routes: no AWS route uses it (docs/aws-behaviour/wire.md §13.7). */
export const CONTROL_PREFIX = '/_mock/';

/**
 * The control routes (wire.md §13): JSON in and out, no signature. They move the server's clock, run the account until
 * idle, reset it and show its state; they change nothing but the emulated state.
 */
export async function controlAnswer(
  request: WireRequest,
  served: ServedAccount,
  reset: (empty: boolean) => void,
): Promise<WireAnswer> {
  const route = `${request.method} ${request.path.slice(CONTROL_PREFIX.length - 1)}`;
  const { aws } = served;
  switch (route) {
    case 'POST /clock/advance': {
      const body = parseJsonObject(request.body);
      const ms = body?.['ms'];
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
        return controlError(400, 'InvalidParameterValue', '"ms" must be a number of milliseconds, 0 or more.');
      if (!served.advance) return clockNotManual();
      if (aws.clock.now() + ms > LAST_INSTANT) return pastLastInstant(aws.clock.now());
      try {
        await served.advance(ms);
      } catch (error) {
        // Two advances that each fit, sent together, can pass it: the clock refuses the second (manual-clock.ts).
        if (error instanceof ClockRangeError) return pastLastInstant(aws.clock.now());
        throw error;
      }
      return json(200, { now: aws.clock.now(), advancedMs: ms });
    }
    case 'POST /run-until-idle': {
      const body = parseJsonObject(request.body);
      const options = { maxTime: body?.['maxTime'], realTimeWait: body?.['realTimeWait'] };
      for (const [name, value] of Object.entries(options)) {
        if (value !== undefined && (typeof value !== 'number' || !(value >= 0) || value === Number.POSITIVE_INFINITY))
          return controlError(400, 'InvalidParameterValue', `"${name}" must be a number of milliseconds, 0 or more.`);
      }
      if (!served.advance) return clockNotManual();
      const { maxTime, realTimeWait } = options as { maxTime?: number; realTimeWait?: number };
      const advancedMs = await aws.runUntilIdle({
        advance: served.advance,
        ...(maxTime !== undefined ? { maxTime } : {}),
        ...(realTimeWait !== undefined ? { realTimeWait } : {}),
      });
      return json(200, { now: aws.clock.now(), advancedMs });
    }
    case 'POST /reset': {
      const body = parseJsonObject(request.body);
      const empty = body?.['empty'];
      if (!body || (empty !== undefined && typeof empty !== 'boolean'))
        return controlError(
          400,
          'InvalidParameterValue',
          'The body is optional; given, it is {"empty": true} or false.',
        );
      reset(empty ?? false);
      return json(200, { reset: true });
    }
    case 'GET /state':
      return json(200, stateOf(served, request.host));
    case 'GET /stacks':
      return json(200, stacksOf(aws, request.host));
  }
  const journey = JOURNEY_ROUTE.exec(request.path);
  if (request.method === 'GET' && journey) return journeyAnswer(aws, decodedSegment(journey[1]!));
  return controlError(404, 'NotFound', `No control route ${request.method} ${request.path}.`);
}

const JOURNEY_ROUTE = /^\/_mock\/journey\/([^/]+)\/?$/;

/** wire.md §13.6: `aws.journey(id)` as JSON, its times as epoch milliseconds; an id with no step is 404. */
function journeyAnswer(aws: AwsMock, id: string): WireAnswer {
  const journey = aws.journey(id);
  if (!journey.found) return controlError(404, 'NotFound', String(journey));
  // JSON.stringify writes a Date as ISO text; the control routes' times are epoch milliseconds (wire.md §13).
  const steps = journey.steps.map((step) =>
    Object.fromEntries(
      Object.entries(step).map(([key, value]) => [key, value instanceof Date ? value.getTime() : value]),
    ),
  );
  return json(200, { id, steps, text: String(journey) });
}

/** wire.md §13.5: what the account holds, with queue URLs for the host the request reached. */
function stateOf({ aws, clock }: ServedAccount, host: string): object {
  return {
    now: aws.clock.now(),
    clock,
    accountId: aws.accountId,
    region: aws.region,
    queues: aws.sqs.queues().map((queue) => {
      const deadLetter = queue.deadLetterQueue();
      return {
        name: queue.name,
        url: outgoingQueueUrls({ QueueUrl: queue.url }, host, aws.region).QueueUrl,
        arn: queue.arn,
        fifo: queue.fifo,
        messages: queue.counts(),
        ...(deadLetter ? { deadLetterQueue: deadLetter.name } : {}),
      };
    }),
    topics: aws.sns.topics().map((topic) => ({
      name: topic.name,
      arn: topic.arn,
      subscriptions: topic.subscriptions().length,
      published: topic.published().length,
    })),
    functions: aws.lambda.functions().map((fn) => ({
      name: fn.name,
      arn: fn.arn,
      invocations: fn.invocations().length,
    })),
    eventSourceMappings: aws.lambda.eventSourceMappings().map((mapping) => ({
      uuid: mapping.uuid,
      functionArn: mapping.functionArn,
      eventSourceArn: mapping.eventSourceArn,
      state: mapping.state,
    })),
    ...eventBridgeState(aws),
    schedules: schedulerState(aws),
  };
}

/**
 * wire.md §13.9: each stack the account provisioned, its resources by logical id (type, physical id, ARN, queue URL)
 * and its outputs, with queue URLs for the host the request reached.
 */
function stacksOf(aws: AwsMock, host: string): object[] {
  const wire = (value: string) => outgoingQueueUrls({ QueueUrl: value }, host, aws.region).QueueUrl;
  return aws.provisionedStacks.map((stack) => {
    const resources: Record<string, object> = {};
    for (const [logicalId, resource] of stack.resources) {
      if (resource.state === 'conditionFalse') continue;
      if (resource.state === 'skipped') {
        resources[logicalId] = { type: resource.type, physicalId: resource.ref, skipped: true };
        continue;
      }
      const { Arn, QueueUrl } = resource.attributes;
      const arn =
        (typeof Arn === 'string' ? Arn : undefined) ??
        resource.view?.arn ??
        resource.namedArn ??
        (resource.ref.startsWith('arn:') ? resource.ref : undefined);
      resources[logicalId] = {
        type: resource.type,
        physicalId: wire(resource.ref),
        ...(arn !== undefined ? { arn } : {}),
        ...(typeof QueueUrl === 'string' ? { url: wire(QueueUrl) } : {}),
      };
    }
    const outputs = Object.fromEntries(Object.entries(stack.outputs).map(([key, value]) => [key, wire(value)]));
    return { name: stack.name, resources, outputs };
  });
}

/**
 * wire.md §13.5: the buses and their rules, by name. An account that never used EventBridge shows none: asking its
 * part would load it (and make the default bus), which only a first call should do.
 */
function eventBridgeState(aws: AwsMock): { buses: object[]; rules: object[] } {
  if (!aws.events.loaded) return { buses: [], rules: [] };
  const buses = aws.events.buses();
  const rules = buses
    .flatMap((bus) => bus.rules())
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.bus, b.bus) || compareText(a.arn, b.arn));
  return {
    buses: buses.map((bus) => ({ name: bus.name, arn: bus.arn, rules: bus.rules().length })),
    rules: rules.map((rule) => {
      const scheduleExpression = rule.scheduleExpression;
      return {
        name: rule.name,
        arn: rule.arn,
        eventBusName: rule.bus,
        state: rule.state,
        targets: rule.targetArns().length,
        ...(scheduleExpression !== undefined ? { scheduleExpression } : {}),
      };
    }),
  };
}

/** wire.md §13.5: the schedules, by name; none, without loading its part, for an account that never used Scheduler. */
function schedulerState(aws: AwsMock): object[] {
  if (!aws.scheduler.loaded) return [];
  return aws.scheduler.schedules().map((schedule) => ({
    name: schedule.name,
    groupName: schedule.group,
    arn: schedule.arn,
    state: schedule.state,
    scheduleExpression: schedule.scheduleExpression,
    targetArn: schedule.targetArn,
  }));
}

/**
 * wire.md §13.8: an advance that would take the clock past the last instant AWS's four-digit years write is refused,
 * and nothing moves; past it every timestamp, and at JavaScript's range every timer, would break for good.
 */
function pastLastInstant(now: number): WireAnswer {
  return controlError(
    400,
    'InvalidParameterValue',
    `"ms" would move the clock past ${new Date(LAST_INSTANT).toISOString()}: it may move at most ` +
      `${LAST_INSTANT - now} ms from now (${now}).`,
  );
}

const clockNotManual = () =>
  controlError(409, 'ClockNotManual', 'The server runs on wall time: only a manual clock can be moved.');

function controlError(status: number, error: string, message: string): WireAnswer {
  return json(status, { error, message });
}

function json(status: number, body: object): WireAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
