/**
 * What a Step Functions name may hold (docs/aws-behaviour/stepfunctions.md §1.2): machines, executions, activities,
 * aliases, and a distributed Map's Label (§2.11.1). A leaf: the actions and the definition's check both read it.
 */

/** §1.2 [AWS-snap]: the characters a name may not hold. */
const BAD_NAME = /[\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff]/;

/** Whether `name` is 1 to `max` characters, none of them one a name may not hold. */
export function isName(name: string, max: number): boolean {
  return name.length > 0 && name.length <= max && !BAD_NAME.test(name);
}
