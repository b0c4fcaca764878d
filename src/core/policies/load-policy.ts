/**
 * The policy evaluator (policy.ts and what it compiles with), for the first queue policy SNS checks a delivery
 * against (`policies: 'enforce'`, `aws.sns.deliveryProblems()`). Here a static import; in both builds
 * scripts/bundle.mjs puts it in a file of its own and replaces this module by a `require` of it, made on the first
 * call (as src/account/load-provisioning.ts).
 */
import * as policy from './policy.js';

export function loadPolicyEvaluator(): typeof policy {
  return policy;
}
