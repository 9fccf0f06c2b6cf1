// The browser tests' time per test and hook. Jest takes `testTimeout` from the run's global
// configuration only (a project's own is ignored), so the root's 30 s would end a browser test at
// the very moment Playwright's own 30 s wait for a click or an element ends, and the failure would
// name the test but not the step. With more here, a step that never comes fails with Playwright's
// message naming the locator it waited for.
jest.setTimeout(120_000);
