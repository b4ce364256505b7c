#!/usr/bin/env node
// `npm run typecheck`: tsc --noEmit over the server code (tsconfig.json: API, worker, libs, tests, tools) and each
// web app (its own tsconfig: DOM types, bundler resolution). Vite and SWC transpile without checking types, so
// this is the only place the storefront's and the console's types are checked.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const PROJECTS = ['tsconfig.json', 'apps/storefront/tsconfig.json', 'apps/admin/tsconfig.json'];
let failed = false;
for (const project of PROJECTS) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`type check failed: ${project}\n`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
