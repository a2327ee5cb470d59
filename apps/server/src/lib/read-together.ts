/**
 * Sends independent reads at once (one round trip of waiting instead of one per read) and returns their values. A
 * failure is thrown in the order the reads are given, so callers keep the contract's order of checks.
 */
export async function readTogether<T extends readonly unknown[]>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
