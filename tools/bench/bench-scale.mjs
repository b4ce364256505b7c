#!/usr/bin/env node
// `npm run bench:scale`: 50,000 products in 40 categories on the embedded engine (or MONGODB_URI), then the
// p50/p95 latency of search, category listing and filtered products through the API (the catalog cache is
// off, so every call reaches the database). With MONGODB_URI set it also prints MongoDB's explain output.
//   SCALE_PRODUCTS=50000 SCALE_CATEGORIES=40 SCALE_SAMPLES=60 npm run bench:scale [-- --no-doc] [-- --only TEXT]
// (--only keeps the queries whose label contains TEXT, e.g. `--only search`; implies --no-doc.)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_MAIN, API_NODE_FLAGS } from '../api-process.mjs';
import { clearRedisPrefix, freePort, log, machine, machineLine, root, writeDocSection } from './shop.mjs';

const require = createRequire(import.meta.url);
const { MongoClient, ObjectId } = require('mongodb');

const PRODUCTS = Number(process.env.SCALE_PRODUCTS ?? 50_000);
const CATEGORIES = Number(process.env.SCALE_CATEGORIES ?? 40);
const SAMPLES = Number(process.env.SCALE_SAMPLES ?? 60);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '') : undefined;
const noDoc = process.argv.includes('--no-doc') || only !== undefined;

/** The words generated product names are made of (shared with bench-search.ts). */
const { nouns: NOUNS, adjectives: ADJECTIVES, colours } = require('./catalog-words.json');
const COLOURS = colours.map((c) => c.toLowerCase());
const BRANDS = Array.from({ length: 30 }, (_, i) => `Brand ${String.fromCharCode(65 + (i % 26))}${i}`);
const CATEGORY_NAMES = [
  'Tops',
  'Shirts',
  'T-shirts',
  'Knitwear',
  'Hoodies',
  'Jackets',
  'Coats',
  'Dresses',
  'Skirts',
  'Jeans',
  'Trousers',
  'Shorts',
  'Suits',
  'Blazers',
  'Activewear',
  'Swimwear',
  'Sleepwear',
  'Underwear',
  'Socks',
  'Shoes',
  'Boots',
  'Sneakers',
  'Sandals',
  'Bags',
  'Backpacks',
  'Wallets',
  'Belts',
  'Hats',
  'Scarves',
  'Gloves',
  'Sunglasses',
  'Watches',
  'Jewellery',
  'Ties',
  'Kids',
  'Baby',
  'Maternity',
  'Plus size',
  'Outlet',
  'Gifts',
];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function products(categoryIds, count) {
  const random = rng(42);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const now = Date.now();
  const docs = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${pick(ADJECTIVES)} ${pick(COLOURS)} ${pick(NOUNS)} ${i}`;
    const priceCents = 500 + Math.floor(random() * 49_500);
    const sale = random() < 0.15;
    const numReviews = Math.floor(random() * 20);
    const rating = numReviews ? Math.round((1 + random() * 4) * 10) / 10 : 0;
    const stock = Math.floor(random() * 200);
    const created = new Date(now - Math.floor(random() * 365 * 24 * 3600 * 1000));
    docs.push({
      _id: new ObjectId(),
      name,
      slug: `${name.replace(/\s+/g, '-')}-${i}`,
      description: `A ${name} for every day: ${pick(ADJECTIVES)} fabric, ${pick(COLOURS)} trim, made to last. Machine washable; true to size.`,
      priceCents,
      ...(sale ? { compareAtPriceCents: priceCents + 1000 } : {}),
      onSale: sale,
      category: categoryIds[i % categoryIds.length],
      brand: pick(BRANDS),
      quantity: stock,
      countInStock: stock,
      image: `/api/images/${'0'.repeat(24)}`,
      additionalImages: [],
      specifications: {},
      rating,
      numReviews,
      ratingTotal: Math.round(rating * numReviews),
      reviews: [],
      isSpecial: random() < 0.001,
      status: random() < 0.95 ? 'published' : 'pending',
      variants: [],
      stockHolds: [],
      createdAt: created,
      updatedAt: created,
      __v: 0,
    });
  }
  return docs;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(label, make, concurrency = 1) {
  if (only !== undefined && !label.includes(only)) return undefined;
  const times = [];
  let failures = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (i < SAMPLES * concurrency) {
        const k = i++;
        const { url, init } = make(k);
        const started = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (!response.ok) failures += 1;
      }
    }),
  );
  return { label, concurrency, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), failures, n: times.length };
}

async function main() {
  const facts = machine();
  log(machineLine(facts));
  const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const children = [];
  const dataDir = mkdtempSync(join(os.tmpdir(), 'shop-scale-'));
  const redisPrefix = `scale-${randomBytes(4).toString('hex')}`;
  let uri = process.env.MONGODB_URI;
  const realMongo = Boolean(uri);
  const dbName = `shop_scale_${randomBytes(3).toString('hex')}`;
  try {
    if (!uri) {
      const port = await freePort();
      const engine = spawn(process.execPath, [join(root, 'dist/libs/embedded-mongo/cli.js'), '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(engine);
      await new Promise((resolve) => engine.stdout.on('data', (c) => /listening on/.test(c.toString()) && resolve()));
      uri = `mongodb://127.0.0.1:${port}`;
    }
    const client = await MongoClient.connect(uri);
    const db = client.db(dbName);
    let started = Date.now();
    const categoryDocs = CATEGORY_NAMES.slice(0, CATEGORIES).map((name) => ({
      _id: new ObjectId(),
      name,
      nameKey: name.toLowerCase(),
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      createdAt: new Date(),
      updatedAt: new Date(),
      __v: 0,
    }));
    await db.collection('categories').insertMany(categoryDocs);
    const all = products(
      categoryDocs.map((c) => c._id),
      PRODUCTS,
    );
    for (let i = 0; i < all.length; i += 5000) await db.collection('products').insertMany(all.slice(i, i + 5000), { ordered: false });
    const fillSeconds = (Date.now() - started) / 1000;
    log(`inserted ${PRODUCTS} products in ${CATEGORIES} categories in ${fillSeconds.toFixed(1)} s`);

    // The API (built, started as npm start starts it) with the catalog cache off: every call reaches the database.
    const apiPort = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MONGODB_URI: uri,
      MONGODB_DB: dbName,
      REDIS_PREFIX: redisPrefix,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DEFAULT: '100000000',
      CATALOG_CACHE_TTL_MS: '0',
    };
    started = Date.now();
    const api = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(api);
    const url = `http://127.0.0.1:${apiPort}`;
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${url}/api/health/ready`)).ok) break;
      } catch {
        // starting
      }
      if (i > 600) throw new Error('the API did not start');
      await sleep(250);
    }
    // mongoose builds the schema indexes at boot (autoIndex): wait until they exist.
    for (let i = 0; i < 600; i += 1) {
      const names = (await db.collection('products').indexes()).map((x) => x.name);
      if (names.length >= 9) break;
      await sleep(250);
    }
    const indexSeconds = (Date.now() - started) / 1000;
    log(`API up with indexes in ${indexSeconds.toFixed(1)} s`);

    const cats = categoryDocs.map((c) => String(c._id));
    // Every search call uses a term of its own (words, brands, category names, pairs, a miss): the search keeps
    // recent answers, and a repeated term would measure that memory instead of the search.
    const terms = [
      ...ADJECTIVES,
      ...COLOURS,
      ...NOUNS,
      ...BRANDS,
      ...CATEGORY_NAMES,
      'zzz-nothing',
      ...ADJECTIVES.map((a, i) => `${a} ${COLOURS[i % COLOURS.length]}`),
    ];
    const results = [];
    for (const [round, concurrency] of [1, 10].entries()) {
      const offset = round * SAMPLES;
      results.push(
        await measure(
          'search: GET /api/products?search=…',
          (k) => ({ url: `${url}/api/products?search=${encodeURIComponent(terms[(offset + k) % terms.length])}&page=${1 + (k % 3)}` }),
          concurrency,
        ),
      );
      results.push(
        await measure(
          'search with facets: GET /api/search?q=…',
          (k) => ({ url: `${url}/api/search?q=${encodeURIComponent(terms[(offset + k) % terms.length])}&page=${1 + (k % 3)}` }),
          concurrency,
        ),
      );
      results.push(
        await measure(
          'category listing: GET /api/products?category=…&page=…',
          (k) => ({ url: `${url}/api/products?category=${cats[k % cats.length]}&page=${1 + (k % 5)}` }),
          concurrency,
        ),
      );
      results.push(
        await measure(
          'category page: GET /api/category/{id}/products',
          (k) => ({ url: `${url}/api/category/${cats[k % cats.length]}/products?page=${1 + (k % 3)}&pageSize=24` }),
          concurrency,
        ),
      );
      // One page of 12 (pages 1 to 4 here), as the spec's call is made with paging; without a page it answers up to 500.
      const filters = (k) => ({ checked: [cats[k % cats.length], cats[(k + 7) % cats.length]], radio: [20 + (k % 5) * 10, 60 + (k % 5) * 10] });
      const post = (body) => ({
        url: `${url}/api/products/filtered-products`,
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      });
      results.push(
        await measure(
          'filtered products, one page: POST /api/products/filtered-products {checked, radio, page, pageSize: 12}',
          (k) => post({ ...filters(k), page: 1 + (k % 4), pageSize: 12 }),
          concurrency,
        ),
      );
      results.push(
        await measure(
          'filtered products, whole list (up to 500): POST /api/products/filtered-products {checked, radio}',
          (k) => post(filters(k)),
          concurrency,
        ),
      );
    }

    let explain = '';
    if (realMongo) {
      const c0 = categoryDocs[0]._id;
      const plans = {
        'category listing': db
          .collection('products')
          .find({ status: { $in: ['published'] }, category: { $in: [c0] } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(24),
        'filtered products': db
          .collection('products')
          .find({ status: { $in: ['published'] }, category: { $in: [c0] }, priceCents: { $gte: 2000, $lte: 6000 } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(500),
        'newest / default list': db
          .collection('products')
          .find({ status: { $in: ['published'] } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(24),
        'top rated': db
          .collection('products')
          .find({ status: { $in: ['published'] } })
          .sort({ rating: -1, _id: -1 })
          .limit(4),
      };
      for (const [name, cursor] of Object.entries(plans)) {
        const plan = await cursor.explain('executionStats');
        const winning = JSON.stringify(plan.queryPlanner.winningPlan).match(/"indexName":"([^"]+)"/g) ?? ['COLLSCAN'];
        explain += `| ${name} | ${winning.join(', ')} | ${plan.executionStats.totalKeysExamined} | ${plan.executionStats.totalDocsExamined} | ${plan.executionStats.nReturned} |\n`;
      }
    }
    await client.close();

    const table = [
      '| query | concurrency | p50 | p95 | max | target p95 ≤ 100 ms | errors |',
      '|---|---:|---:|---:|---:|---|---:|',
      ...results
        .filter(Boolean)
        .map(
          (r) =>
            `| ${r.label} | ${r.concurrency} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(0)} ms | ${r.p95 <= 100 ? 'yes' : '**no**'} | ${r.failures} |`,
        ),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    if (explain) process.stdout.write(`\n${explain}`);
    if (!noDoc) {
      const heading = `**Run** — ${machineLine(facts)}; ${realMongo ? 'MongoDB at MONGODB_URI' : 'embedded engine (in memory, its own process)'}; ${PRODUCTS} products in ${CATEGORIES} categories inserted in ${fillSeconds.toFixed(1)} s, API up with its indexes in ${indexSeconds.toFixed(1)} s; ${SAMPLES} calls per query and concurrency, catalog cache off.`;
      const explainTable = explain
        ? `\n\nexplain (executionStats) on MongoDB:\n\n| query | index used | keys examined | docs examined | returned |\n|---|---|---:|---:|---:|\n${explain}`
        : '';
      log(`wrote ${writeDocSection(realMongo ? 'scale-mongodb' : 'scale', `${heading}\n\n${table}${explainTable}`)}`);
    }
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
    await sleep(500);
    clearRedisPrefix(redisPrefix);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`[bench:scale] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
