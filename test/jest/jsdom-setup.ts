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
