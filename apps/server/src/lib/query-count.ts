/**
 * Counts the statements a piece of work runs (the test "a request runs a constant number of queries").
 * Off unless `countQueries` runs; then every statement of the process is counted, so the counted work
 * must be the only work running (tests send one request at a time).
 */
let current: string[] | null = null;

/** Runs `work` and returns its result with the statements it ran (BEGIN/COMMIT included on node-postgres). */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  current = statements;
  try {
    return { result: await work(), statements };
  } finally {
    current = null;
  }
}

/** Called by the database client for every statement. */
export function noteQuery(text: string) {
  if (current) current.push(text);
}
