/// <reference lib="dom" />

// Set up after the test framework in the two web projects (jest.config.js, `setupFilesAfterEnv`).
// A screen test answers every call from its mocked api module. A request that reaches jsdom's
// XMLHttpRequest would go to the network (http://localhost) and, unanswered, keep the test worker
// alive until its timeout long after the run: it is never sent, and it fails the test that made it.
const opened: string[] = [];

const realOpen = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof realOpen>) {
  opened.push(`${args[0]} ${String(args[1])}`);
  realOpen.apply(this, args);
} as typeof realOpen;

XMLHttpRequest.prototype.send = (): void => {
  throw new Error(`a screen test sent a real request (${opened.at(-1)}): mock its api module`);
};

afterEach(() => {
  const requests = opened.splice(0);
  if (requests.length) throw new Error(`real requests made (mock their api modules): ${requests.join(', ')}`);
});

export {};
