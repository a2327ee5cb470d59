/**
 * The statements one app runs (the tests "a request runs a constant number of queries"), fed by the database
 * client's statement hook. While `count` runs, every statement of the app is recorded, so the counted work must be
 * the only work that app is doing (tests send one request at a time).
 */
export class StatementLog {
  private current: string[] | null = null;

  /** the hook the app's database client calls for every statement */
  readonly note = (text: string) => {
    this.current?.push(text);
  };

  /** Runs `work` and returns its result with the statements it ran (BEGIN/COMMIT included on node-postgres). */
  async count<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    this.current = statements;
    try {
      return { result: await work(), statements };
    } finally {
      this.current = null;
    }
  }
}
