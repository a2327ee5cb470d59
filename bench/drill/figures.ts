/** Small figures the drills print. */

/** "a x3, b x1" */
export const tally = (items: string[]) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, n]) => `${item} x${n}`).join(', ');
};

/** The q-quantile of `values` (NaN when empty). */
export const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/** Prints each pass criterion, then, when one failed, the last `logLines` of each instance's log; whether all held. */
export function judge(
  criteria: Array<[string, boolean]>,
  instances: Array<{ name: string; log: string[] }>,
  logLines: number,
  between: () => void = () => {},
): boolean {
  console.log('\n== pass criteria ==');
  for (const [name, ok] of criteria) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  between();
  const passed = criteria.every(([, ok]) => ok);
  if (!passed)
    for (const i of instances)
      if (i.log.length) console.log(`-- ${i.name} log (last lines)\n${i.log.slice(-logLines).join('\n')}`);
  return passed;
}
