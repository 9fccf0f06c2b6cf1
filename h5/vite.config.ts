import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './src/build/bundle-budget.js';
import { FIRST_ROUTE_GROUPS } from './src/build/first-route-chunks.js';
import { pageShells } from './src/build/page-shells.js';
import { precompress } from './src/build/precompress.js';

/** The API the dev server and `vite preview` forward `/api` to (the Koa server of `npm run dev`). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

// The student site is served from the root with history-mode routing. The build fails when the
// first route (`/` or `/login`) exceeds its size budget (src/build/bundle-budget.ts).
export default defineConfig({
  base: '/',
  plugins: [react(), bundleBudget(), pageShells(), precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    // Fewer, larger files for the first routes (src/build/first-route-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [...FIRST_ROUTE_GROUPS] } } },
  },
});
