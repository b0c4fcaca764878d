/**
 * A mapping's FilterCriteria (filter-criteria.ts) with the event-pattern engine under it, for the first mapping given
 * filters. Here a static import; in both builds scripts/bundle.mjs puts them in a file of their own and
 * replaces this module by a `require` of it, made on the first call (as src/account/load-provisioning.ts).
 */
import * as filterCriteria from './filter-criteria.js';

export function loadFilterCriteria(): typeof filterCriteria {
  return filterCriteria;
}
