import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The gzipped JavaScript that loads first for / is 250 KB or less. Reads the build (npm test builds
 * before Vitest): the entry chunk, its static imports, and the home route's chunk with its imports.
 */
const DIST = resolve(import.meta.dirname, '../../../../dist/web/storefront');
const LIMIT = 250 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function readManifest(): Record<string, ManifestChunk> {
  const manifestPath = resolve(DIST, '.vite/manifest.json');
  expect(existsSync(manifestPath), 'build the storefront first (npx vite build --config apps/storefront/vite.config.mts)').toBe(true);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

function firstLoadFiles(manifest: Record<string, ManifestChunk>, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

describe('first load of /', () => {
  it('ships at most 250 KB of gzipped JavaScript', () => {
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const home = Object.keys(manifest).find((k) => k.endsWith('features/products/HomePage.tsx'));
    expect(entry).toBeDefined();
    expect(home).toBeDefined();
    const files = firstLoadFiles(manifest, [entry as string, home as string]);
    const gzipped = files.reduce((sum, f) => sum + gzipSync(readFileSync(resolve(DIST, f))).length, 0);
    console.log(`first-load JS for /: ${files.length} files, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(LIMIT);
    // The other screens are split out: the first load does not include them.
    expect(files.some((f) => /ProductPage|CheckoutPage|ProfilePage/.test(f))).toBe(false);
  });

  // A module graph imported statically is evaluated in one task (~80 ms here at Lighthouse's 4x CPU slowdown
  // for the libraries alone, blocking taps meanwhile); main.tsx imports the library chunks and the app one at a
  // time, a task each. A static import added to the entry would pull them back into one graph.
  it('starts the libraries and the app one chunk at a time, not as one static graph', () => {
    const manifest = readManifest();
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    expect(entry?.imports ?? []).toEqual([]);
    const steps = (entry?.dynamicImports ?? []).map((key) => manifest[key].file);
    expect(steps.slice(0, 2)).toEqual([expect.stringMatching(/^assets\/react-/), expect.stringMatching(/^assets\/framework-/)]);
    expect(steps.at(-1)).toMatch(/^assets\/boot-/);
  });
});
