/**
 * Reserved entry point `sqs-sns-mock/vitest`: the matchers (toHaveMessageCount, toContainMessage,
 * toHaveDeadLetter, toHavePublished) are not built yet. Importing it fails loudly rather than
 * leaving a test that silently lacks its matchers.
 */
throw new Error('sqs-sns-mock/vitest: the vitest matchers are not available in this version yet.');

export {};
