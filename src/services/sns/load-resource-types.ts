/**
 * SNS's CloudFormation resource types (cloudformation/index.ts), for the account's first `aws.provision`. Here a static
 * import; in both builds scripts/bundle.mjs puts them in a file of their own and replaces this module by a synchronous
 * load of it, made on the first call, so that loading the package compiles none of them.
 */
import * as resourceTypes from './cloudformation/index.js';

export function loadSnsResourceTypes(): typeof resourceTypes {
  return resourceTypes;
}
