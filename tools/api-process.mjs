// How the API process is started. The V8 flags live in one place, tools/api-node-flags.json, read here (by
// `npm start` through tools/start.mjs, `npm run start:api`, the Dockerfile and docker-compose.yml through
// tools/start-api.mjs, and the benchmarks) and by the fault tests (test/resilience/processes.ts), so that what is
// measured and tested is what runs:
//   --max-semi-space-size=64: a young generation that holds a large answer's short-lived objects (a 500-product
//     list), so fewer scavenges run and fewer objects are promoted (docs/decisions/0011-v8-max-semi-space-size.md);
//   --heap-growing-percent=50: the old generation grows in smaller steps, so resident memory follows the live
//     data (docs/decisions/0004-v8-heap-growing-percent.md);
//   --no-allocation-site-pretenuring: V8 does not switch an allocation site to allocating straight in the old
//     generation. Under load, objects that outlive one socket or Redis round trip (response headers, write
//     buffers) made V8 pretenure their sites in some processes and not others; those processes then spent ~30 µs
//     more per request in major GCs and had twice the p99 (docs/decisions/0020-v8-no-allocation-site-pretenuring.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** @type {string[]} */
export const API_NODE_FLAGS = JSON.parse(readFileSync(join(root, 'tools/api-node-flags.json'), 'utf8'));
export const API_MAIN = join(root, 'dist/apps/api/apps/api/src/main.js');
