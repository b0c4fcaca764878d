/**
 * Which errors each Step Functions operation lists (operation-errors.ts), read only to build an error for an SDK
 * before schemas (docs/aws-behaviour/sdk.md §3.7). Here a static import; scripts/bundle.mjs puts the table in a file of
 * its own and replaces this module by a `require` of it, made on first use (as load-part.ts).
 */
import * as table from './operation-errors.js';

export function loadSfnOperationErrors(): typeof table {
  return table;
}
