import { VIEWPORTS } from '../support/browser';
import { type StartedNginx, startTlsNginx } from '../support/nginx';
import { MOBILE_THROTTLING, measurePageSpeed, type PageSpeed } from './page-speed';

/** The pages of issue 29's first-paint target, loaded by a visitor without a session. */
export const FIRST_PAINT_PAGES = ['/classSelectCenter', '/login'] as const;

/** Issue 29: the largest paint within 2.5 s on the phone profile, from both servers. */
export const FIRST_PAINT_LCP_TARGET_MS = 2500;

export interface FirstPaintRow extends PageSpeed {
  /** The API serving the built apps itself (as `npm start`), or nginx in front of it. */
  server: 'api (HTTP/1.1)' | 'nginx (HTTP/2)';
  lcpTargetMs: number;
  met: boolean;
}

/**
 * BENCH_ONLY=first-paint (issue 29): FCP and LCP of the class centre and the sign-in page on a phone
 * (MOBILE_THROTTLING: 150 ms round trip, 1.6 Mbit/s, CPU 4x slower, through CDP; a fresh browser
 * context each run, so a cold cache; median of `runs`), first from the API serving the built apps
 * (`apiUrl`, plain HTTP/1.1 as `npm start` serves them), then through the shipped nginx
 * configuration over TLS (HTTP/2, a self-signed certificate: test/support/nginx.ts) in front of it.
 */
export async function benchFirstPaint(apiUrl: string, runs = 5): Promise<FirstPaintRow[]> {
  const rows: FirstPaintRow[] = [];
  let nginx: StartedNginx | null = null;
  try {
    nginx = await startTlsNginx([apiUrl]);
    for (const [server, url] of [
      ['api (HTTP/1.1)', apiUrl],
      ['nginx (HTTP/2)', nginx.url],
    ] as const)
      for (const path of FIRST_PAINT_PAGES) {
        const speed = await measurePageSpeed(url, path, {
          runs,
          throttling: MOBILE_THROTTLING,
          viewport: { ...VIEWPORTS.phone, ignoreHTTPSErrors: true },
        });
        rows.push({
          ...speed,
          server,
          lcpTargetMs: FIRST_PAINT_LCP_TARGET_MS,
          met: speed.lcpMedianMs > 0 && speed.lcpMedianMs <= FIRST_PAINT_LCP_TARGET_MS,
        });
      }
  } finally {
    await nginx?.stop();
  }
  return rows;
}

/** One line per page and server: the medians, the samples and whether the target is met. */
export function firstPaintTargetLines(rows: readonly FirstPaintRow[]): string[] {
  return rows.map(
    (row) =>
      `first paint ${row.path} via ${row.server}: FCP ${row.fcpMedianMs} ms, LCP ${row.lcpMedianMs} ms ` +
      `(samples ${row.lcpSamplesMs.join('/')}) target <= ${row.lcpTargetMs} ms: ${row.met ? 'met' : 'NOT met'}`,
  );
}
