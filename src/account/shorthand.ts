import { defaultAwsMock, type AwsMock } from './aws-mock.js';
import type { SnsMock } from '../services/sns/sns-mock.js';
import type { SqsMock } from '../services/sqs/sqs-mock.js';

export interface MockOptions {
  /** The account to plug in; by default one process-wide AwsMock shared by mockSqs() and mockSns(). */
  aws?: AwsMock;
}

/** The SQS plugin of `options.aws`, or of the process-wide default account. */
export function mockSqs(options: MockOptions = {}): SqsMock<AwsMock> {
  return (options.aws ?? defaultAwsMock()).sqs;
}

/** The SNS plugin of `options.aws`, or of the process-wide default account. */
export function mockSns(options: MockOptions = {}): SnsMock<AwsMock> {
  return (options.aws ?? defaultAwsMock()).sns;
}
