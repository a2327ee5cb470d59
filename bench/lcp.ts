/**
 * Largest contentful paint of home and /recruitments at 390 px, median of 5 cold loads (fresh browser
 * context each: no cache), unthrottled and at CPU x4, 1.6 Mbps, 150 ms round trips (CDP throttling).
 *
 *   BASE_URL=http://127.0.0.1:8080 npx tsx bench/lcp.ts     a running server that serves the built web app
 *
 * Env: CHROMIUM_PATH (/usr/bin/chromium), LCP_RUNS (5).
 */
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const RUNS = Number(process.env.LCP_RUNS ?? 5);
const PATHS = ['/', '/recruitments'];

interface Profile {
  name: string;
  cpu: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  { name: 'unthrottled', cpu: 1, network: null },
  {
    name: 'CPU x4, 1.6 Mbps, 150 ms RTT',
    cpu: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
];

async function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // LCP is final once the page has settled; 1.5 s without a new candidate is enough here.
        setTimeout(() => resolve(last), 1500);
      }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const profile of PROFILES) {
      const figures: string[] = [];
      for (const path of PATHS) {
        const runs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 1,
            isMobile: true,
            hasTouch: true,
          });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
          if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
          await page.goto(BASE + path, { waitUntil: 'load' });
          await page.waitForLoadState('networkidle');
          runs.push(await lcpOf(page));
          await context.close();
        }
        figures.push(`${path} ${median(runs).toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(', ')})`);
      }
      console.log(`${profile.name}: ${figures.join('; ')}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
