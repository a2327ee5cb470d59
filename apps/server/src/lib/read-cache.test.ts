import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

/** A load that stays open until `finish` is called, counting how many run at once. */
function gate() {
  let running = 0;
  let most = 0;
  const open: Array<() => void> = [];
  const load = (value: string) => async () => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => open.push(resolve));
    running--;
    return value;
  };
  const finishAll = async () => {
    while (open.length > 0) {
      open.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { load, finishAll, most: () => most, started: () => open.length };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('ReadCache database loads', () => {
  it('runs at most the given number of database loads at once; the others wait and then load', async () => {
    const cache = new ReadCache(30_000, 2);
    const g = gate();
    const results = Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => cache.query(k, [], g.load(k))));
    await tick();
    expect(g.started()).toBe(2);
    await g.finishAll();
    expect(await results).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(g.most()).toBe(2);
  });

  it('queues database loads with the cache off too', async () => {
    const cache = new ReadCache(0, 1);
    const g = gate();
    const results = Promise.all(['a', 'b', 'c'].map((k) => cache.query(k, [], g.load(k))));
    await tick();
    expect(g.started()).toBe(1);
    await g.finishAll();
    expect(await results).toEqual(['a', 'b', 'c']);
    expect(g.most()).toBe(1);
  });

  it('a load that reads the cache again (a rendered page) takes no slot, so it cannot wait on itself', async () => {
    const cache = new ReadCache(30_000, 1);
    const page = await cache.get('page', [], async () => `page of ${await cache.query('detail', [], async () => 'detail')}`);
    expect(page).toBe('page of detail');
  });

  it('a failed load gives its slot back', async () => {
    const cache = new ReadCache(30_000, 1);
    await expect(cache.query('x', [], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.query('y', [], async () => 'y')).toBe('y');
  });
});
