import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ADMIN_BUDGET, ADMIN_FIRST_ROUTES, bundleBudget } from '../h5/src/build/bundle-budget.js';
import { precompress } from '../h5/src/build/precompress.js';
import { ROUTER_BASENAME } from './src/router-base.js';

/** The API the dev server and `vite preview` forward `/api` to (the Koa server of `npm run dev`). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

export default defineConfig({
  base: `${ROUTER_BASENAME}/`,
  plugins: [react(), bundleBudget(ADMIN_FIRST_ROUTES, ADMIN_BUDGET), precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist' },
});
