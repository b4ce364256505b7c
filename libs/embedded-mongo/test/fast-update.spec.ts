import { ObjectId } from 'bson';
import { update as mingoUpdate } from 'mingo';
import type { Modifier } from 'mingo/updater';
import { canonKey, cloneDoc, type Doc } from '../src/bson-util';
import { applyFastUpdate } from '../src/query/fast-update';
import { MINGO_OPTIONS, compileFilter } from '../src/query/matcher';
import { applyUpdate } from '../src/query/update';
import { rng } from './helpers';

// The native updates must leave every document exactly as mingo's updater (the engine's reference) does,
// report the same "modified", and hand back to mingo (undefined) whatever mingo refuses.

const ids = [new ObjectId('aaaaaaaaaaaaaaaaaaaaaaaa'), new ObjectId('bbbbbbbbbbbbbbbbbbbbbbbb'), new ObjectId('cccccccccccccccccccccccc')];
const at = new Date('2026-11-21T00:00:00Z');

const DOCS: Doc[] = [
  { _id: ids[0], user: ids[1], items: [{ product: ids[1], quantity: 2 }, { product: ids[2], variantSku: 'M', quantity: 1 }, { product: ids[2], variantSku: 'L', quantity: 98 }], updatedAt: at },
  { _id: ids[1], user: ids[2], items: [] },
  { _id: ids[2], user: ids[0] },
  {
    _id: ids[0],
    name: 'Storm coat',
    countInStock: 12,
    quantity: 12,
    status: 'published',
    variants: [{ sku: 'M', size: 'M', countInStock: 5 }, { sku: 'L', size: 'L', countInStock: 7 }],
    stockHolds: [{ order: ids[1], quantity: 2, at }, { order: ids[2], quantity: 1, variantSku: 'M', at }],
    restockMarks: ['a:0'],
    specifications: { fabric: 'wool' },
    tags: ['a', 'b', 'a'],
    n: 'text',
    nothing: null,
    nested: { deep: { x: 1 }, list: [1, 2] },
  },
  { _id: ids[1], pendingMails: ['confirmation', 'status:paid'], likes: [ids[0], ids[1]], count: 1.5, releaseMarks: [] },
  { _id: ids[2], values: [1, 5, 9, [1], { v: 1 }, null], scores: [3, 8, 2] },
];

interface Case {
  name: string;
  u: Doc;
  filter?: Doc;
  /** The shop sends this shape: the fast path must take it (for the documents it fits). */
  hot?: boolean;
}

const CASES: Case[] = [
  { name: 'cart: raise a line', u: { $inc: { 'items.$.quantity': 1 }, $set: { updatedAt: at } }, filter: { user: ids[1], items: { $elemMatch: { product: ids[2], variantSku: 'M', quantity: { $lte: 97 } } } }, hot: true },
  { name: 'cart: raise a line without variant', u: { $inc: { 'items.$.quantity': 3 } }, filter: { user: ids[1], items: { $elemMatch: { product: ids[1], variantSku: null, quantity: { $lte: 96 } } } }, hot: true },
  { name: 'cart: set a line', u: { $set: { 'items.$.quantity': 4, updatedAt: at } }, filter: { user: ids[1], items: { $elemMatch: { product: ids[2], variantSku: 'L' } } }, hot: true },
  { name: 'cart: push a line', u: { $push: { items: { product: ids[0], quantity: 1 } }, $set: { updatedAt: at } }, filter: { user: ids[1], items: { $not: { $elemMatch: { product: ids[0], variantSku: null } } } }, hot: true },
  { name: 'cart: pull lines', u: { $pull: { items: { product: ids[2] } } }, filter: { user: ids[1], items: { $elemMatch: { product: ids[2] } } }, hot: true },
  { name: 'cart: pull one variant', u: { $pull: { items: { product: ids[2], variantSku: 'L' } } }, filter: {}, hot: true },
  { name: 'cart: empty', u: { $set: { items: [], updatedAt: at } }, hot: true },
  { name: 'stock: take with a hold', u: { $inc: { countInStock: -2, quantity: -2 }, $push: { stockHolds: { order: ids[0], quantity: 2, at } }, $set: { updatedAt: at } }, hot: true },
  { name: 'stock: take a variant', u: { $inc: { 'variants.$.countInStock': -1, countInStock: -1, quantity: -1 }, $push: { stockHolds: { order: ids[0], quantity: 1, variantSku: 'L', at } } }, filter: { _id: ids[0], variants: { $elemMatch: { sku: 'L', countInStock: { $gte: 1 } } } }, hot: true },
  { name: 'stock: put back a variant', u: { $inc: { 'variants.$.countInStock': 2, countInStock: 2 }, $push: { restockMarks: 'b:1' } }, filter: { _id: ids[0], restockMarks: { $ne: 'b:1' }, 'variants.sku': 'M' }, hot: true },
  { name: 'stock: drop holds', u: { $pull: { stockHolds: { order: ids[1] } } }, hot: true },
  { name: 'stock: drop marks', u: { $pull: { restockMarks: { $in: ['a:0', 'x'] } } }, hot: true },
  { name: 'order: mail queued', u: { $pull: { pendingMails: 'confirmation' } }, hot: true },
  { name: 'order: status', u: { $set: { status: 'paid', updatedAt: at }, $push: { statusHistory: { status: 'paid', at } }, $addToSet: { pendingMails: 'status:paid' } }, hot: true },
  { name: 'favourites: add', u: { $addToSet: { likes: ids[2] } }, hot: true },
  { name: 'favourites: add again', u: { $addToSet: { likes: ids[0] } }, hot: true },
  { name: 'favourites: remove', u: { $pull: { likes: ids[0] } }, hot: true },
  { name: 'product: unset', u: { $set: { status: 'approved' }, $unset: { rejectionNote: 1, nothing: '' } }, hot: true },
  { name: 'same value', u: { $set: { countInStock: 12, 'specifications.fabric': 'wool' } } },
  { name: 'inc by zero', u: { $inc: { countInStock: 0 } } },
  { name: 'inc a missing field', u: { $inc: { fresh: 0, 'made.up.path': 2 } } },
  { name: 'inc a fraction', u: { $inc: { count: 0.25 } } },
  { name: 'set deep', u: { $set: { 'nested.deep.y': [1, { z: 2 }], 'new.field': { a: 1 } } } },
  { name: 'set through null', u: { $set: { 'nothing.x': 1 } } },
  { name: 'set through a string', u: { $set: { 'n.x': 1 } } },
  { name: 'unset deep and missing', u: { $unset: { 'nested.deep.x': '', 'missing.path': '', 'nested.none': '' } } },
  { name: 'push each', u: { $push: { tags: { $each: ['c', 'a'] }, newList: 'x' } } },
  { name: 'push to a non-array', u: { $push: { n: 'x' } } },
  { name: 'push with slice', u: { $push: { tags: { $each: ['c'], $slice: -2 } } } },
  { name: 'addToSet each', u: { $addToSet: { tags: { $each: ['a', 'c', 'c'] }, fresh: { $each: [1, 1, 2] } } } },
  { name: 'addToSet a document', u: { $addToSet: { values: { v: 1 } } } },
  { name: 'pull a number', u: { $pull: { values: 1, scores: { $gte: 3 } } } },
  { name: 'pull null', u: { $pull: { values: null } } },
  { name: 'pull from a non-array', u: { $pull: { n: 'text' } } },
  { name: 'pull with a regex', u: { $pull: { tags: /a/ } } },
  { name: 'inc a string', u: { $inc: { n: 1 } } },
  { name: 'conflicting paths', u: { $set: { nested: {} }, $inc: { 'nested.deep.x': 1 } } },
  { name: 'array index', u: { $set: { 'variants.0.countInStock': 1 } } },
  { name: 'all positional', u: { $inc: { 'variants.$[].countInStock': 1 } } },
  { name: 'positional without a match', u: { $set: { 'items.$.quantity': 1 } }, filter: { items: { $elemMatch: { product: ids[0] } } } },
  { name: 'positional without a filter', u: { $set: { 'items.$.quantity': 1 } } },
  { name: 'other operators', u: { $mul: { countInStock: 2 }, $min: { quantity: 1 } } },
  { name: 'rename', u: { $rename: { n: 'm' } } },
  { name: 'set an operator-like value', u: { $set: { fresh: { $inc: 1 } } } },
];

/** Random documents and updates over the same few fields, for the randomised comparison. */
function randomRuns(count: number): Array<{ doc: Doc; u: Doc; filter: Doc }> {
  const random = rng(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const values: unknown[] = [0, 1, 2.5, -3, 'a', 'b', '', null, true, at, ids[0], ids[1], [], [1, 2], ['a'], { x: 1 }, { x: 2, y: 'a' }];
  const paths = ['n', 's', 'tags', 'sub', 'sub.x', 'sub.y', 'fresh', 'deep.a.b', 'items'];
  const runs: Array<{ doc: Doc; u: Doc; filter: Doc }> = [];
  for (let i = 0; i < count; i++) {
    const doc: Doc = { _id: ids[i % 3] };
    if (random() < 0.7) doc.n = pick([0, 1, 7.5, 'x', null, [1, 2]]);
    if (random() < 0.6) doc.s = pick(['a', 'b', '']);
    if (random() < 0.7) doc.tags = pick([[], ['a'], ['a', 'b', 'a'], [1, 'a', null], [{ x: 1 }, { x: 2 }], 'a']);
    if (random() < 0.6) doc.sub = pick([{ x: 1 }, { x: 2, y: 'a' }, null, 3, [{ x: 1 }]]);
    const items = Array.from({ length: Math.floor(random() * 4) }, (_, k) => ({ p: ids[k % 3], q: k + 1, ...(random() < 0.4 ? { v: pick(['M', 'L']) } : {}) }));
    if (random() < 0.8) doc.items = items;
    const u: Doc = {};
    const used = new Set<string>();
    for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
      const op = pick(['$set', '$unset', '$inc', '$push', '$addToSet', '$pull']);
      let path = pick(paths);
      if (path === 'items' && random() < 0.5) path = `items.$.${pick(['q', 'v', 'w'])}`;
      if (used.has(path)) continue;
      used.add(path);
      let arg: unknown = pick(values);
      if (op === '$inc') arg = pick([1, -2, 0, 0.5, 'a']);
      if (op === '$push' && random() < 0.3) arg = { $each: [pick(values), pick(values)] };
      if (op === '$pull' && random() < 0.3) arg = pick([{ $in: ['a', 1] }, { $gte: 1 }, { x: 1 }, { p: ids[1] }]);
      u[op] = { ...((u[op] as Doc | undefined) ?? {}), [path]: arg };
    }
    const filter: Doc = pick([{}, { items: { $elemMatch: { p: ids[1] } } }, { items: { $elemMatch: { p: ids[0], q: { $lte: 2 } } } }, { 'items.p': ids[2] }, { items: { $elemMatch: { v: null } } }]);
    runs.push({ doc, u, filter });
  }
  return runs;
}

/** mingo's answer: the document, whether it changed, or the error it raised. */
function reference(doc: Doc, u: Doc, filter: Doc): { doc?: Doc; modified?: boolean; error?: string } {
  const next = cloneDoc(doc);
  try {
    mingoUpdate(next, u as Modifier<Doc>, undefined, filter, { cloneMode: 'deep', queryOptions: MINGO_OPTIONS });
  } catch (e) {
    return { error: (e as Error).message };
  }
  return { doc: next, modified: canonKey(next) !== canonKey(doc) };
}

describe('native updates', () => {
  const runs = CASES.flatMap((c) => DOCS.map((doc, i) => [`${c.name} on document ${i}`, c, doc] as const));

  it.each(runs)('%s: same document and "modified" as mingo, or left to mingo', (_name, c, doc) => {
    const filter = c.filter ?? {};
    // The engine updates only documents its filter selected.
    if (!compileFilter(filter).test(doc)) return;
    const expected = reference(doc, c.u, filter);
    const next = cloneDoc(doc);
    const fast = applyFastUpdate(next, c.u, filter);
    if (fast === undefined) return;
    expect(expected.error).toBeUndefined();
    expect(canonKey(next)).toBe(canonKey(expected.doc));
    expect(fast).toBe(expected.modified);
  });

  it('agrees with mingo on 3,000 random documents and updates', () => {
    let native = 0;
    for (const { doc, u, filter } of randomRuns(3000)) {
      if (!compileFilter(filter).test(doc)) continue;
      const expected = reference(doc, u, filter);
      const next = cloneDoc(doc);
      const fast = applyFastUpdate(next, u, filter);
      if (fast === undefined) continue;
      native += 1;
      expect({ u, filter, doc, error: expected.error }).toEqual({ u, filter, doc, error: undefined });
      expect({ u, filter, doc, after: canonKey(next), modified: fast }).toEqual({ u, filter, doc, after: canonKey(expected.doc), modified: expected.modified });
    }
    expect(native).toBeGreaterThan(500);
  });

  it('answers most of these natively (the comparison above is not empty)', () => {
    const native = runs.filter(([, c, doc]) => compileFilter(c.filter ?? {}).test(doc) && applyFastUpdate(cloneDoc(doc), c.u, c.filter ?? {}) !== undefined);
    expect(native.length).toBeGreaterThan(runs.length / 2);
  });

  it('takes the shapes the shop sends (a write through them never reaches mingo)', () => {
    for (const c of CASES.filter((x) => x.hot)) {
      const fits = DOCS.filter((doc) => {
        if (!compileFilter(c.filter ?? {}).test(doc)) return false;
        const r = reference(doc, c.u, c.filter ?? {});
        return r.error === undefined && r.modified;
      });
      expect(fits.length).toBeGreaterThan(0);
      for (const doc of fits) expect([c.name, applyFastUpdate(cloneDoc(doc), c.u, c.filter ?? {})]).toEqual([c.name, true]);
    }
  });

  it('leaves to mingo what it does not do natively', () => {
    const left = ['push to a non-array', 'push with slice', 'addToSet each', 'pull with a regex', 'inc a string', 'conflicting paths', 'array index', 'all positional', 'positional without a match', 'other operators', 'rename', 'set through a string', 'set an operator-like value'];
    for (const name of left) {
      const c = CASES.find((x) => x.name === name) as Case;
      expect([name, applyFastUpdate(cloneDoc(DOCS[3]), c.u, c.filter ?? {})]).toEqual([name, undefined]);
    }
  });

  it('never changes the stored document, and answers through applyUpdate like before', () => {
    const stored = DOCS[3];
    const before = canonKey(stored);
    const taken = applyUpdate(stored, { $inc: { 'variants.$.countInStock': -1 } }, { variants: { $elemMatch: { sku: 'M' } } }, undefined, false);
    expect(canonKey(stored)).toBe(before);
    expect(taken.modified).toBe(true);
    expect((taken.doc.variants as Doc[]).map((v) => v.countInStock)).toEqual([4, 7]);
    const refused = () => applyUpdate(stored, { $inc: { n: 1 } }, {}, undefined, false);
    expect(canonKey(refused().doc)).toBe(before);
  });
});
