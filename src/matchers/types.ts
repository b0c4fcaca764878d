/**
 * The matchers' signatures, written once and merged into vitest's and jest's `expect` types by the
 * two entry points. `R` is what a matcher call returns: `void`, or a promise under `.resolves`.
 */
import type { InvocationOutcome } from '../services/lambda/lambda-function.js';
import type { MessageState } from '../services/sqs/messages/message.js';
import type { RoutedOptions } from './events.js';
import type { ApiCallOptions } from './api-destinations.js';
import type { FailedExpectation } from './executions.js';
import type { ObjectExpectation } from './s3.js';
import type { MessageMatch } from './match.js';
import type { MessageMatchOptions, OrderOptions } from './options.js';

export type { AttributeMatch, MessageMatch } from './match.js';
export type { MessageMatchOptions, OrderOptions } from './options.js';
export type { RoutedOptions, RouteTarget } from './events.js';
export type { ApiCallOptions } from './api-destinations.js';
export type { ObjectExpectation } from './s3.js';
export type { InvocationOutcome } from '../services/lambda/lambda-function.js';

/** The queue a delivery matcher asks about: its view (`aws.sqs.queue(name)`) or its ARN. */
export type QueueRef = { readonly arn: string; readonly name: string } | string;

export interface SqsSnsMatchers<R> {
  /**
   * The queue holds exactly `count` messages: of every state, or only `'visible'`, `'inFlight'` or `'delayed'` ones.
   */
  toHaveMessageCount(count: number, state?: MessageState): R;
  /**
   * The queue holds a message whose body equals the string, or whose body is JSON containing the object
   * or array (partially, as `toMatchObject` does); asymmetric matchers work at any depth and on the raw body.
   * `options.attributes`: the message also carries these message attributes; `options.times`: exactly that many
   * messages match. With options, `expected` may be `undefined`: any body.
   */
  toContainMessage(expected: MessageMatch | undefined, options?: MessageMatchOptions): R;
  /** The queue's dead-letter queue holds a message that came from this queue, matching `expected` if given. */
  toHaveDeadLetter(expected?: MessageMatch): R;
  /**
   * The topic accepted a published message matching `expected` (as in `toContainMessage`); without it, any. With
   * `options`, one that also carries these attributes, or exactly `times` of them.
   */
  toHavePublished(expected?: MessageMatch, options?: MessageMatchOptions): R;
  /** The topic delivered a published message (matching `expected`, if given) to the queue through a subscription. */
  toHaveDeliveredTo(queue: QueueRef, expected?: MessageMatch): R;
  /**
   * AWS would let SNS deliver the topic's messages into the queue: it exists and its Policy allows
   * sns.amazonaws.com to sqs:SendMessage from the topic (whatever createAwsMock's `policies`). The failure message
   * says what refuses, and the statement that would allow it.
   */
  toBeAllowedToDeliverTo(queue: QueueRef): R;
  /** The subscription's filter policy kept a published message (matching `expected`, if given) from the queue. */
  toHaveFilteredOut(queue: QueueRef, expected?: MessageMatch): R;
  /**
   * The queue's messages, of every state, in queue order (only those of `options.group`, when given), are exactly
   * these, each matched as `toContainMessage` matches a body.
   */
  toHaveMessagesInOrder(expected: readonly MessageMatch[], options?: OrderOptions): R;

  // Lambda: `expect(fn)` with a function view, from aws.lambda.createFunction(...) or aws.lambda.function(name).
  /**
   * The function was invoked at least once; with `times`, exactly that many times, running invocations included
   * (a throttled attempt, where the handler did not run, is no invocation).
   */
  toHaveBeenInvoked(times?: number): R;
  /**
   * Some invocation's event holds an SQS record whose `body`, or an SNS record whose `Sns.Message`, matches
   * `expected` as `toContainMessage` matches a body. `options.attributes`: the record also carries these message
   * attributes, written as for `toContainMessage` (`DataType`, `StringValue`), whatever the event's casing;
   * `options.times`: exactly that many such records, each delivery counted (a message redelivered after a failed
   * batch counts twice). With options, `expected` may be `undefined`: any body.
   */
  toHaveBeenInvokedWithRecord(expected: MessageMatch | undefined, options?: MessageMatchOptions): R;
  /**
   * The function's most recently started invocation ended in `'success'`, `'error'` or `'timeout'` (or, with
   * `'running'`, has not ended yet).
   */
  toHaveLastInvocationOutcome(outcome: InvocationOutcome): R;
  /** The function was invoked, and every invocation succeeded: none failed, timed out or is still running. */
  toHaveSucceededEveryTime(): R;

  // EventBridge: `expect(aws.events.bus())` (or `aws.events.replay(name)`: what it sent again) and
  // `expect(aws.events.rule(name))` (or `aws.events.archive(name)`).
  /**
   * The bus took an event whose `detail` contains `detail` (as `toMatchObject` reads it) and a rule delivered it to
   * `options.to`: a queue, topic, function or bus view, an ARN, or a rule's name (any of its targets); without
   * `to`, to any target. The failure message lists where the matching events went, and why not.
   */
  toHaveRouted(detail: object, options?: RoutedOptions): R;
  /**
   * The rule's pattern matched an event whose `detail` contains `detail` (a scheduled rule: its firings); of
   * `aws.events.archive(name)`, the archive holds such an event.
   */
  toHaveMatched(detail: object): R;

  // API destinations: `expect(aws.events.apiDestination(name))`.
  /**
   * EventBridge called the API destination with a body matching `body` (as `toContainMessage` matches a message body:
   * a string is the whole body, an object is contained in the JSON body); `options.headers` (names without case),
   * `options.method` and `options.url` narrow the calls, `options.times` asks for exactly that many. Each attempt is
   * a call (a retried event counts each time); token calls are not counted. Without arguments: any call.
   */
  toHaveReceivedCall(body?: MessageMatch, options?: ApiCallOptions): R;
  // SNS SMS and mobile push: `expect(aws.sns)` and `expect(aws.sns.platformEndpoint(arn))`.
  /**
   * SNS delivered an SMS to `phoneNumber` (compared by its digits) whose text matches `expected` as
   * `toContainMessage` matches a body; without it, any. An SMS SNS would not deliver (an opted-out number, or an
   * unverified one while the account is in the SMS sandbox) does not count, and the failure message says why.
   */
  toHaveSentSms(phoneNumber: string, expected?: MessageMatch): R;
  /** The platform endpoint got a push whose message matches `expected` (as `toContainMessage`); without it, any. */
  toHaveReceivedPush(expected?: MessageMatch): R;
  // Step Functions: `expect(aws.sfn.execution(arn))`; a failure prints the execution's states, where it stopped, why.
  /** The execution ended SUCCEEDED. */
  toHaveSucceeded(): R;
  /** The execution ended FAILED, with `error` and `cause` where given. */
  toHaveFailed(expected?: FailedExpectation): R;
  /** The execution entered the state `name` (at any depth: a branch's, an iteration's). */
  toHaveEnteredState(name: string): R;
  // S3: `expect(aws.s3.bucket(name))`.
  /**
   * The bucket holds an object at `key` (its current version); with `expected`, one whose body (its text as
   * `toContainMessage` matches a body, or exactly these bytes), content type and metadata (partially) match. The
   * failure message lists the bucket's keys, or what differs.
   */
  toHaveObject(key: string, expected?: ObjectExpectation): R;
}
