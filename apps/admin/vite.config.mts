/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Built into dist/web/admin, which the API serves at /admin. In development Vite proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: { outDir: resolve(import.meta.dirname, '../../dist/web/admin'), emptyOutDir: true, chunkSizeWarningLimit: 3000 },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  // Pure logic (*.test.ts) runs on Node; components (*.test.tsx) render into happy-dom's document, each test
  // unmounted afterwards (test/web-support/setup.ts, shared with the other web app). The render helper with the app's providers is src/test/render.tsx.
  test: {
    // Component tests type and click through jsdom: on a loaded 2-core machine one can take over 5 s.
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'admin', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'admin-components', environment: 'happy-dom', include: ['src/**/*.test.tsx'], setupFiles: ['../../test/web-support/setup.ts'] },
      },
    ],
  },
});
