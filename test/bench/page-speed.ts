import type { Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../support/browser';

/** Mobile throttling of the issue: 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x slower CPU. */
export const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  cpuSlowdown: 4,
} as const;

export interface PageSpeed {
  path: string;
  runs: number;
  /** First contentful paint, median of the runs (ms after navigation start). */
  fcpMedianMs: number;
  fcpSamplesMs: number[];
}

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint')[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/**
 * Loads a page of the H5 in Chromium at phone size (a phone's own browser, cold cache each run)
 * under mobile throttling and answers its first contentful paint. Throws when the page never paints.
 */
export async function measurePageSpeed(baseUrl: string, path: string, runs = 5): Promise<PageSpeed> {
  const browser = await launchBrowser();
  const samples: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext(VIEWPORTS.phone);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: MOBILE_THROTTLING.latencyMs,
          downloadThroughput: MOBILE_THROTTLING.downloadBitsPerSecond / 8,
          uploadThroughput: MOBILE_THROTTLING.uploadBitsPerSecond / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
        samples.push(Math.round(await firstContentfulPaint(page)));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { path, runs, fcpMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, fcpSamplesMs: samples };
}
