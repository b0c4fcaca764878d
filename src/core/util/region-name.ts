/** What the mock takes for a region name (`us-east-1`, `us-gov-west-1`): the account's, a client's, a function's. */
export const REGION_NAME = /^[a-z]{2}(-[a-z]+)+-\d+$/;
