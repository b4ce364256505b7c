import { Double, Int32, Long, ObjectId } from 'bson';
import { canonKey, idKeyOf, type Doc } from '../src/bson-util';
import { CommandError } from '../src/errors';
import { compileFilter, projectDocs, sortDocs } from '../src/query/matcher';
import { selectDocs } from '../src/query/select';
import { applyUpdate, validateUpdate } from '../src/query/update';
import { Collection } from '../src/storage/collection';

// MongoDB's documented query, update and projection semantics as the engine answers them (mingo plus the
// engine's own rules, decision 0033), with the answers written out by hand, and the clear errors for what the
// engine refuses.

const ids = [new ObjectId('aaaaaaaaaaaaaaaaaaaaaaaa'), new ObjectId('bbbbbbbbbbbbbbbbbbbbbbbb'), new ObjectId('cccccccccccccccccccccccc')];
const day = (d: number): Date => new Date(Date.UTC(2026, 0, d));

const DOCS: Doc[] = [
  { _id: 1, n: 5, s: 'Linen Shirt', tags: ['a', 'b'], o: ids[0], d: day(1), sub: { x: 1 } },
  { _id: 2, n: null, s: 'wool coat', tags: [], o: ids[1], d: day(10), sub: [{ x: 2 }, { x: 3, y: 'z' }] },
  { _id: 3, s: 'LINEN', tags: 'b', o: [ids[1], ids[2]], sub: [{ x: 1, y: null }] },
  { _id: 4, n: '5', s: 'cotton tee', tags: ['c'], d: day(20) },
  { _id: 5, n: [3, 7], s: '', o: ids[2], d: day(5), flag: true },
  { _id: 6, n: 5.5, tags: ['a', null], flag: false },
];

const matching = (filter: Doc): unknown[] => {
  const m = compileFilter(filter);
  return DOCS.filter((d) => m.test(d)).map((d) => d._id);
};

describe('embedded-mongo: query semantics', () => {
  it.each([
    ['equality matches a scalar or an array element, never another type', { n: 5 }, [1]],
    ['a string is not a number', { n: '5' }, [4]],
    ['null matches null and missing', { n: null }, [2, 3]],
    ['$ne matches missing fields and arrays without the value', { n: { $ne: 5 } }, [2, 3, 4, 5, 6]],
    ['ranges stay within the type bracket and reach array elements', { n: { $gt: 4 } }, [1, 5, 6]],
    ['each range operator may hold through a different element', { n: { $gt: 4, $lt: 5 } }, [5]],
    ['$in over scalars and regexes', { s: { $in: [/^linen/i, 'wool coat'] } }, [1, 2, 3]],
    ['$nin matches missing fields', { tags: { $nin: ['a', 'c'] } }, [2, 3, 5]],
    ['an array element equals the value', { tags: 'b' }, [1, 3]],
    ['null inside an array', { tags: null }, [5, 6]],
    ['ObjectId equality, arrays included', { o: ids[1] }, [2, 3]],
    ['dates compare as dates', { d: { $gte: day(5), $lt: day(20) } }, [2, 5]],
    ['a dotted path descends through arrays', { 'sub.x': 1 }, [1, 3]],
    ['$elemMatch needs one element to satisfy every condition', { sub: { $elemMatch: { x: 3, y: 'z' } } }, [2]],
    ['$exists false', { n: { $exists: false } }, [3]],
    ['$not of a range matches other types and missing fields', { n: { $not: { $gt: 4 } } }, [2, 3, 4]],
    ['$size', { tags: { $size: 2 } }, [1, 6]],
    ['$type with a BSON alias', { o: { $type: 'objectId' } }, [1, 2, 3, 5]],
    ['$or, $and and $nor', { $or: [{ flag: true }, { $and: [{ s: /coat|tee/ }, { $nor: [{ n: '5' }] }] }] }, [2, 5]],
  ])('%s', (_name, filter, expected) => {
    expect(matching(filter)).toEqual(expected);
  });

  it('refuses an unknown query operator by name, even beside known ones', () => {
    for (const filter of [{ n: { $gt: 1, $bogus: 2 } }, { s: 'x', $or: [{ n: { $bogus: 1 } }] }]) {
      expect(() => compileFilter(filter)).toThrow(CommandError);
      expect(() => compileFilter(filter)).toThrow(/\$bogus/);
    }
  });

  it('refuses server-side JavaScript', () => {
    expect(() => compileFilter({ $where: 'this.n > 1' })).toThrow(/\$where is not allowed/);
  });

  it('sorts arrays by their smallest element ascending and largest descending, missing as null, stably', () => {
    expect(sortDocs(DOCS, { n: 1 }).map((d) => d._id)).toEqual([2, 3, 5, 1, 6, 4]);
    expect(sortDocs(DOCS, { n: -1, _id: 1 }).map((d) => d._id)).toEqual([4, 5, 6, 1, 2, 3]);
  });

  it('reads by _id only the documents of those ids, and the rest of the filter still applies', () => {
    const c = new Collection('db', 'items');
    for (const doc of DOCS) c.insert({ ...doc });
    expect(
      selectDocs(c, { filter: { _id: { $in: [3, 1, 9] } } })
        .map((d) => d._id)
        .sort(),
    ).toEqual([1, 3]);
    expect(selectDocs(c, { filter: { _id: 1, n: 6 } })).toEqual([]);
    expect(selectDocs(c, { filter: { _id: { $gt: 4 } } }).map((d) => d._id)).toEqual([5, 6]);
    expect(selectDocs(c, { filter: { flag: { $exists: true } }, sort: { _id: -1 }, skip: 1, limit: 1 }).map((d) => d._id)).toEqual([5]);
    expect(idKeyOf(selectDocs(c, { filter: { o: ids[2] } })[0]._id)).toBe(idKeyOf(3));
  });

  it('an _id condition of values alone is answered by the ids (numbers of any BSON type alike); one with other operators is still tested', () => {
    const c = new Collection('db', 'items');
    for (const doc of DOCS) c.insert({ ...doc });
    const idsOf = (filter: Doc): unknown[] =>
      selectDocs(c, { filter })
        .map((d) => d._id)
        .sort();
    expect(idsOf({ _id: { $in: [new Long(2), new Double(4), 9, 'x', ids[0]] } })).toEqual([2, 4]);
    expect(idsOf({ _id: { $eq: new Int32(5) } })).toEqual([5]);
    expect(idsOf({ _id: { $in: [] } })).toEqual([]);
    expect(idsOf({ _id: { $in: [1, 2, 3], $nin: [2] } })).toEqual([1, 3]);
    expect(idsOf({ _id: { $in: [1, 2, 3] }, tags: 'b' })).toEqual([1, 3]);
    const many = new Collection('db', 'many');
    for (let i = 0; i < 3000; i += 1) many.insert({ _id: i, even: i % 2 === 0 });
    const wanted = Array.from({ length: 2000 }, (_, i) => i * 3);
    expect(selectDocs(many, { filter: { _id: { $in: wanted }, even: true } })).toHaveLength(wanted.filter((i) => i < 3000 && i % 2 === 0).length);
  });
});

const cart = (): Doc => ({
  _id: ids[0],
  items: [
    { product: ids[1], quantity: 2 },
    { product: ids[2], variantSku: 'M', quantity: 1 },
    { product: ids[2], variantSku: 'L', quantity: 98 },
  ],
  likes: [ids[0]],
  n: 'text',
  count: 1,
});

describe('embedded-mongo: update semantics', () => {
  const update = (u: Doc, filter: Doc = {}, doc: Doc = cart()) => applyUpdate(doc, validateUpdate(u), filter, undefined, false);

  it('the positional $ stands for the element the filter matched; the stored document is never changed', () => {
    const stored = cart();
    const before = canonKey(stored);
    const r = update({ $inc: { 'items.$.quantity': 1 } }, { items: { $elemMatch: { product: ids[2], variantSku: 'L' } } }, stored);
    expect(canonKey(stored)).toBe(before);
    expect(r.modified).toBe(true);
    expect((r.doc.items as Doc[]).map((i) => i.quantity)).toEqual([2, 1, 99]);
  });

  it('$push, $pull and $addToSet, and "modified" only when something changed', () => {
    expect((update({ $push: { items: { product: ids[0], quantity: 1 } } }).doc.items as Doc[]).length).toBe(4);
    expect((update({ $pull: { items: { product: ids[2] } } }).doc.items as Doc[]).length).toBe(1);
    expect(update({ $addToSet: { likes: ids[0] } }).modified).toBe(false);
    expect(update({ $addToSet: { likes: ids[1] } }).doc.likes).toEqual([ids[0], ids[1]]);
    expect(update({ $set: { count: 1 } }).modified).toBe(false);
    expect(update({ $unset: { missing: '' } }).modified).toBe(false);
    expect(update({ $inc: { 'made.up': 2 } }).doc.made).toEqual({ up: 2 });
  });

  it('refuses an unknown update operator as MongoDB does (FailedToParse, by name)', () => {
    expect(() => validateUpdate({ $bogus: { a: 1 } })).toThrow(/Unknown modifier: \$bogus/);
    expect(() => validateUpdate({ $bogus: { a: 1 } })).toThrow(expect.objectContaining({ code: 9 }));
  });

  it('refuses $inc of a non-numeric field and $push onto a non-array, as MongoDB does', () => {
    expect(() => update({ $inc: { n: 1 } })).toThrow(
      expect.objectContaining({ code: 14, message: expect.stringMatching(/Cannot apply \$inc to a value of non-numeric type/) }),
    );
    expect(() => update({ $push: { n: 1 } })).toThrow(
      expect.objectContaining({ code: 2, message: expect.stringMatching(/The field 'n' must be an array/) }),
    );
    expect(() => update({ $addToSet: { count: 1 } })).toThrow(expect.objectContaining({ code: 2, message: expect.stringMatching(/non-array/) }));
    expect(() => update({ $set: { 'items.0.quantity': 1 }, $inc: { items: 1 } })).toThrow(CommandError);
  });

  it('changing _id is refused', () => {
    expect(() => update({ $set: { _id: ids[1] } })).toThrow(expect.objectContaining({ code: 66 }));
  });
});

describe('embedded-mongo: projection semantics', () => {
  const doc: Doc = { _id: 7, name: 'Storm coat', reviews: [{ rating: 5 }], nested: { a: 1, b: 2 } };

  it('inclusion keeps _id unless excluded, exclusion drops only the named fields, dotted paths reach inside', () => {
    expect(projectDocs([doc], { name: 1 })).toEqual([{ _id: 7, name: 'Storm coat' }]);
    expect(projectDocs([doc], { _id: 0, name: 1 })).toEqual([{ name: 'Storm coat' }]);
    expect(projectDocs([doc], { reviews: 0, nested: 0 })).toEqual([{ _id: 7, name: 'Storm coat' }]);
    expect(projectDocs([doc], { 'nested.a': 1 })).toEqual([{ _id: 7, nested: { a: 1 } }]);
  });

  it('$slice and $elemMatch apply to the call that names them, and nothing carries over to the next call', () => {
    const many: Doc = {
      _id: 8,
      sizes: [
        { s: 'S', n: 0 },
        { s: 'M', n: 3 },
        { s: 'L', n: 5 },
      ],
    };
    expect(projectDocs([many], { sizes: { $slice: 1 } })).toEqual([{ _id: 8, sizes: [{ s: 'S', n: 0 }] }]);
    expect(projectDocs([many], { sizes: { $elemMatch: { n: { $gt: 0 } } } })).toEqual([{ _id: 8, sizes: [{ s: 'M', n: 3 }] }]);
    expect(projectDocs([many, doc], { _id: 0 })).toEqual([
      { sizes: many.sizes },
      { name: 'Storm coat', reviews: [{ rating: 5 }], nested: { a: 1, b: 2 } },
    ]);
  });

  it('never changes the stored documents', () => {
    const before = canonKey(doc);
    projectDocs([doc], { reviews: 0 });
    projectDocs([doc], { name: 1, 'nested.b': 1 });
    expect(canonKey(doc)).toBe(before);
  });
});
