import { ObjectId } from 'bson';
import { Query } from 'mingo';
import type { Doc } from '../src/bson-util';
import { compileFastFilter } from '../src/query/fast-match';
import { MINGO_OPTIONS, compileFilter, sortDocs, topDocs } from '../src/query/matcher';
import { rng } from './helpers';

// The compiled filters must answer exactly like mingo (the engine's reference matcher) on every document.

const ids = [new ObjectId('aaaaaaaaaaaaaaaaaaaaaaaa'), new ObjectId('bbbbbbbbbbbbbbbbbbbbbbbb'), new ObjectId('cccccccccccccccccccccccc')];
const days = [new Date('2026-01-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z')];
const words = ['Linen Shirt', 'wool coat', 'Navy linen scarf', 'cotton tee', '', 'LINEN'];

function documents(count: number): Doc[] {
  const random = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const doc: Doc = { _id: new ObjectId() };
    const shape = random();
    if (shape < 0.12) doc.n = null;
    else if (shape < 0.15) doc.n = [3, null];
    else if (shape < 0.3) doc.n = [1, 5, 9].slice(0, 1 + Math.floor(random() * 3));
    else if (shape < 0.4) doc.n = String(Math.floor(random() * 10));
    else if (shape < 0.9) doc.n = Math.floor(random() * 10) + (random() < 0.3 ? 0.5 : 0);
    if (random() < 0.9) doc.s = pick(words);
    if (random() < 0.8) doc.d = pick(days);
    if (random() < 0.8) doc.o = random() < 0.1 ? [pick(ids), pick(ids)] : pick(ids);
    if (random() < 0.7) doc.tags = random() < 0.1 ? [] : [pick(['a', 'b', 'c']), pick(['b', 'c', 'd'])];
    if (random() < 0.6) doc.sub = random() < 0.5 ? { x: Math.floor(random() * 4), y: pick(words) } : [{ x: 1 }, random() < 0.5 ? { x: Math.floor(random() * 4) } : { x: 1, y: null }, 'loose'];
    if (random() < 0.5) doc.flag = random() < 0.5;
    docs.push(doc);
  }
  return docs;
}

const FILTERS: Doc[] = [
  { n: 5 },
  { n: 5.5 },
  { n: '5' },
  { n: { $eq: 1 } },
  { n: { $ne: 5 } },
  { n: { $gt: 4 } },
  { n: { $gte: 5, $lt: 8 } },
  { n: { $lte: 1 } },
  { n: { $gt: 2, $lte: 9 } },
  { n: { $gte: 4.5 } },
  { n: { $lt: 5, $gte: 1, $gt: 1 } },
  { n: { $in: [1, 2, '3'] } },
  { n: { $nin: [1, 5] } },
  { s: 'wool coat' },
  { s: /linen/i },
  { s: /^linen/ },
  { s: { $regex: 'LINEN', $options: 'i' } },
  { s: { $regex: 'linen' } },
  { s: { $in: [/shirt/i, 'cotton tee'] } },
  { s: { $nin: ['', 'LINEN'] } },
  { s: { $in: ['wool coat', 'LINEN'] } },
  { s: { $in: ['wool coat', 5] } },
  { n: { $in: ['5', '7'] } },
  { d: days[1] },
  { d: { $gte: days[1] } },
  { d: { $lt: days[2], $gt: days[0] } },
  { o: ids[0] },
  { o: { $in: [ids[1], ids[2]] } },
  { o: { $ne: ids[2] } },
  { tags: 'b' },
  { tags: { $in: ['a', 'd'] } },
  { tags: 'd', o: { $in: [ids[0], ids[2]] } },
  { o: { $in: [ids[1], 'bbbbbbbbbbbbbbbbbbbbbbbb'] } },
  { tags: { $nin: ['c'] } },
  { tags: { $ne: 'a' } },
  { 'sub.x': 1 },
  { 'sub.x': { $gt: 1 } },
  { 'sub.y': /coat/ },
  { flag: true },
  { flag: { $ne: false } },
  { $or: [{ s: /linen/i }, { tags: 'd' }, { o: { $in: [ids[0]] } }] },
  { $and: [{ n: { $gte: 1 } }, { $or: [{ s: /tee/ }, { flag: true }] }] },
  { $nor: [{ n: 5 }, { flag: true }] },
  { n: { $in: [1, 5] }, s: /linen/i, d: { $gte: days[0] } },
  { n: null },
  { n: { $eq: null } },
  { n: { $ne: null } },
  { n: { $exists: false } },
  { sub: { $exists: true } },
  { n: { $not: { $gt: 4 } } },
  { tags: { $not: { $in: ['a'] } } },
  { sub: { $elemMatch: { x: { $gt: 2 } } } },
  { sub: { $elemMatch: { x: 1, y: null } } },
  { sub: { $not: { $elemMatch: { x: 1 } } } },
  { o: ids[0], sub: { $elemMatch: { x: { $lte: 2 } } } },
  { $or: [{ n: null }, { s: /coat/ }] },
  // Left to mingo, wholly or in part.
  { 'sub.x': null },
  { n: { $exists: 1 } },
  { tags: { $elemMatch: { $eq: 'a' } } },
  { sub: { $elemMatch: {} } },
  { n: { $not: /5/ } },
  { tags: ['a', 'b'] },
  { sub: { x: 1, y: 'wool coat' } },
  { tags: { $size: 2 } },
  { n: { $gt: 2, $type: 'number' } },
  { $expr: { $gt: ['$n', 3] } },
];

describe('compiled filters', () => {
  const docs = documents(600);

  it.each(FILTERS.map((f) => [JSON.stringify(f, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)), f] as const))('%s matches exactly what mingo matches', (_name, filter) => {
    const reference = new Query(filter, MINGO_OPTIONS);
    const compiled = compileFilter(filter);
    const expected = docs.filter((d) => reference.test(d)).map((d) => String(d._id));
    const actual = docs.filter((d) => compiled.test(d)).map((d) => String(d._id));
    expect(actual).toEqual(expected);
  });

  it('compiles the shapes the shop sends, and leaves the rest to mingo', () => {
    const search = { status: { $in: ['published'] }, $and: [{ $or: [{ name: /linen/i }, { brand: /linen/i }, { description: /linen/i }, { category: { $in: ids } }] }] };
    expect(compileFastFilter(search).rest).toEqual({});
    const listing = { status: { $in: ['published'] }, category: { $in: [ids[0]] }, priceCents: { $gte: 100, $lte: 5000 } };
    expect(compileFastFilter(listing).rest).toEqual({});
    const line = { product: ids[0], variantSku: null };
    const cartWrites = [{ user: ids[1], items: { $elemMatch: { ...line, quantity: { $lte: 98 } } } }, { user: ids[1], items: { $not: { $elemMatch: line } } }];
    for (const filter of cartWrites) expect(compileFastFilter(filter).rest).toEqual({});
    expect(Object.keys(compileFastFilter({ 'sub.x': null, s: 'x', $expr: { $gt: ['$n', 1] } }).rest)).toEqual(['sub.x', '$expr']);
  });

  it('still rejects unknown operators, even beside compiled ones', () => {
    expect(() => compileFilter({ n: { $gt: 1, $bogus: 2 } })).toThrow(/\$bogus/);
    expect(() => compileFilter({ s: 'x', $or: [{ n: { $bogus: 1 } }] })).toThrow(/\$bogus/);
  });
});

describe('top of a sort', () => {
  const docs = documents(600);
  // n and d mix numbers or dates with nulls, strings, arrays and missing fields, and repeat values: the early
  // rejection on a number or date key must leave ties and other types to the full comparison.
  const specs: Doc[] = [{ n: 1 }, { n: -1, _id: 1 }, { d: -1 }, { d: 1, _id: -1 }, { d: -1, n: 1 }, { s: 1, n: -1 }, { 'sub.x': -1 }, { flag: 1 }];

  it.each(specs.map((spec) => [JSON.stringify(spec), spec] as const))('the first k of %s are those of the full, stable sort', (_name, spec) => {
    for (const k of [1, 5, 24, 70]) {
      expect(topDocs(docs, spec, k).map((d) => String(d._id))).toEqual(sortDocs(docs, spec).slice(0, k).map((d) => String(d._id)));
    }
  });
});
