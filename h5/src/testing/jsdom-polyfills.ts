import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads.
// Import this module first in a test that loads react-router.
Object.assign(globalThis, { TextEncoder, TextDecoder });
