/**
 * The matchers in the form `expect.extend` takes, for vitest and jest alike: both call a matcher with
 * `this.equals` (their deep equality, asymmetric-matcher aware) and `this.customTesters` (what the
 * user registered with `expect.addEqualityTesters`), and both accept `{ pass, message }` back.
 */
import * as core from './core.js';
import type { MatcherOutcome } from './outcome.js';
import { journeyEnding } from './journeys.js';
import { toHaveMatched, toHaveRouted } from './events.js';
import { toHaveEnteredState, toHaveFailed, toHaveSucceeded } from './executions.js';
import { toBeAllowedToDeliverTo } from './policies.js';
import { toHaveReceivedCall } from './api-destinations.js';
import { toHaveReceivedPush, toHaveSentSms } from './handsets.js';
import { toHaveObject } from './s3.js';

/** The part of vitest's and jest's matcher context used here. */
export interface FrameworkMatcherContext {
  // A method, not a property, so both frameworks' differently typed testers arrays are accepted.
  equals(actual: unknown, expected: unknown, customTesters?: any[]): boolean;
  customTesters?: any[];
}

function equalsOf(context: FrameworkMatcherContext): core.Equals {
  return (actual, expected) => context.equals(actual, expected, context.customTesters ?? []);
}

const matchers = {
  toHaveMessageCount(
    this: FrameworkMatcherContext,
    received: unknown,
    count: unknown,
    state?: unknown,
  ): MatcherOutcome {
    return core.toHaveMessageCount(received, count, state);
  },
  toContainMessage(
    this: FrameworkMatcherContext,
    received: unknown,
    expected: unknown,
    options?: unknown,
  ): MatcherOutcome {
    return core.toContainMessage(received, expected, equalsOf(this), options);
  },
  toHaveDeadLetter(this: FrameworkMatcherContext, received: unknown, expected?: unknown): MatcherOutcome {
    return core.toHaveDeadLetter(received, expected, equalsOf(this));
  },
  toHavePublished(
    this: FrameworkMatcherContext,
    received: unknown,
    expected?: unknown,
    options?: unknown,
  ): MatcherOutcome {
    return core.toHavePublished(received, expected, equalsOf(this), options);
  },
  toHaveDeliveredTo(
    this: FrameworkMatcherContext,
    received: unknown,
    queue: unknown,
    expected?: unknown,
  ): MatcherOutcome {
    return core.toHaveDeliveredTo(received, queue, expected, equalsOf(this));
  },
  toHaveFilteredOut(
    this: FrameworkMatcherContext,
    received: unknown,
    queue: unknown,
    expected?: unknown,
  ): MatcherOutcome {
    return core.toHaveFilteredOut(received, queue, expected, equalsOf(this));
  },
  toBeAllowedToDeliverTo(this: FrameworkMatcherContext, received: unknown, queue: unknown): MatcherOutcome {
    return toBeAllowedToDeliverTo(received, queue);
  },
  toHaveMessagesInOrder(
    this: FrameworkMatcherContext,
    received: unknown,
    expected: unknown,
    options?: unknown,
  ): MatcherOutcome {
    return core.toHaveMessagesInOrder(received, expected, equalsOf(this), options);
  },
  toHaveBeenInvoked(this: FrameworkMatcherContext, received: unknown, times?: unknown): MatcherOutcome {
    return core.toHaveBeenInvoked(received, times);
  },
  toHaveBeenInvokedWithRecord(
    this: FrameworkMatcherContext,
    received: unknown,
    expected: unknown,
    options?: unknown,
  ): MatcherOutcome {
    return core.toHaveBeenInvokedWithRecord(received, expected, equalsOf(this), options);
  },
  toHaveLastInvocationOutcome(this: FrameworkMatcherContext, received: unknown, outcome: unknown): MatcherOutcome {
    return core.toHaveLastInvocationOutcome(received, outcome);
  },
  toHaveSucceededEveryTime(this: FrameworkMatcherContext, received: unknown): MatcherOutcome {
    return core.toHaveSucceededEveryTime(received);
  },
  toHaveRouted(this: FrameworkMatcherContext, received: unknown, expected: unknown, options?: unknown): MatcherOutcome {
    return toHaveRouted(received, expected, equalsOf(this), options);
  },
  toHaveMatched(this: FrameworkMatcherContext, received: unknown, expected: unknown): MatcherOutcome {
    return toHaveMatched(received, expected, equalsOf(this));
  },
  toHaveReceivedCall(
    this: FrameworkMatcherContext,
    received: unknown,
    expected?: unknown,
    options?: unknown,
  ): MatcherOutcome {
    return toHaveReceivedCall(received, expected, equalsOf(this), options);
  },
  toHaveSentSms(
    this: FrameworkMatcherContext,
    received: unknown,
    phoneNumber: unknown,
    expected?: unknown,
  ): MatcherOutcome {
    return toHaveSentSms(received, phoneNumber, expected, equalsOf(this));
  },
  toHaveReceivedPush(this: FrameworkMatcherContext, received: unknown, expected?: unknown): MatcherOutcome {
    return toHaveReceivedPush(received, expected, equalsOf(this));
  },
  toHaveSucceeded(this: FrameworkMatcherContext, received: unknown): MatcherOutcome {
    return toHaveSucceeded(received);
  },
  toHaveFailed(this: FrameworkMatcherContext, received: unknown, expected?: unknown): MatcherOutcome {
    return toHaveFailed(received, expected);
  },
  toHaveEnteredState(this: FrameworkMatcherContext, received: unknown, name: unknown): MatcherOutcome {
    return toHaveEnteredState(received, name);
  },
  toHaveObject(this: FrameworkMatcherContext, received: unknown, key: unknown, expected?: unknown): MatcherOutcome {
    return toHaveObject(received, key, expected, equalsOf(this));
  },
};

/**
 * The outcome with the journeys of what it talks about at the end of its message (journeys.ts), read lazily; when an
 * expected message is missing, what feeds the queue or function first.
 */
function withJourneys(outcome: MatcherOutcome, received: unknown): MatcherOutcome {
  const missing = outcome.missing === true && !outcome.pass;
  return { pass: outcome.pass, message: () => outcome.message() + journeyEnding(received, missing) };
}

type Matchers = typeof matchers;

/** Every matcher, its failure message ending with the journeys of the messages it talks about. */
export const frameworkMatchers = Object.fromEntries(
  Object.entries(matchers).map(([name, matcher]) => [
    name,
    function (this: FrameworkMatcherContext, received: unknown, ...rest: unknown[]): MatcherOutcome {
      return withJourneys((matcher as (...args: unknown[]) => MatcherOutcome).call(this, received, ...rest), received);
    },
  ]),
) as Matchers;
