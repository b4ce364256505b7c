// `npm run bench:search`: the main-thread CPU of one search answer (text, facets, sort, one page of cards) and the
// index's memory, at the demo catalogue's size and at 50,000 products. It runs the search itself in this process,
// without HTTP, so the number is the search's own cost; `npm run bench:scale` measures the call through the API.
//   SEARCH_PRODUCTS=50000 SEARCH_SAMPLES=2000 npm run bench:search [-- --no-doc]
import { Types } from 'mongoose';
import { demoSearchRecords } from '../../test/support/demo-search-records';
import { SearchCatalogue, type SearchFilters, type SearchRecord, type SearchSort } from '../../apps/api/src/search/search-catalogue';
import { toProductCard } from '../../apps/api/src/search/search.service';
import { DEFAULT_SYNONYMS } from '../../apps/api/src/search/search-text';
import WORDS from './catalog-words.json';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shop = require('./shop.mjs') as {
  machine(): unknown;
  machineLine(m: unknown): string;
  writeDocSection(name: string, markdown: string): string;
  log(line: string): void;
};

const LARGE = Number(process.env.SEARCH_PRODUCTS ?? 50_000);
const SAMPLES = Number(process.env.SEARCH_SAMPLES ?? 2_000);
const noDoc = process.argv.includes('--no-doc');
/** What each answer may cost: the issue's targets. */
const TARGET_MS = { demo: 0.5, large: 5 };

/** The words generated product names are made of (shared with bench-scale.mjs). */
const { nouns: NOUNS, adjectives: ADJECTIVES, colours: COLOURS } = WORDS;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const BRANDS = Array.from({ length: 30 }, (_, i) => `Brand ${String.fromCharCode(65 + (i % 26))}${i}`);

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Products like bench:scale's: a name of adjective, colour and noun, a brand of 30, 40 categories, sizes × colours. */
function generated(count: number): SearchRecord[] {
  const random = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const categories = Array.from({ length: 40 }, (_, i) => ({ _id: new Types.ObjectId(), name: `Category ${i}` }));
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const colour = pick(COLOURS);
    const noun = pick(NOUNS);
    const name = `${pick(ADJECTIVES)} ${colour.toLowerCase()} ${noun} ${i}`;
    const created = new Date(now - Math.floor(random() * 365 * 86_400_000));
    const variants = SIZES.map((size) => ({ sku: `${i}-${size}`, size, colour, countInStock: Math.floor(random() * 6) }));
    return {
      _id: new Types.ObjectId(),
      name,
      slug: `p-${i}`,
      description: `A ${name} for every day: ${pick(ADJECTIVES)} fabric, ${pick(COLOURS).toLowerCase()} trim, made to last. Machine washable; true to size.`,
      priceCents: 500 + Math.floor(random() * 49_500),
      compareAtPriceCents: null,
      category: pick(categories),
      brand: pick(BRANDS),
      quantity: 0,
      countInStock: variants.reduce((sum, v) => sum + v.countInStock, 0),
      image: `/api/images/${i}`,
      additionalImages: [],
      specifications: { Material: pick(ADJECTIVES) },
      rating: Math.round(random() * 50) / 10,
      numReviews: Math.floor(random() * 20),
      isSpecial: false,
      status: 'published',
      owner: null,
      variants,
      revision: 0,
      createdAt: created,
      updatedAt: created,
    };
  });
}

/** The queries a run cycles through: words, pairs, prefixes, typos, synonyms, misses, and facet filters. */
function workload(records: SearchRecord[]): Array<{ filters: SearchFilters; sort: SearchSort }> {
  const words = [...new Set(records.flatMap((r) => r.name.toLowerCase().split(/\s+/)).filter((w) => /^[a-z]{3,}$/.test(w)))];
  const random = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const typo = (w: string) => (w.length >= 4 ? w.slice(0, 1) + w.slice(2) : w);
  const brand = records[0].brand;
  const out: Array<{ filters: SearchFilters; sort: SearchSort }> = [];
  for (let i = 0; i < 200; i += 1) {
    const a = pick(words);
    const b = pick(words);
    const q = [a, `${a} ${b}`, a.slice(0, 3), typo(a), 'tshirt', 'qzxv nothing', `${typo(a)} ${b}`][i % 7];
    const filters: SearchFilters = { q, statuses: ['published'] };
    if (i % 4 === 1) filters.sizes = ['M'];
    if (i % 5 === 2) filters.inStock = true;
    if (i % 6 === 3) filters.brands = [brand];
    if (i % 7 === 4) Object.assign(filters, { minPriceCents: 2500, maxPriceCents: 10000 });
    out.push({ filters, sort: i % 3 === 0 ? 'price_asc' : 'relevance' });
  }
  // Browsing without text: every product is a candidate.
  out.push({ filters: { statuses: ['published'], sizes: ['L'] }, sort: 'newest' });
  return out;
}

function heapMiB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 ** 2;
}

function measure(
  label: string,
  records: SearchRecord[],
): { label: string; products: number; buildMs: number; indexMiB: number; cpuMs: number; p50: number; p99: number; answers: number } {
  const before = heapMiB();
  const started = process.hrtime.bigint();
  // No answer cache: every answer is searched for (the API keeps the last 200 answers until the catalogue changes).
  const catalogue = new SearchCatalogue(0);
  catalogue.rebuild(records);
  catalogue.setSynonyms(DEFAULT_SYNONYMS);
  const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  const indexMiB = heapMiB() - before;
  const queries = workload(records);
  // Warm-up: the JIT compiles the search before it is measured.
  for (let i = 0; i < Math.min(200, SAMPLES); i += 1) catalogue.search(queries[i % queries.length].filters, queries[i % queries.length].sort, 0, 12);
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < SAMPLES; i += 1) {
    const { filters, sort } = queries[i % queries.length];
    const t = process.hrtime.bigint();
    const answer = catalogue.search(filters, sort, 0, 12);
    // The answer as the API sends it: the page's cards (and popular products when nothing matched).
    answer.records.map(toProductCard);
    if (answer.total === 0) catalogue.popular(8).map(toProductCard);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  times.sort((x, y) => x - y);
  return {
    label,
    products: records.length,
    buildMs,
    indexMiB,
    cpuMs: (used.user + used.system) / 1000 / SAMPLES,
    p50: times[Math.floor(times.length * 0.5)],
    p99: times[Math.floor(times.length * 0.99)],
    answers: SAMPLES,
  };
}

function main(): void {
  const facts = shop.machine();
  const rows = [measure('demo catalogue', demoSearchRecords()), measure(`${LARGE.toLocaleString('en')} products`, generated(LARGE))];
  const table = [
    '| catalogue | products | index built in | index memory (heap) | CPU per answer | p50 | p99 | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map((r, i) => {
      const target = i === 0 ? TARGET_MS.demo : TARGET_MS.large;
      return `| ${r.label} | ${r.products.toLocaleString('en')} | ${r.buildMs.toFixed(0)} ms | ${r.indexMiB.toFixed(1)} MiB | ${r.cpuMs.toFixed(3)} ms | ${r.p50.toFixed(3)} ms | ${r.p99.toFixed(3)} ms | ≤ ${target} ms CPU | ${r.cpuMs <= target ? 'yes' : '**no**'} |`;
    }),
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  if (!noDoc) {
    const heading = `**Run** — ${shop.machineLine(facts)}; ${SAMPLES} answers per catalogue (words, pairs, prefixes, typos, synonyms, misses; a quarter with a size, some in stock, by brand or by price; a third sorted by price), each with facets and a page of 12 cards.`;
    shop.log(`wrote ${shop.writeDocSection('search', `${heading}\n\n${table}`)}`);
  }
}

main();
