#!/usr/bin/env node
// `npm run bench`: the shop, started exactly like `npm start` (every request through the one Nest pipeline:
// middleware, guards, throttler, interceptors), against a bare node:http server that answers the same bytes
// (the ceiling of this machine), a bare NestJS application that answers them too (the floor of any Nest route
// here) and, for the cart, a bare node:http server that makes the cart's one database write before answering
// (the floor of any stored write here; `--no-floor` skips both floors), endpoint by endpoint, with autocannon.
// The uncached product page is measured on a second shop started with the catalog cache off
// (CATALOG_CACHE_TTL_MS=0), after the first one has stopped.
// Targets: cached catalog reads ≥ 0.4 × the bare server with p99 ≤ 50 ms; the uncached product page ≥ 1,000
// requests/s; the cart write no lower than before (`--cart-baseline N`: the requests/s of the code before, on
// the same machine, e.g. from `--only cart` on a build of the previous commit).
//   npm run bench                               50 connections, 10 s per endpoint, writes docs/performance.md
//   npm run bench -- --label cache-off --env CATALOG_CACHE_TTL_MS=0
//   BENCH_DURATION=3 npm run bench -- --no-doc  a short smoke run
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  api,
  customers,
  freePort,
  log,
  machine,
  machineLine,
  mainThreadCpuMs,
  root,
  signIn,
  startShop,
  waitForIdleWorker,
  writeDocSection,
} from './shop.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const values = [];
  args.forEach((a, i) => {
    if (a === name && args[i + 1] !== undefined) values.push(args[i + 1]);
  });
  return values;
};
const label = option('--label')[0] ?? 'latest';
const extraEnv = Object.fromEntries(option('--env').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const only = option('--only');
const cartBaseline = Number(option('--cart-baseline')[0] ?? process.env.BENCH_CART_BASELINE ?? 0) || undefined;
const CATALOG_RATIO = 0.4;
const CATALOG_P99_MS = 50;
const UNCACHED_RPS = 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// 300 x 3 lines of at most 99 units: room for ~89,000 adds, 12 s at ~7,400 requests/s (100 customers filled their
// lines in the last second of a 2,561 requests/s run, and the calls after that were refused).
const CART_USERS = 300;
const CART_PRODUCTS = 3;

const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function run(options) {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** The search's target at the demo catalogue's size (issue #39): main-thread CPU per answer. */
const SEARCH_CPU_US = 500;
/** Searches a shopper types: words, pairs in either order, typos, prefixes, synonyms, colours, brands. */
const SEARCHES = [
  'leather boots',
  'boots leather',
  'lether',
  'tshirt',
  'tee',
  'blue',
  'denim jacket',
  'sneekers',
  'wool',
  'cashmere scarf',
  'jack',
  'dress',
  'linen shirt',
  'trainers',
  'jumper',
  'black',
  'stride lab',
  'backpack',
  'sunglases',
  'hoodie',
  'coat',
  'skirt',
  'jeans',
  'cap',
  'watch',
  'bag',
  'belt',
  'silk',
  'merino',
  'puffer',
  'rain',
  'chelsea',
  'knit',
  'cardigan',
  'sandals',
  'shorts',
  'tote',
  'beanie',
  'varsity',
  'floral',
];

function summary(result, cpuMs) {
  return {
    // Microseconds of the server's main thread per answer (undefined when /proc cannot tell).
    cpuUs: cpuMs === undefined || result.requests.total === 0 ? undefined : (cpuMs * 1000) / result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** Starts a ceiling or floor server (bare-server.mjs, nest-floor.mjs, write-floor.mjs) in its own process, given its config. */
async function startCeiling(script, config) {
  const dir = join(root, 'tmp', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${script.replace(/\.mjs$/, '')}.json`);
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [join(root, 'tools/bench', script), file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} stopped (exit code ${code})`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolvePort(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

async function capture(url, endpoint) {
  const response = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.captureHeaders ?? endpoint.headers ?? {},
    body: endpoint.captureBody ?? endpoint.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status >= 400) throw new Error(`${endpoint.name}: ${response.status} ${body.toString().slice(0, 300)}`);
  const headers = {};
  response.headers.forEach((value, key) => {
    if (!SKIPPED_HEADERS.has(key)) headers[key] = value;
  });
  return { method: endpoint.method, path: endpoint.path, status: response.status, headers, bodyBase64: body.toString('base64'), bytes: body.length };
}

/** Drives one endpoint on each [target, url, pid] in turn: a warm-up, then DURATION seconds. */
async function measure(e, targets) {
  const results = {};
  for (const [target, url, pid] of targets) {
    // The shop and the write floor get each call's own customer; the ceilings answer one captured call.
    const perCall = target === 'shop' || target === 'write';
    const request = {
      method: e.method,
      path: e.path,
      headers: e.headers,
      body: e.body,
      ...(e.setupRequest && perCall ? { setupRequest: e.setupRequest } : {}),
    };
    if (WARMUP > 0) await run({ url, duration: WARMUP, requests: [request] });
    const cpuBefore = mainThreadCpuMs(pid);
    const result = await run({ url, duration: DURATION, requests: [request] });
    const cpuAfter = mainThreadCpuMs(pid);
    results[target] = summary(result, cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore);
    const cpu = results[target].cpuUs === undefined ? '' : `, main thread ${results[target].cpuUs.toFixed(0)} µs/req`;
    log(
      `${e.name.padEnd(36)} ${target}: ${results[target].rps} req/s, p50 ${results[target].p50} ms, p99 ${results[target].p99} ms, non-2xx ${results[target].non2xx}, errors ${results[target].errors}${cpu}`,
    );
    await sleep(500);
  }
  return results;
}

/** An endpoint's row: its numbers, its target and whether this run met it. */
function judge(e, captured, results) {
  const ratio = results.shop.rps / results.bare.rps;
  let target = '—';
  let met;
  if (e.kind === 'catalog') {
    target = `≥ ${CATALOG_RATIO * 100} %, p99 ≤ ${CATALOG_P99_MS} ms`;
    met = ratio >= CATALOG_RATIO && results.shop.p99 <= CATALOG_P99_MS;
  } else if (e.kind === 'uncached') {
    target = `≥ ${UNCACHED_RPS.toLocaleString('en')} req/s`;
    met = results.shop.rps >= UNCACHED_RPS;
  } else if (e.kind === 'search') {
    target = `main thread ≤ ${SEARCH_CPU_US} µs/req`;
    met = results.shop.cpuUs === undefined ? undefined : results.shop.cpuUs <= SEARCH_CPU_US;
  } else if (e.kind === 'cart') {
    target = cartBaseline ? `≥ ${cartBaseline} req/s (before)` : 'no lower than before';
    met = cartBaseline ? results.shop.rps >= cartBaseline : undefined;
  }
  return {
    ...e,
    setupRequest: undefined,
    bytes: captured.bytes,
    shop: results.shop,
    bare: results.bare,
    floor: results.floor,
    write: results.write,
    ratio,
    target,
    met,
  };
}

function fmtUs(n) {
  return n === undefined ? '—' : n.toFixed(0);
}

function fmtMs(n) {
  return `${Number(n).toFixed(n < 10 ? 1 : 0)} ms`;
}

async function main() {
  const facts = machine();
  log(machineLine(facts));
  const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  // --url: a shop that is already running (ADMIN_EMAIL and ADMIN_PASSWORD name its admin), e.g. for profiling.
  const given = option('--url')[0];
  log(given ? `using the shop at ${given}` : `starting the shop (npm start) ${Object.keys(extraEnv).length ? JSON.stringify(extraEnv) : ''}`);
  // The write floor writes to the shop's own engine: the bench chooses its port.
  const enginePort = given || flag('--no-floor') ? undefined : await freePort();
  const shop = given
    ? {
        url: given,
        dataDir: '(external)',
        redisPrefix: '(external)',
        admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
        stop: async () => {},
      }
    : await startShop({ ...(enginePort ? { EMBEDDED_MONGO_PORT: String(enginePort) } : {}), ...extraEnv });
  if (!given) await waitForIdleWorker(shop);
  let bare;
  let floor;
  let writeFloor;
  const rows = [];
  try {
    log(`shop at ${shop.url} (data ${shop.dataDir}, REDIS_PREFIX ${shop.redisPrefix})`);
    const list = await api(shop.url, '/api/products?page=1&pageSize=100');
    const simple = list.json.filter((p) => p.variants.length === 0);
    if (simple.length < CART_PRODUCTS) throw new Error('the demo catalog has too few products without variants');
    const productId = list.json[0]._id;

    // The cart endpoint adds one unit per call: give a few products plenty of stock and spread the calls over
    // CART_USERS customers x CART_PRODUCTS products, so no line reaches the 99-per-line limit during the run.
    const adminToken = await signIn(shop.url, shop.admin.email, shop.admin.password);
    const cartProducts = simple.slice(0, CART_PRODUCTS).map((p) => p._id);
    for (const id of cartProducts) {
      const res = await api(shop.url, `/api/products/${id}`, { method: 'PUT', token: adminToken, body: { countInStock: 100000 } });
      if (res.status !== 200) throw new Error(`stock update failed: ${res.status} ${res.text}`);
    }
    const users = await customers(shop.url, CART_USERS + 1);
    // Each new customer queued a welcome mail: the worker sends them before anything is measured.
    if (!given) await waitForIdleWorker(shop);
    const sample = users.pop();
    // The captured cart answer is a steady-state one: a cart holding one unit of each benchmarked product.
    for (const id of cartProducts.slice(1))
      await api(shop.url, '/api/cart', { method: 'POST', token: sample.token, body: { productId: id, quantity: 1 } });
    // Calls of the signed-in rows so far: each takes the next customer's token in turn.
    let calls = 0;
    const cartBody = (id) => JSON.stringify({ productId: id, quantity: 1 });

    const endpoints = [
      { name: 'GET /api/products?page=1', kind: 'catalog', method: 'GET', path: '/api/products?page=1' },
      { name: 'GET /api/products/{id}', kind: 'catalog', method: 'GET', path: `/api/products/${productId}` },
      { name: 'GET /api/products/top', kind: 'catalog', method: 'GET', path: '/api/products/top' },
      { name: 'GET /api/category/categories', kind: 'catalog', method: 'GET', path: '/api/category/categories' },
      {
        // A signed-in customer browsing (bearer token of one of the CART_USERS customers in turn).
        name: 'GET /api/products?page=1 (signed in)',
        kind: 'catalog',
        method: 'GET',
        path: '/api/products?page=1',
        headers: { authorization: `Bearer ${sample.token}` },
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${users[calls++ % CART_USERS].token}` } }),
      },
      {
        name: 'POST /api/cart (signed in)',
        kind: 'cart',
        method: 'POST',
        path: '/api/cart',
        captureHeaders: { 'content-type': 'application/json', authorization: `Bearer ${sample.token}` },
        captureBody: cartBody(cartProducts[0]),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sample.token}` },
        body: cartBody(cartProducts[0]),
        setupRequest: (request) => {
          const i = calls++;
          const user = users[i % CART_USERS];
          const product = cartProducts[Math.floor(i / CART_USERS) % CART_PRODUCTS];
          return { ...request, headers: { ...request.headers, authorization: `Bearer ${user.token}` }, body: cartBody(product) };
        },
      },
      {
        // The shop's search with its facets: words, pairs, typos and prefixes, with and without a size filter and in
        // three orders, 360 different searches in turn, more than the 200 answers the search keeps: none is cached.
        name: 'GET /api/search?q=… (facets, no answer cached)',
        kind: 'search',
        method: 'GET',
        path: `/api/search?q=${encodeURIComponent(SEARCHES[0])}`,
        setupRequest: (request) => {
          const i = calls++;
          const variant = Math.floor(i / SEARCHES.length) % 9;
          const sort = ['relevance', 'price_asc', 'newest'][variant % 3];
          const filter = ['', '&size=M', '&inStock=true'][Math.floor(variant / 3)];
          return { ...request, path: `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}&sort=${sort}${filter}` };
        },
      },
      { name: 'GET / (storefront HTML)', kind: 'web', method: 'GET', path: '/' },
    ].filter((e) => only.length === 0 || only.some((o) => e.name.includes(o)));

    const captured = [];
    for (const e of endpoints) captured.push(await capture(shop.url, e));
    bare = await startCeiling('bare-server.mjs', captured);
    if (!flag('--no-floor')) floor = await startCeiling('nest-floor.mjs', captured);
    const cartAt = endpoints.findIndex((e) => e.kind === 'cart');
    if (enginePort && cartAt >= 0) {
      const secret = readFileSync(join(shop.dataDir, 'secrets', 'jwt-secret'), 'utf8').trim();
      const config = {
        uri: `mongodb://127.0.0.1:${enginePort}`,
        secret,
        users: users.map((u) => u.id),
        products: cartProducts,
        route: captured[cartAt],
      };
      writeFloor = await startCeiling('write-floor.mjs', config);
    }

    for (const [i, e] of endpoints.entries()) {
      const results = await measure(e, [
        ['shop', shop.url, shop.apiPid],
        ['bare', bare.url, bare.pid],
        ...(floor ? [['floor', floor.url, floor.pid]] : []),
        ...(writeFloor && e.kind === 'cart' ? [['write', writeFloor.url, writeFloor.pid]] : []),
      ]);
      rows.push(judge(e, captured[i], results));
    }
  } finally {
    bare?.stop();
    floor?.stop();
    writeFloor?.stop();
    await shop.stop();
  }

  // The product page with the catalog cache off: every call runs the handler (a second shop, alone).
  const uncached = { name: 'GET /api/products/{id} (cache off)', kind: 'uncached', method: 'GET' };
  if (!given && (only.length === 0 || only.some((o) => uncached.name.includes(o)))) {
    log('starting a second shop with the catalog cache off (CATALOG_CACHE_TTL_MS=0)');
    const off = await startShop({ ...extraEnv, CATALOG_CACHE_TTL_MS: '0' });
    let offBare;
    try {
      await waitForIdleWorker(off);
      const first = (await api(off.url, '/api/products?page=1&pageSize=1')).json[0];
      const e = { ...uncached, path: `/api/products/${first._id}` };
      const captured = await capture(off.url, e);
      offBare = await startCeiling('bare-server.mjs', [captured]);
      const results = await measure(e, [
        ['shop', off.url, off.apiPid],
        ['bare', offBare.url, offBare.pid],
      ]);
      rows.push(judge(e, captured, results));
    } finally {
      offBare?.stop();
      await off.stop();
    }
  }

  const table = [
    `| endpoint | bytes | shop req/s | shop p50 | shop p99 | bare req/s | bare p99 | ratio | target | met | main thread µs/req, shop / bare |${floor ? ' Nest floor req/s | floor / bare | shop / floor |' : ''}${writeFloor ? ' write floor req/s | write floor / bare |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|${floor ? '---:|---:|---:|' : ''}${writeFloor ? '---:|---:|' : ''}`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.bytes} | ${r.shop.rps} | ${fmtMs(r.shop.p50)} | ${fmtMs(r.shop.p99)} | ${r.bare.rps} | ${fmtMs(r.bare.p99)} | ${(r.ratio * 100).toFixed(0)} % | ${r.target} | ${r.met === undefined ? '—' : r.met ? 'yes' : '**no**'} | ${fmtUs(r.shop.cpuUs)} / ${fmtUs(r.bare.cpuUs)} |` +
        (floor
          ? r.floor
            ? ` ${r.floor.rps} | ${((r.floor.rps / r.bare.rps) * 100).toFixed(0)} % | ${((r.shop.rps / r.floor.rps) * 100).toFixed(0)} % |`
            : ' — | — | — |'
          : '') +
        (writeFloor ? (r.write ? ` ${r.write.rps} | ${((r.write.rps / r.bare.rps) * 100).toFixed(0)} % |` : ' — | — |') : ''),
    ),
  ];
  const failures = [
    ...rows.filter((r) => r.shop.non2xx > 0 || r.shop.errors > 0).map((r) => `${r.name}: ${r.shop.non2xx} non-2xx, ${r.shop.errors} errors`),
    ...rows
      .filter((r) => r.write && (r.write.non2xx > 0 || r.write.errors > 0))
      .map((r) => `${r.name}, write floor: ${r.write.non2xx} non-2xx, ${r.write.errors} errors`),
  ];
  process.stdout.write(`\n${table.join('\n')}\n`);
  if (failures.length) process.stdout.write(`\nwarning: ${failures.join('; ')}\n`);

  const dir = join(root, 'tmp', 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `bench-${label}.json`),
    JSON.stringify({ label, machine: facts, env: extraEnv, duration: DURATION, connections: CONNECTIONS, rows }, null, 2),
  );
  if (!flag('--no-doc')) {
    const heading = `**Run \`${label}\`** — ${machineLine(facts)}; ${CONNECTIONS} connections, ${DURATION} s per endpoint after a ${WARMUP} s warm-up${
      Object.keys(extraEnv).length
        ? `; env ${Object.entries(extraEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}`
        : ''
    }.`;
    const file = writeDocSection(
      `bench-${label}`,
      `${heading}\n\n${table.join('\n')}${failures.length ? `\n\nNon-2xx or errors: ${failures.join('; ')}` : ''}`,
    );
    log(`wrote ${file}`);
  }
}

main().catch((error) => {
  process.stderr.write(`[bench] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
