import type { Locator } from 'playwright-core';

/**
 * Waits for a locator to become visible (up to 15 s, generous for a slow shared CI machine) and
 * fails the test naming the locator when it does not.
 */
export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected ${locator} to become visible within ${timeout} ms`);
  }
}

/**
 * Polls `check` (every 100 ms) until it answers truthy, for up to `timeoutMs`; fails naming `what`
 * when it never does. A throw from `check` fails at once.
 */
export async function waitUntil(
  check: () => unknown | Promise<unknown>,
  { timeoutMs, what }: { timeoutMs: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
