import { jsonProtocolException } from '../../core/sdk-errors.js';
import type { ServiceSdk } from '../../core/service-module.js';
import { loadSfnOperationErrors } from './load-operation-errors.js';

/** The service principal Step Functions calls as, and that EventBridge and Scheduler start executions as. */
export const STATES_PRINCIPAL = 'states.amazonaws.com';

/** How the user's SDK reaches Step Functions, and the exceptions it throws. */
export const SFN_SDK: ServiceSdk<'SFN'> = {
  service: 'SFN',
  packageName: '@aws-sdk/client-sfn',
  clientName: 'SFNClient',
  // AWS JSON 1.0 (docs/aws-behaviour/stepfunctions.md §1.1): the classes `__type` names (`ExecutionDoesNotExist`), in
  // the SDKs before schemas only for the errors the operation lists.
  // Which errors each operation lists: loaded only for those older SDKs (load-operation-errors.ts).
  exception: jsonProtocolException('SFNServiceException', () => loadSfnOperationErrors().SFN_OPERATION_ERRORS),
};
