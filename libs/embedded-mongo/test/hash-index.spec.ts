import { ObjectId } from 'bson';
import { Query } from 'mingo';
import { Doc, idKeyOf } from '../src/bson-util';
import { MINGO_OPTIONS } from '../src/query/matcher';
import { selectDocs } from '../src/query/select';
import { Collection } from '../src/storage/collection';
import { Index } from '../src/storage/indexes';
import { randomWrites, rng } from './helpers';

// Equality and $in on an indexed field read candidates from the index's buckets (one per value). Buckets of
// a field that holds arrays overlap, so a document may sit in several: every answer must still hold each
// matching document exactly once and equal a plain scan (mingo), through writes that move documents between
// buckets and turn a field from a scalar into an array and back.

const cats = Array.from({ length: 8 }, (_, i) => new ObjectId(String(i + 1).repeat(24)));

function tagValue(random: () => number): unknown {
  const shape = random();
  if (shape < 0.15) return ['a', 'b', 'c'][Math.floor(random() * 3)];
  if (shape < 0.25) return ['a', 'b'];
  if (shape < 0.28) return ['b', 'b'];
  if (shape < 0.3) return [];
  if (shape < 0.33) return null;
  if (shape < 0.36) return 7;
  if (shape < 0.7) return 'other';
  return undefined;
}

function item(random: () => number, i: number): Doc {
  const doc: Doc = { _id: new ObjectId(), n: i, cat: cats[i % cats.length], status: random() < 0.8 ? 'published' : 'pending', price: Math.floor(random() * 100) };
  const tag = tagValue(random);
  if (tag !== undefined) doc.tag = tag;
  return doc;
}

const FILTERS: Doc[] = [
  { tag: 'a' },
  { tag: { $in: ['a', 'b'] } },
  { tag: { $in: ['b', 'c', 7] } },
  { tag: { $in: ['a', 'zzz'] } },
  { tag: null },
  { tag: { $in: [null, 'c'] } },
  { cat: { $in: [cats[0], cats[2]] } },
  { cat: cats[1], price: { $gte: 20, $lt: 60 } },
  { status: { $in: ['published'] }, cat: { $in: [cats[0], cats[1]] }, price: { $gt: 10, $lte: 90 } },
  { status: 'published', tag: { $in: ['a', 'b'] } },
];

function plain(docs: Doc[], filter: Doc): string[] {
  const q = new Query(filter, MINGO_OPTIONS);
  return docs
    .filter((d) => q.test(d))
    .map((d) => idKeyOf(d._id))
    .sort();
}

function indexed(c: Collection, filter: Doc): string[] {
  return selectDocs(c, { filter }).map((d) => idKeyOf(d._id));
}

describe('embedded-mongo: hash index candidates', () => {
  const random = rng(11);
  const c = new Collection('db', 'items');
  for (const key of [{ tag: 1 }, { cat: 1, status: 1 }, { status: 1, price: 1 }]) c.addIndex(new Index({ v: 2, key, name: Object.keys(key).join('_') }));
  for (let i = 0; i < 3000; i++) c.insert(item(random, i));

  const check = (): void => {
    const docs = [...c.docs.values()];
    for (const filter of FILTERS) {
      const got = indexed(c, filter);
      // Each document once, and the same set as a plain scan.
      expect(new Set(got).size).toBe(got.length);
      expect([...got].sort()).toEqual(plain(docs, filter));
    }
  };

  it('equality and $in over overlapping buckets answer each match once, as a plain scan does', () => {
    // Large enough to be answered from several buckets, small enough to be read from the index (under half).
    const both = plain([...c.docs.values()], { tag: { $in: ['a', 'b'] } }).length;
    expect(both).toBeGreaterThan(300);
    expect(both).toBeLessThan(1500);
    check();
  });

  it('stays exact through writes that move documents between buckets and change scalars into arrays', () => {
    for (let round = 0; round < 10; round++) {
      randomWrites(c, random, 150, (key, prev, i) => {
        const action = random();
        if (action < 0.6) {
          const next: Doc = { ...prev, cat: cats[Math.floor(random() * cats.length)], status: random() < 0.5 ? 'published' : 'pending' };
          const tag = tagValue(random);
          if (tag === undefined) delete next.tag;
          else next.tag = tag;
          c.replace(key, next);
        } else if (action < 0.8) {
          c.remove(key);
        } else {
          c.insert(item(random, 10_000 + round * 1000 + i));
        }
      });
      check();
    }
  });
});
