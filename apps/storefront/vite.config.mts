/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, createServer, defineConfig, type Plugin } from 'vite';
import { PAGES, lightFile, samplePath } from './src/app/pages.mjs';
import { chunkFiles, composePage, composeServerTemplate, type ManifestChunk } from './src/app/prerender-html.mjs';

/** A page's head when it asks for no title of its own. */
const DEFAULT_META = { title: 'Threadline', description: 'Threadline: clothing and accessories from independent makers, with free shipping.' };

/**
 * The server renderer (src/app/server-render.tsx) as a CommonJS module for the API, with a template per page
 * (<name>.html) and pages.json (route → template): the API renders these routes at request time, with their
 * data, and falls back to the prerendered page when it cannot. Outside the storefront's folder, which is public.
 */
const SSR_DIR = resolve(import.meta.dirname, '../../dist/web/storefront-ssr');

/** React itself, the first library the app evaluates (main.tsx evaluates the chunks one task each). */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The other libraries every page runs. */
const FRAMEWORK =
  /node_modules[\\/](react-router|react-router-dom|@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@reduxjs|redux|react-redux|immer|reselect|use-sync-external-store|react-is|prop-types|hoist-non-react-statics|clsx|cookie|set-cookie-parser|@babel[\\/]runtime)[\\/]/;

function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'storefront-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { prerender } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof import('./src/app/prerender');
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        const pages: Record<string, string> = {};
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        // Every route's page, in both modes (src/app/pages.mts): the API sends the one of the visitor's mode.
        for (const page of PAGES) {
          const path = samplePath(page.routes[0]);
          const file = `prerendered/${page.name}.html`;
          for (const darkMode of [true, false]) {
            const { markup, meta } = await prerender(path, darkMode);
            if (!meta) throw new Error(`prerender ${path}: the page set no title (usePageMeta)`);
            const html = composePage(template, {
              markup,
              path,
              ...meta,
              darkMode,
              modulePreloads: chunkFiles(manifest, page.module),
              bootScripts: page.bootScripts,
            });
            writeFileSync(join(outDir, darkMode ? file : lightFile(file)), html);
          }
          for (const route of page.routes) pages[route] = file;
        }
        writeFileSync(join(outDir, 'prerendered', 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
      } finally {
        await server.close();
      }
      await build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        plugins: [react()],
        // Libraries bundled too, in their production builds (the API runs without NODE_ENV=production).
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: 'src/app/server-render.tsx',
          outDir: SSR_DIR,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { output: { format: 'cjs', entryFileNames: 'server-render.cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' } },
        },
      });
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const ssrPages: Record<string, string> = {};
      const ssrQuery: Record<string, readonly string[]> = {};
      for (const page of PAGES.filter((p) => p.serverRendered)) {
        const html = composeServerTemplate(template, { ...DEFAULT_META, modulePreloads: chunkFiles(manifest, page.module) });
        writeFileSync(join(SSR_DIR, `${page.name}.html`), html);
        for (const route of page.routes) ssrPages[route] = `${page.name}.html`;
        ssrQuery[`${page.name}.html`] = page.query ?? [];
      }
      writeFileSync(join(SSR_DIR, 'pages.json'), `${JSON.stringify(ssrPages, null, 2)}\n`);
      // The query parameters each template's page reads: the API keys its page cache on these alone.
      writeFileSync(join(SSR_DIR, 'query.json'), `${JSON.stringify(ssrQuery, null, 2)}\n`);
    },
  };
}

// Built into dist/web/storefront, which the API serves at /. In development Vite proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), prerenderPages()],
  build: {
    outDir: resolve(import.meta.dirname, '../../dist/web/storefront'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      // The libraries every page runs in three chunks (React, the others, MUI's components): few requests on the
      // first load (each costs a round trip), and each chunk is evaluated in a task of its own (main.tsx).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT },
            { name: 'framework', test: FRAMEWORK },
            { name: 'mui', test: /@mui[\\/]material[\\/]/, minShareCount: 8 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // Pure logic (*.test.ts) runs on Node; components (*.test.tsx) render into happy-dom's document, each test
  // unmounted afterwards (test/web-support/setup.ts, shared with the other web app). The render helper with the app's providers is src/test/render.tsx.
  test: {
    // Component tests type and click through jsdom: on a loaded 2-core machine one can take over 5 s.
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'storefront', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'storefront-components',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['../../test/web-support/setup.ts'],
        },
      },
    ],
  },
});
