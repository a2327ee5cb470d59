import { MemoryCounterStore, type CounterStore } from '../src/lib/rate-limit.js';

/**
 * The rate-limit counters of a test app: in-process, emptied by `reset()` for fresh windows, or replaced by
 * `use()` (a Redis store, which its maker closes). The app's limiter keeps this one object; what it counts in changes.
 */
export class TestCounters implements CounterStore {
  private store: CounterStore = new MemoryCounterStore();

  reset() {
    this.use(new MemoryCounterStore());
  }

  use(store: CounterStore) {
    this.store = store;
  }

  hit(key: string, windowMs: number, nowMs: number) {
    return this.store.hit(key, windowMs, nowMs);
  }

  unhit(key: string, nowMs: number) {
    return this.store.unhit(key, nowMs);
  }
}
