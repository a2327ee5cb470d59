/** Runs at most `limit` pieces of work at once; the rest wait their turn in arrival order. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, or is given back
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
