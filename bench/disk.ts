/**
 * The disk's flush latency, the figure a commit waits for: one 8 kB write and fdatasync in a loop, as the
 * "one 8kB write, fdatasync" row of PostgreSQL's pg_test_fsync, but with the distribution (a chat line's p99 meets
 * the slowest flushes, not the average).
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FlushFigures {
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/** Flushes for `ms` milliseconds in a file under `dir` (the database's disk; the temp directory by default). */
export function flushLatency(ms: number, dir = os.tmpdir()): FlushFigures {
  const folder = mkdtempSync(path.join(dir, 'flush-'));
  const fd = openSync(path.join(folder, 'f'), 'w');
  const block = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const at = performance.now();
      writeSync(fd, block, 0, block.length, 0);
      fdatasyncSync(fd);
      times.push(performance.now() - at);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  const sorted = times.sort((a, b) => a - b);
  const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { perSecond: (times.length * 1000) / ms, p50: pct(0.5), p99: pct(0.99), max: sorted[sorted.length - 1] };
}

export const flushLine = (f: FlushFigures) =>
  `disk: one 8 kB write + fdatasync ${f.perSecond.toFixed(0)}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`;
