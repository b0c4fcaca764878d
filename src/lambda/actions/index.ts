// STUB (to be replaced by the LambdaClient work): the registry of emulated Lambda actions.
import type { RequestContext } from '../../plugin.js';
import type { LambdaMock } from '../lambda-mock.js';

export const lambdaActions: Readonly<
  Record<string, (lambda: LambdaMock, input: never, request: RequestContext) => Promise<object> | object>
> = {};
