/* Benchmark: `npm run bench:db` (BENCH_DOCS=50000 to change the catalogue size, BENCH_DISK=0 to skip the dbPath run). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const BRANDS = ['Northwind', 'Arbor', 'Kestrel', 'Lumen', 'Orchid', 'Tidewater', 'Fable', 'Quarry'];
const WORDS = ['linen', 'cotton', 'wool', 'shirt', 'dress', 'scarf', 'jacket', 'denim', 'silk', 'classic', 'summer', 'slim', 'relaxed'];

function pick<T>(xs: T[], i: number): T {
  return xs[i % xs.length];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeQueries(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function run(label: string, dbPath?: string): Promise<Array<[string, string]>> {
  const server = await startEmbeddedMongo({ dbPath });
  const client = await MongoClient.connect(server.uri);
  const rows: Array<[string, string]> = [];
  try {
    const products = client.db('bench').collection('products');
    await products.createIndex({ category: 1, price: 1 });
    await products.createIndex({ brand: 1 });
    const categories = Array.from({ length: 20 }, () => new ObjectId());
    const docs = Array.from({ length: DOCS }, (_, i) => ({
      name: `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(BRANDS, i)} #${i}`,
      description: `A ${pick(WORDS, i + 1)} piece from our ${pick(WORDS, i + 5)} line. `.repeat(3),
      price: Math.round((5 + ((i * 7919) % 29500) / 100) * 100) / 100,
      category: pick(categories, i * 13),
      brand: pick(BRANDS, i * 3),
      countInStock: i % 40,
      rating: (i % 50) / 10,
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    let t = Date.now();
    for (let i = 0; i < docs.length; i += 500) await products.insertMany(docs.slice(i, i + 500));
    const batchMs = Date.now() - t;
    rows.push([`${label}: insertMany x${DOCS} (batches of 500)`, `${Math.round(DOCS / (batchMs / 1000)).toLocaleString()} docs/s`]);

    const singles = Math.min(2000, DOCS);
    t = Date.now();
    const extra = client.db('bench').collection('singles');
    for (let i = 0; i < singles; i++) await extra.insertOne({ i, at: new Date() });
    rows.push([
      `${label}: insertOne x${singles} (sequential, acknowledged)`,
      `${Math.round(singles / ((Date.now() - t) / 1000)).toLocaleString()} docs/s`,
    ]);

    const ids = (
      await products
        .find({}, { projection: { _id: 1 } })
        .limit(2000)
        .toArray()
    ).map((d) => d._id);
    t = Date.now();
    const reads = 3000;
    for (let i = 0; i < reads; i++) await products.findOne({ _id: ids[i % ids.length] });
    rows.push([`${label}: findOne by _id x${reads}`, `${Math.round(reads / ((Date.now() - t) / 1000)).toLocaleString()} reads/s`]);

    const f = await timeQueries(QUERIES, (i) =>
      products
        .find({ category: pick(categories, i), price: { $gte: 20, $lte: 200 } })
        .sort({ price: 1 })
        .limit(12)
        .toArray(),
    );
    rows.push([
      `${label}: category + price range + sort + limit 12`,
      `p50 ${f.p50.toFixed(2)} / p95 ${f.p95.toFixed(2)} / p99 ${f.p99.toFixed(2)} ms`,
    ]);

    const r = await timeQueries(QUERIES, (i) =>
      products
        .find({ name: { $regex: pick(WORDS, i), $options: 'i' }, countInStock: { $gt: 0 } })
        .sort({ createdAt: -1 })
        .limit(12)
        .toArray(),
    );
    rows.push([
      `${label}: case-insensitive regex name search + limit 12`,
      `p50 ${r.p50.toFixed(2)} / p95 ${r.p95.toFixed(2)} / p99 ${r.p99.toFixed(2)} ms`,
    ]);

    const c = await timeQueries(Math.min(QUERIES, 50), (i) => products.countDocuments({ brand: pick(BRANDS, i), price: { $lt: 100 } }));
    rows.push([`${label}: countDocuments brand + price`, `p50 ${c.p50.toFixed(2)} / p95 ${c.p95.toFixed(2)} / p99 ${c.p99.toFixed(2)} ms`]);
  } finally {
    await client.close();
    await server.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const rows = await run('memory');
  if (process.env.BENCH_DISK !== '0') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emb-mongo-bench-'));
    try {
      rows.push(...(await run('disk', dir)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write(`embedded-mongo benchmark (${DOCS.toLocaleString()} products, node ${process.version})\n`);
  process.stdout.write(`${'measure'.padEnd(w)} | result\n${'-'.repeat(w)}-+-${'-'.repeat(40)}\n`);
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(w)} | ${v}\n`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
