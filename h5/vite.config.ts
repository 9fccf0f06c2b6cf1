import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API the dev server and `vite preview` forward `/api` to (the Koa server of `npm run dev`). */
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

// The student site is served from the root with history-mode routing.
export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist' },
});
