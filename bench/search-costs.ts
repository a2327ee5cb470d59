/**
 * Each mixed-bench search (60 keywords x 4 types x 2 kinds) once, sequentially, against BASE_URL (a server
 * started with READ_CACHE=off measures the database path); prints the slowest and the distribution.
 */
import { KEYWORDS } from './keywords.js';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8090';
const times: Array<{ ms: number; path: string; total: number }> = [];
for (const kind of ['recruitments', 'study-groups'])
  for (const type of ['all', 'title', 'content', 'creator'])
    for (const keyword of KEYWORDS) {
      const path = `/api/${kind}/search?searchType=${type}&keyword=${encodeURIComponent(keyword)}`;
      const start = performance.now();
      const res = await fetch(BASE + path, { headers: { 'x-forwarded-for': `10.0.${times.length >> 8}.${times.length & 255}` } });
      const body = (await res.json()) as { totalElements?: number };
      times.push({ ms: performance.now() - start, path: decodeURIComponent(path), total: body.totalElements ?? -res.status });
    }
const sorted = [...times].sort((a, b) => b.ms - a.ms);
const sum = times.reduce((s, t) => s + t.ms, 0);
const q = (p: number) => [...times].sort((a, b) => a.ms - b.ms)[Math.floor((times.length - 1) * p)].ms.toFixed(1);
console.log(`${times.length} searches, total ${sum.toFixed(0)} ms; p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} ms`);
for (const t of sorted.slice(0, 40)) console.log(t.ms.toFixed(1).padStart(7), String(t.total).padStart(6), t.path);
