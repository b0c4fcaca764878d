/**
 * Reserved entry point `sqs-sns-mock/jest`: the matchers (toHaveMessageCount, toContainMessage,
 * toHaveDeadLetter, toHavePublished) are not built yet. Importing it fails loudly rather than
 * leaving a test that silently lacks its matchers.
 */
throw new Error('sqs-sns-mock/jest: the jest matchers are not available in this version yet.');

export {};
