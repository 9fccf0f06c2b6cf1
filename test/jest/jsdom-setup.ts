/// <reference lib="dom" />
import { TextDecoder, TextEncoder } from 'node:util';

// Set up before every test of the two web projects (jest.config.js, `setupFiles`).
// jsdom lacks TextEncoder/TextDecoder (react-router reads them when it loads) and matchMedia
// (antd's responsive components subscribe to it).
Object.assign(globalThis, { TextEncoder, TextDecoder });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom lacks MessageChannel (antd's Form and Select schedule work through it). A timer-based
// stand-in: a message posted on one port reaches the other port's `onmessage` in a later task.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessagePort {
    onmessage: ((event: MessageEvent) => void) | null = null;
    peer: TimerMessagePort | null = null;
    postMessage(data: unknown): void {
      const target = this.peer;
      setTimeout(() => target?.onmessage?.({ data } as MessageEvent), 0);
    }
    start(): void {}
    close(): void {
      this.onmessage = null;
    }
  }
  class TimerMessageChannel {
    readonly port1 = new TimerMessagePort();
    readonly port2 = new TimerMessagePort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  globalThis.MessageChannel = TimerMessageChannel as unknown as typeof MessageChannel;
}

// jsdom lacks ResizeObserver (antd's Select, Dropdown and Tabs measure through it): one that never
// reports, as jsdom lays nothing out.
if (typeof globalThis.ResizeObserver === 'undefined') {
  class SilentResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = SilentResizeObserver as unknown as typeof ResizeObserver;
}

// Screens render antd in jsdom, which is slow on a loaded 2-core machine: let findBy/waitFor wait up
// to 10 s (jest's own test timeout is 30 s) instead of Testing Library's default 1 s.
// Configured on @testing-library/dom: importing @testing-library/react here, before jest's
// afterEach exists, would switch off its automatic cleanup between tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });
