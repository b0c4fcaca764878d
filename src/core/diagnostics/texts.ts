/**
 * The texts of the mock's diagnostics of test set-up mistakes: each says what will go wrong and names the fix.
 * Written once here; the README's "Clock mistakes" section describes the same cases.
 */
import type { Runner } from './runner.js';
import { RUNNER_DEFAULT_TEST_TIMEOUT_MS } from './runner.js';

const PREFIX = 'sqs-sns-mock: ';
/** Who moves the fake time, for naming the helper to use: vitest's `vi`, jest's `jest`, or a fake-timers clock. */
export type AdvanceHelper = Runner | 'clock';
const SYNC_ADVANCE: Record<AdvanceHelper, string> = {
  vitest: 'vi.advanceTimersByTime, vi.runAllTimers',
  jest: 'jest.advanceTimersByTime, jest.runAllTimers',
  clock: 'clock.tick, clock.runAll',
};
const ASYNC_ADVANCE: Record<AdvanceHelper, string> = {
  vitest:
    'await vi.advanceTimersByTimeAsync(ms) (or vi.runAllTimersAsync()), or ' +
    'await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) })',
  jest:
    'await jest.advanceTimersByTimeAsync(ms) (or jest.runAllTimersAsync()), or ' +
    'await aws.runUntilIdle({ advance: (ms) => jest.advanceTimersByTimeAsync(ms) })',
  clock: 'await clock.tickAsync(ms) (or clock.runAllAsync()), or await aws.runUntilIdle()',
};
const FAKE_BOTH =
  "fake both: vi.useFakeTimers() with no `toFake` (or a `toFake` that lists 'Date' and the timers), jest's " +
  'default (modern) jest.useFakeTimers(), one FakeTimers.install(), or createAwsMock({ clock })';

export const mistakeTexts = {
  /** Warned once: sync reads of time still work, in real time, but advancing the fake timers does not move them. */
  timersFakeDateReal: (): string =>
    `${PREFIX}setTimeout is faked but Date is real (vi.useFakeTimers({ toFake }) without 'Date', or jest's legacy ` +
    'timers): the mock reads its time from Date, so advancing the fake timers does not end a visibility timeout, ' +
    `a delay or a retention period, and a message received once does not come back. To ${FAKE_BOTH}.`,
  /** Thrown when the mock arms a timer: one it arms now could never fire at the right moment. */
  mixedTimer: (verdict: 'timersFakeDateReal' | 'dateFakeTimersReal' | 'twoClocks'): string => {
    const what =
      verdict === 'timersFakeDateReal'
        ? "setTimeout is faked but Date is real (vi.useFakeTimers({ toFake }) without 'Date', or jest's legacy " +
          'timers): its timer would run on the fake clock while the messages it waits for become visible on the ' +
          'real one, so it would never see them'
        : verdict === 'dateFakeTimersReal'
          ? "Date is faked but setTimeout is real (vi.useFakeTimers({ toFake: ['Date'] }), or a fake Date alone): " +
            'its timer would wait in real time while the test moves the fake clock, so it would not wake when the ' +
            'fake time comes (and the test would time out)'
          : 'Date and setTimeout are faked by two different clocks: its timer and its time would move apart';
    return (
      `${PREFIX}the mock needs a timer (a long poll, a message move task or an injected delay), but ${what}. ` +
      `To ${FAKE_BOTH}.`
    );
  },
  longPollOnRealTimers: (seconds: number, runner: Runner): string => {
    const advance = runner === 'vitest' ? 'vi.advanceTimersByTimeAsync' : 'jest.advanceTimersByTimeAsync';
    const fake = runner === 'vitest' ? 'vi.useFakeTimers()' : 'jest.useFakeTimers()';
    return (
      `${PREFIX}a ReceiveMessage long poll of ${seconds} s started on real timers inside ${runner}: unless a ` +
      `message arrives it answers after ${seconds} s of real time, and ${runner} fails the test first if its ` +
      `timeout is the default ${RUNNER_DEFAULT_TEST_TIMEOUT_MS / 1000} s. Use fake timers (${fake}, then ` +
      `${advance}(${seconds * 1000})), or WaitTimeSeconds: 0 for a receive that should not wait.`
    );
  },
  /** Warned once: handlers ran after the timers that should have waited for them, and the test may still pass. */
  synchronousAdvance: (helper: AdvanceHelper): string =>
    `${PREFIX}a synchronous fake-timer advance (${SYNC_ADVANCE[helper]}) ran the mock's timers one after another ` +
    'while Lambda invocations had yet to run: no handler runs until the advance returns, so the later timers went ' +
    "on without the handlers' results and the handlers ran afterwards, at the advanced instant (a failing mapping " +
    'dead-letters its message after one run and then runs the other attempts; a handler that would have finished ' +
    `times out). The end state can still look right. Use ${ASYNC_ADVANCE[helper]}, which let each handler settle ` +
    'before the next timer.',
  /** Warned by runUntilIdle, once per function and call, when its real-time wait for a handler ran out. */
  realTimeWaitRanOut: (invocation: string, waitedMs: number): string =>
    `${PREFIX}runUntilIdle waited ${waitedMs / 1000} s of real time for ${invocation}, which waits on something ` +
    "that is not the mock's clock (a socket, a real timer, a child process), and it has not ended: fake time now " +
    'moves on without it, and it may time out. Give it longer with runUntilIdle({ realTimeWait: ms }), or pass ' +
    'realTimeWait: 0 if it should not be waited for.',
  busyLoop: (queueName: string, receives: number): string =>
    `${PREFIX}${receives} ReceiveMessage short polls in a row found queue ${JSON.stringify(queueName)} empty at the ` +
    'same instant of the clock: a loop that receives without waiting never lets time move (with fake timers, no ' +
    'timer runs until the loop awaits one), so it spins and starves the test runner. Long-poll (WaitTimeSeconds > ' +
    '0 waits on the clock), wait between empty receives, or advance the fake timers inside the loop.',
  removed: (kind: 'queue' | 'topic', name: string): string =>
    `${PREFIX}the ${kind} ${JSON.stringify(name)} of this view no longer exists (Delete${kind === 'queue' ? 'Queue' : 'Topic'} ` +
    `or aws.reset() removed it), so the view has nothing to read. Look it up again once it is created anew: ` +
    `aws.${kind === 'queue' ? 'sqs.queue' : 'sns.topic'}(${JSON.stringify(name)}).`,
  twoAccounts: (clientName: string, service: string, plugged: string, adding: string): string =>
    `${PREFIX}this ${clientName} already has the ${service} mock of account ${plugged}; plugging ` +
    (plugged === adding ? `another mock of account ${adding} (a second createAwsMock())` : `account ${adding}`) +
    ' as well would leave one of them answering silently. Plug one account per client (make a client for each ' +
    'account), or create the mock once and call aws.reset() between tests.',
};

/** A client's region came from a provider that needed real I/O (a profile file): its commands acted elsewhere. */
export function regionSettledLate(region: string): string {
  return (
    `${PREFIX}a client's region provider answered "${region}" only after real I/O (a profile file's region, ` +
    "docs/aws-behaviour/sdk-reach.md §3.4), so the mock did not wait for it: that client's commands act in the mock's " +
    'region. Give the client its region (new SQSClient({ region })) or set AWS_REGION.'
  );
}

/** A command sent before the mock's import reached its copy of the SDK (a bundler's alias) acted in its region. */
export function regionNotKnownYet(service: string, clientName: string, command: string, region: string): string {
  return (
    `${PREFIX}${command} of an ${clientName} was sent before the mock's import of the ${service} SDK package ` +
    `settled, from a copy only that import reaches (a bundler's alias), so its client's region could not be read: it ` +
    `acted in the mock's region, ${region}. The client's later commands act in its own. To avoid it, ` +
    '`await import()` the package after adding the mock and before the first command ' +
    '(docs/aws-behaviour/sdk-reach.md §3.8).'
  );
}
