#!/usr/bin/env node
// Transpiles the server code with SWC, the way `nest build -b swc` would, into the same dist/ layout tsc writes:
//   node tools/build-server.mjs engine   libs/embedded-mongo/src -> dist/libs/embedded-mongo
//   node tools/build-server.mjs api      apps/api/src and libs/*/src -> dist/apps/api/{apps/api/src,libs/*/src}
//   node tools/build-server.mjs worker   apps/worker/src and libs/*/src -> dist/apps/worker/...
// No type check here: `npm test` runs `tsc --noEmit` first. SWC takes about a second where tsc took 10 to 20 s.
// Nest's own SWC builder is not used: in a monorepo it compiles the root project's sourceRoot for every app
// and takes builder options only from the root, so the worker and the libs cannot be built with it.
//
// The API also needs what the @nestjs/swagger CLI plugin adds under tsc (property types, return types of
// the routes). Under SWC the plugin cannot run, so its metadata is generated from a TypeScript program by
// the plugin's ReadonlyVisitor (as `nest build -b swc --type-check` does) and written as
// swagger-metadata.js beside main.js; main.ts and openapi.document.ts load it (swagger-plugin-metadata.ts)
// before the document is built. `npm run openapi` writes openapi.json from this build, and the drift test
// (apps/api/src/openapi.spec.ts, ts-jest with the plugin itself) compares it with the plugin's document;
// test/launcher/npm-start.e2e-spec.ts compares the built server's /api/docs-json with openapi.json.
import { transformFile, transform } from '@swc/core';
import { swaggerMetadataSource } from './openapi/swagger-metadata.mjs';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { swcServerOptions } = require('./swc-options.cjs');

/** Every .ts file under dir, without specs and the engine's test and bench folders. */
function sources(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'bench' || entry.name === 'node_modules') continue;
      files.push(...sources(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function libSources() {
  const libs = join(root, 'libs');
  return readdirSync(libs)
    .filter((name) => statSync(join(libs, name, 'src'), { throwIfNoEntry: false })?.isDirectory())
    .flatMap((name) => sources(join(libs, name, 'src')));
}

function tsPaths() {
  const ts = require('typescript');
  const { config, error } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return config.compilerOptions.paths ?? {};
}

/** The server's SWC options (tools/swc-options.cjs, shared with Jest), with the @shop/* aliases rewritten. */
function swcOptions(paths, sourceMaps) {
  return swcServerOptions({ sourceMaps, baseUrl: root, paths });
}

async function compile(files, outDirFor, options, concurrency = 16) {
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const out = outDirFor(file);
      mkdirSync(dirname(out), { recursive: true });
      const result = await transformFile(file, {
        ...options,
        filename: file,
        sourceFileName: relative(dirname(out), file).split(sep).join('/'),
      });
      const mapName = `${basename(out)}.map`;
      writeFileSync(out, options.sourceMaps && result.map ? `${result.code}\n//# sourceMappingURL=${mapName}\n` : result.code);
      if (options.sourceMaps && result.map) writeFileSync(`${out}.map`, result.map);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function buildApp(app) {
  const paths = tsPaths();
  const out = join(root, 'dist/apps', app);
  const files = [...sources(join(root, 'apps', app, 'src')), ...libSources()];
  await compile(files, (file) => join(out, relative(root, file)).replace(/\.ts$/, '.js'), swcOptions(paths, true));
  if (app === 'api') {
    const metadata = await transform(swaggerMetadataSource(join(root, 'apps/api/src')), {
      ...swcOptions(paths, false),
      filename: join(root, 'apps/api/src/swagger-metadata.ts'),
    });
    writeFileSync(join(out, 'apps/api/src/swagger-metadata.js'), metadata.code);
  }
}

async function buildEngine() {
  const srcDir = join(root, 'libs/embedded-mongo/src');
  const out = join(root, 'dist/libs/embedded-mongo');
  await compile(sources(srcDir), (file) => join(out, relative(srcDir, file)).replace(/\.ts$/, '.js'), swcOptions(tsPaths(), false));
}

const target = process.argv[2];
const builds = { engine: buildEngine, api: () => buildApp('api'), worker: () => buildApp('worker') };
if (!builds[target]) {
  process.stderr.write(`usage: node tools/build-server.mjs ${Object.keys(builds).join('|')}\n`);
  process.exit(2);
}
await builds[target]();
