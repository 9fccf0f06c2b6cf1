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
