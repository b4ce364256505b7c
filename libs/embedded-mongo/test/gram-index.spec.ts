import { ObjectId } from 'bson';
import { Query } from 'mingo';
import { Doc, cloneDoc, idKeyOf } from '../src/bson-util';
import { MINGO_OPTIONS } from '../src/query/matcher';
import { selectDocs } from '../src/query/select';
import { Collection, GRAM_INDEX_FROM } from '../src/storage/collection';
import { GramIndex, RowTable, regexLiteral } from '../src/storage/gram-index';
import { Index } from '../src/storage/indexes';
import { randomWrites, rng } from './helpers';

// A literal regex search on a large collection reads candidates from a trigram index. Candidates may be too
// many, never too few: every answer must equal a plain scan (mingo, the engine's reference), through writes.

/** Text with the cases that matter: mixed case, punctuation, and non-ASCII letters that fold near ASCII ones. */
const PIECES = ['Linen', 'shirt', 'T-shirt', 'NAVY', 'wool coat', 'Brand K10', 'crème', 'straße', 'ſtripe', 'Kelvin', 'İstanbul', 'σς', '(new)', 'a.b', '10%', ' ', 'linen-navy'];

function text(random: () => number): string {
  const n = 1 + Math.floor(random() * 5);
  return Array.from({ length: n }, () => PIECES[Math.floor(random() * PIECES.length)]).join(random() < 0.5 ? ' ' : '');
}

function product(random: () => number, i: number): Doc {
  const doc: Doc = { _id: new ObjectId(), n: i, category: i % 7, status: random() < 0.9 ? 'published' : 'pending' };
  const shape = random();
  if (shape < 0.8) doc.name = text(random);
  else if (shape < 0.9) doc.name = [text(random), text(random)];
  else if (shape < 0.95) doc.name = 42;
  doc.description = text(random) + ' ' + text(random);
  return doc;
}

/** Search terms: pieces and parts of them in other cases, a miss, and text too short to have a trigram. */
function terms(random: () => number): string[] {
  const out = ['zzz', 'li', 'linen navy', 'k10', 'STRASSE', 'stripe', 'kelvin', 'istanbul', 'σσ', 'ΣΣ', 'crÈme', '(NEW)', 'a.b', '0%'];
  for (let i = 0; i < 30; i++) {
    const t = text(random);
    const from = Math.floor(random() * t.length);
    const part = t.slice(from, from + 3 + Math.floor(random() * 8));
    out.push(random() < 0.5 ? part.toUpperCase() : part);
  }
  return out;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function filters(term: string): Doc[] {
  const re = new RegExp(escape(term), 'i');
  return [
    { name: re },
    { name: new RegExp(escape(term)) },
    { status: { $in: ['published'] }, $and: [{ $or: [{ name: re }, { description: re }, { category: { $in: [3] } }] }] },
    { $or: [{ name: re }, { description: re }] },
  ];
}

function plainScan(c: Collection, filter: Doc): unknown[] {
  const q = new Query(filter, MINGO_OPTIONS);
  return [...c.docs.values()].filter((d) => q.test(d)).map((d) => d.n);
}

function engine(c: Collection, filter: Doc): unknown[] {
  return selectDocs(c, { filter }).map((d) => d.n);
}

describe('embedded-mongo: trigram index for literal regex searches', () => {
  it('takes a regex as literal text only when it is one', () => {
    expect(regexLiteral(/linen/i)).toBe('linen');
    expect(regexLiteral(new RegExp(escape('T-shirt (new) 10% a.b/c'), 'i'))).toBe('T-shirt (new) 10% a.b/c');
    expect(regexLiteral(/linen shirt/ms)).toBe('linen shirt');
    for (const re of [/a.b/, /^linen/, /linen$/, /\d+/, /\bwool/, /a|b/, /colou?r/, /[ab]c/, /x{2}/, /linen/u, /linen/iu, /\n/, new RegExp('')]) {
      expect(regexLiteral(re)).toBeUndefined();
    }
  });

  it('answers every search exactly like a plain scan (2,400 documents, 44 terms, 4 filter shapes)', () => {
    const random = rng(11);
    const c = new Collection('db', 'products');
    c.addIndex(new Index({ v: 2, key: { category: 1 }, name: 'category_1' }));
    for (let i = 0; i < GRAM_INDEX_FROM + 400; i++) c.insert(product(random, i));
    let compared = 0;
    let found = 0;
    for (const term of terms(random)) {
      for (const filter of filters(term)) {
        const expected = plainScan(c, filter);
        expect({ term, filter, got: engine(c, filter).sort() }).toEqual({ term, filter, got: expected.sort() });
        compared++;
        found += expected.length;
      }
    }
    expect(compared).toBe(44 * 4);
    expect(found).toBeGreaterThan(1000);
  });

  it('stays exact through inserts, text changes, other changes and deletes (and the rebuild they cause)', () => {
    const random = rng(5);
    const c = new Collection('db', 'products');
    // With a hash index on category, the search's $or unites trigram and hash candidates by row (rows freed by
    // deletes are reused by inserts).
    c.addIndex(new Index({ v: 2, key: { category: 1 }, name: 'category_1' }));
    for (let i = 0; i < GRAM_INDEX_FROM + 100; i++) c.insert(product(random, i));
    const probe = filters('linen')[3];
    expect(engine(c, probe).sort()).toEqual(plainScan(c, probe).sort()); // builds the index
    let next = 100_000;
    const searches = terms(random).slice(0, 6);
    for (let round = 0; round < 20; round++) {
      randomWrites(c, random, 200, (key, doc) => {
        const r = random();
        if (r < 0.6) {
          c.replace(key, { ...cloneDoc(doc), name: text(random) });
        } else if (r < 0.8) {
          c.replace(key, { ...cloneDoc(doc), n: doc.n, status: doc.status === 'published' ? 'pending' : 'published' });
        } else if (r < 0.9) {
          c.remove(key);
        } else {
          c.insert(product(random, next++));
        }
      });
      for (const term of searches) {
        for (const filter of filters(term)) expect({ round, term, got: engine(c, filter).sort() }).toEqual({ round, term, got: plainScan(c, filter).sort() });
      }
    }
    const grams = (c as unknown as { grams: Map<string, GramIndex> }).grams;
    expect([...grams.keys()].sort()).toEqual(['description', 'name']);
    expect(grams.get('name')?.rebuilds).toBeGreaterThan(0);
  });

  it('proposes only the documents holding every trigram of the text, and none for a miss', () => {
    const docs: [string, Doc][] = ['Linen shirt', 'linen', 'navy scarf', 'LINEN NAVY'].map((name, i) => [idKeyOf(i), { name }]);
    const rows = new RowTable(docs);
    const index = new GramIndex('name', rows, docs);
    const names = (found: number[] | undefined): unknown[] | undefined => found && rows.docsAt(found).map((d) => d.name).sort();
    expect(names(index.lookupRows('linen'))).toEqual(['LINEN NAVY', 'Linen shirt', 'linen']);
    expect(names(index.lookupRows('inen n'))).toEqual(['LINEN NAVY']);
    expect(index.lookupRows('zzz')).toEqual([]);
    expect(index.lookupRows('li')).toBeUndefined();
  });

  it('a small collection builds no index and a large one builds it on its first literal search', () => {
    const random = rng(3);
    const small = new Collection('db', 'small');
    for (let i = 0; i < 50; i++) small.insert(product(random, i));
    const filter = { name: /linen/i };
    expect(engine(small, filter).sort()).toEqual(plainScan(small, filter).sort());
    expect((small as unknown as { grams: Map<string, GramIndex> }).grams.size).toBe(0);
    for (let i = 50; i < GRAM_INDEX_FROM; i++) small.insert(product(random, i));
    expect(engine(small, filter).sort()).toEqual(plainScan(small, filter).sort());
    expect([...(small as unknown as { grams: Map<string, GramIndex> }).grams.keys()]).toEqual(['name']);
  });
});
