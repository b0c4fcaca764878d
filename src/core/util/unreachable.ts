/**
 * The end of an exhaustive `switch` over a closed union: the compiler refuses a case left out, since only `never`
 * may reach here.
 */
export function unreachable(value: never): never {
  throw new Error(`sqs-sns-mock: unexpected ${JSON.stringify(value)}`);
}
