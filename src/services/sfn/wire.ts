import type { WireBinding } from '../../core/wire/binding.js';

/**
 * Step Functions on the wire: AWS JSON 1.0, `X-Amz-Target: AWSStepFunctions.<Action>`, the error's short name in
 * `__type` (docs/aws-behaviour/stepfunctions.md §1.1). Its inputs carry no timestamp and no blob.
 */
export const SFN_WIRE: WireBinding = {
  json: { targetPrefix: 'AWSStepFunctions', version: '1.0' },
};
