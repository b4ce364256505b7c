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
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
