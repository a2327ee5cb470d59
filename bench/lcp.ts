/**
 * Largest contentful paint of home, /recruitments and a detail at 390 px, median of 5 cold loads (fresh browser
 * context each: no cache), unthrottled and at CPU x4, 1.6 Mbps, 150 ms round trips (CDP throttling).
 *
 *   BASE_URL=http://127.0.0.1:8080 npx tsx bench/lcp.ts     a running server that serves the built web app
 *   BASE_URL=http://127.0.0.1:8081,http://127.0.0.1:8082 ...   several (e.g. before / after), loads interleaved
 *                                                              so a busy machine's load falls on each alike
 *
 * Env: CHROMIUM_PATH (/usr/bin/chromium), LCP_RUNS (5).
 */
import { chromium, type Page } from 'playwright-core';

const BASES = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').split(',');
const RUNS = Number(process.env.LCP_RUNS ?? 5);
/** LCP_PATHS (comma-separated); by default home, /recruitments and the most viewed recruitment's detail. */
const PATHS = process.env.LCP_PATHS?.split(',') ?? ['/', '/recruitments', 'detail'];

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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // the flags this machine's notes prescribe for headless Chromium (as e2e/playwright.config.ts)
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  // 'detail': the most viewed open recruitment of the first server (the same id on every server of one database)
  const popular = (await (await fetch(`${BASES[0]}/api/recruitments/popular`)).json()) as Array<{ id: number }>;
  const paths = PATHS.map((p) => (p === 'detail' ? `/recruitment/${popular[0]?.id ?? 1}` : p));
  try {
    for (const profile of PROFILES) {
      const figures = new Map<string, string[]>(BASES.map((b) => [b, []]));
      for (const path of paths) {
        const runs = new Map<string, number[]>(BASES.map((b) => [b, []]));
        for (let i = 0; i < RUNS; i++) {
          for (const base of BASES) {
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
            await page.goto(base + path, { waitUntil: 'load' });
            await page.waitForLoadState('networkidle');
            runs.get(base)!.push(await lcpOf(page));
            await context.close();
          }
        }
        for (const [base, xs] of runs)
          figures.get(base)!.push(`${path} ${median(xs).toFixed(0)} ms (runs ${xs.map((r) => r.toFixed(0)).join(', ')})`);
      }
      for (const [base, xs] of figures) console.log(`${profile.name}${BASES.length > 1 ? ` [${base}]` : ''}: ${xs.join('; ')}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
