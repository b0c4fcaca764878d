import type { AttributeContext } from '../queue-attributes.js';
import type { SqsBackend } from '../sqs-backend.js';

/** What attribute validation may know of the account: which queues exist, for redrive checks. */
export function attributeContext(
  backend: SqsBackend,
  mode: 'create' | 'set',
  fifo: boolean,
  queueArn: string,
): AttributeContext {
  return {
    mode,
    fifo,
    queueArn,
    findQueue: (arn) => {
      const queue = backend.findByArn(arn);
      return queue && { fifo: queue.fifo, arn: queue.arn, redriveAllowPolicy: queue.settings.redriveAllowPolicy };
    },
  };
}
