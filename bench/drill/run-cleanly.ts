/** Steps that undo what a drill or bench made (instances, databases, folders), run last first. */
export type CleanUps = Array<() => unknown>;

async function cleanUp(steps: CleanUps) {
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error(`clean-up: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  steps.length = 0;
}

/**
 * Runs `main`, which adds its clean-up steps as it makes things, and cleans up whatever happens: after it, on an
 * error, on Ctrl-C, or past `deadlineMs` (then exit 2). Exits 0 when `main` answers true, else 1; `finish` is told
 * the outcome after the clean-up.
 */
export async function runCleanly(
  main: (cleanUps: CleanUps) => Promise<boolean>,
  options: { deadlineMs?: number; finish?: (passed: boolean) => void } = {},
): Promise<never> {
  const steps: CleanUps = [];
  const deadline =
    options.deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          console.error(`did not finish within ${options.deadlineMs! / 1000} s: stopping`);
          void cleanUp(steps).finally(() => process.exit(2));
        }, options.deadlineMs);
  process.on('SIGINT', () => void cleanUp(steps).finally(() => process.exit(130)));
  let passed = false;
  try {
    passed = await main(steps);
  } catch (err) {
    console.error(err);
  } finally {
    await cleanUp(steps);
    clearTimeout(deadline);
  }
  options.finish?.(passed);
  process.exit(passed ? 0 : 1);
}
