const warned = new Set<string>();

/** Prints `text` as a warning the first time `key` is warned in this process; never again after. */
export function warnOnce(key: string, text: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(text);
}

/** @internal For the diagnostics' own tests: warn again. */
export function forgetWarnings(): void {
  warned.clear();
}
