import { ObjectId } from 'bson';
import { find } from 'mingo';
import { canonKey, type Doc } from '../src/bson-util';
import { compileFastProjection } from '../src/query/fast-project';
import { MINGO_OPTIONS, projectDocs } from '../src/query/matcher';

// The native projections must give exactly mingo's documents (field order included), and leave the rest to it.

const at = new Date('2026-11-21T00:00:00Z');
const DOCS: Doc[] = [
  { _id: new ObjectId('aaaaaaaaaaaaaaaaaaaaaaaa'), name: 'Storm coat', image: '/i.jpg', priceCents: 12000, countInStock: 5, status: 'published', variants: [{ sku: 'M', countInStock: 2 }], reviews: [{ rating: 5 }], createdAt: at },
  { _id: 'text-id', status: 'pending', reviews: [], nested: { a: 1 }, nothing: null, Zeta: 1, alpha: 2 },
  { name: 'no id', countInStock: 0 },
  { _id: 7, variants: [], quantity: 3, name: 'last', image: null },
];

const PROJECTIONS: Doc[] = [
  { name: 1, image: 1, priceCents: 1, countInStock: 1, status: 1, variants: 1 },
  { _id: 1, quantity: 1 },
  { _id: 0, name: 1 },
  { name: true, missing: 1 },
  { reviews: 0 },
  { reviews: 0, nested: false },
  { _id: 0 },
  { _id: 0, reviews: 0 },
  { countInStock: 1, name: 1 },
  { alpha: 1, Zeta: 1, _id: 1, nothing: 1 },
  { Zeta: 0, _id: 0 },
];

const LEFT: Doc[] = [{ 'nested.a': 1 }, { reviews: { $slice: 1 } }, { name: 1, reviews: 0 }, { name: 2 }, { $expr: 1 }, { variants: { $elemMatch: { sku: 'M' } } }];

describe('native projections', () => {
  it.each(PROJECTIONS.map((p) => [JSON.stringify(p), p] as const))('%s gives mingo\'s documents', (_name, projection) => {
    const expected = find(DOCS, {}, projection, MINGO_OPTIONS).all() as Doc[];
    const fast = compileFastProjection(projection);
    expect(fast).toBeDefined();
    expect(DOCS.map((d) => canonKey((fast as (d: Doc) => Doc)(d)))).toEqual(expected.map((d) => canonKey(d)));
    expect(projectDocs(DOCS, projection).map((d) => canonKey(d))).toEqual(expected.map((d) => canonKey(d)));
  });

  it.each(LEFT.map((p) => [JSON.stringify(p), p] as const))('%s is left to mingo', (_name, projection) => {
    expect(compileFastProjection(projection)).toBeUndefined();
  });

  it('never changes the stored documents', () => {
    const before = DOCS.map((d) => canonKey(d));
    projectDocs(DOCS, { reviews: 0 });
    projectDocs(DOCS, { name: 1 });
    expect(DOCS.map((d) => canonKey(d))).toEqual(before);
  });
});
