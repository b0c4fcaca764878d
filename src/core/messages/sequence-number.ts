/**
 * A FIFO queue's SequenceNumber for its `counter`-th message: 20 decimal digits, strictly increasing within the queue
 * (10^19 + counter, written without BigInt). The deduplication window keeps a send's number as its count.
 */
export function formatSequenceNumber(counter: number): string {
  const digits = String(counter);
  return digits.length < 20
    ? `1${'0'.repeat(19 - digits.length)}${digits}`
    : (10_000_000_000_000_000_000n + BigInt(counter)).toString();
}
