import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { signIn } from './api-client';

/** Network and CPU conditions of a page load. */
export interface Throttling {
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
  cpuSlowdown: number;
}

/** Mobile throttling of the issue: 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x slower CPU. */
export const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  cpuSlowdown: 4,
} as const satisfies Throttling;

/** Desktop throttling of the back office (issue 16): 40 ms round trip, 10 Mbps down, 5 Mbps up, full CPU. */
export const DESKTOP_THROTTLING = {
  latencyMs: 40,
  downloadBitsPerSecond: 10 * 1024 * 1024,
  uploadBitsPerSecond: 5 * 1024 * 1024,
  cpuSlowdown: 1,
} as const satisfies Throttling;

export interface PageSpeed {
  path: string;
  runs: number;
  /** First contentful paint, median of the runs (ms after navigation start). */
  fcpMedianMs: number;
  fcpSamplesMs: number[];
  /** Largest contentful paint (the last candidate once the page is quiet), median of the runs. */
  lcpMedianMs: number;
  lcpSamplesMs: number[];
}

export interface PageSpeedOptions {
  runs?: number;
  throttling?: Throttling;
  viewport?: BrowserContextOptions;
  /** A session token set as the `token` cookie under `cookiePath` before each load (a signed-in visitor). */
  token?: string;
  cookiePath?: string;
}

/**
 * The paint timings of the page: FCP, and the last LCP candidate (0 when there is none). A string, so
 * that the bundler's helpers (tsx names functions with `__name`) never reach the page.
 */
const PAINT_TIMINGS = `new Promise((resolve) => {
  let lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const answer = (fcp) => setTimeout(() => resolve({ fcp, lcp }), 50);
  const seen = performance.getEntriesByName('first-contentful-paint')[0];
  if (seen) return answer(seen.startTime);
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) answer(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
})`;

async function paintTimings(page: Page): Promise<{ fcp: number; lcp: number }> {
  return (await page.evaluate(PAINT_TIMINGS)) as { fcp: number; lcp: number };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Loads a page in Chromium (a fresh context, so a cold cache, each run) under the throttling (mobile
 * and phone size unless told) and answers its first and largest contentful paint. The page is read
 * once the network has been quiet for 500 ms, so the LCP candidate is the last one the screen shows.
 * Throws when the page never paints.
 */
export async function measurePageSpeed(
  baseUrl: string,
  path: string,
  options: PageSpeedOptions = {},
): Promise<PageSpeed> {
  const { runs = 5, throttling = MOBILE_THROTTLING, viewport = VIEWPORTS.phone } = options;
  const browser = await launchBrowser();
  const fcpSamplesMs: number[] = [];
  const lcpSamplesMs: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext(viewport);
      try {
        if (options.token)
          await context.addCookies([
            { name: 'token', value: options.token, url: `${baseUrl}${options.cookiePath ?? '/'}` },
          ]);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: throttling.latencyMs,
          downloadThroughput: throttling.downloadBitsPerSecond / 8,
          uploadThroughput: throttling.uploadBitsPerSecond / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
        await page.waitForLoadState('networkidle', { timeout: 60_000 });
        const { fcp, lcp } = await paintTimings(page);
        fcpSamplesMs.push(Math.round(fcp));
        lcpSamplesMs.push(Math.round(lcp));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    path,
    runs,
    fcpMedianMs: median(fcpSamplesMs),
    fcpSamplesMs,
    lcpMedianMs: median(lcpSamplesMs),
    lcpSamplesMs,
  };
}

/** Who a measured page is loaded as. */
type Visitor = 'anonymous' | 'student' | 'admin';

/** A page `npm run bench` measures, with the throttling it is measured under and its targets. */
interface PageTarget {
  path: string;
  visitor: Visitor;
  throttling: 'mobile' | 'desktop';
  /** Targets of issue 16 (H5 only; the back office is measured and printed). */
  fcpTargetMs?: number;
  lcpTargetMs?: number;
}

/**
 * The pages of issue 16: the H5's home (signed in: signed out it sends the visitor to /login), sign-in
 * and course centre under mobile throttling; the back office's home and class list, signed in, under
 * desktop throttling.
 */
export const PAGE_TARGETS: readonly PageTarget[] = [
  { path: '/', visitor: 'student', throttling: 'mobile', fcpTargetMs: 1800, lcpTargetMs: 2500 },
  { path: '/login', visitor: 'anonymous', throttling: 'mobile', fcpTargetMs: 1800, lcpTargetMs: 2500 },
  {
    path: '/classSelectCenter',
    visitor: 'anonymous',
    throttling: 'mobile',
    fcpTargetMs: 1800,
    lcpTargetMs: 2500,
  },
  { path: '/admin/', visitor: 'admin', throttling: 'desktop' },
  { path: '/admin/train-manage/class', visitor: 'admin', throttling: 'desktop' },
];

/** The demo accounts the pages are loaded as (api/src/db/seed.ts). */
const STUDENT = { account: '370102199003071238', password: 'Study123' };
const ADMIN = { account: 'projectadmin', password: 'Admin123' };

export interface PageSpeedRow extends PageSpeed {
  visitor: Visitor;
  throttling: 'mobile' | 'desktop';
  fcpTargetMs: number | null;
  lcpTargetMs: number | null;
  met: boolean | null;
}

/**
 * Measures every page of PAGE_TARGETS on the API serving the built apps (`serve-api.ts --apps`),
 * one after the other, and answers a row each with whether its targets are met.
 */
export async function measurePages(baseUrl: string, runs = 5): Promise<PageSpeedRow[]> {
  const tokens: Record<Visitor, string | undefined> = {
    anonymous: undefined,
    student: await signIn(baseUrl, STUDENT, 3),
    admin: await signIn(baseUrl, ADMIN, 1),
  };
  const rows: PageSpeedRow[] = [];
  for (const target of PAGE_TARGETS) {
    const desktop = target.throttling === 'desktop';
    const speed = await measurePageSpeed(baseUrl, target.path, {
      runs,
      throttling: desktop ? DESKTOP_THROTTLING : MOBILE_THROTTLING,
      viewport: desktop ? VIEWPORTS.desktop : VIEWPORTS.phone,
      token: tokens[target.visitor],
      cookiePath: target.visitor === 'admin' ? '/admin' : '/',
    });
    const fcpTargetMs = target.fcpTargetMs ?? null;
    const lcpTargetMs = target.lcpTargetMs ?? null;
    rows.push({
      ...speed,
      visitor: target.visitor,
      throttling: target.throttling,
      fcpTargetMs,
      lcpTargetMs,
      met:
        fcpTargetMs === null || lcpTargetMs === null
          ? null
          : speed.fcpMedianMs <= fcpTargetMs && speed.lcpMedianMs <= lcpTargetMs,
    });
  }
  return rows;
}
