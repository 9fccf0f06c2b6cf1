import { TextDecoder, TextEncoder } from 'node:util';

// Import this module first in a test that loads react-router or antd.
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
