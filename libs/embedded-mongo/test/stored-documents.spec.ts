import { setFlagsFromString } from 'node:v8';
import { BSON, ObjectId } from 'bson';
import { Doc, idKeyOf } from '../src/bson-util';
import { Collection } from '../src/storage/collection';

// Scans read the fields of every stored document, so stored documents must be regular V8 objects: BSON's
// deserializer leaves an object of more than ~16 keys in dictionary mode (each read a hash lookup). The check
// uses V8's own answer (%HasFastProperties), enabled for functions compiled from here on.
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

function product(i: number): Doc {
  const doc: Doc = { _id: new ObjectId() };
  for (let k = 0; k < 24; k++) doc[`field${k}`] = k % 3 === 0 ? `text ${i} ${k}` : k % 3 === 1 ? i * k : [{ sku: `s${k}` }];
  return BSON.deserialize(BSON.serialize(doc));
}

describe('embedded-mongo: stored documents', () => {
  it('a document as the wire delivers it is in dictionary mode (the reason for the copy)', () => {
    expect(hasFastProperties(product(1))).toBe(false);
  });

  it('inserted, replaced and replayed documents are stored with fast properties and the same fields in the same order', () => {
    const c = new Collection('db', 'products');
    const given = Array.from({ length: 3 }, (_, i) => product(i));
    for (const doc of given) c.insert(doc);
    const replaced = { ...product(7), _id: given[1]._id };
    c.replace(idKeyOf(given[1]._id), BSON.deserialize(BSON.serialize(replaced)));
    const replayed = product(9);
    c.put(replayed);

    const stored = [...c.docs.values()];
    expect(stored).toHaveLength(4);
    for (const doc of stored) expect(hasFastProperties(doc)).toBe(true);
    expect(stored.map((d) => Object.keys(d))).toEqual([given[0], replaced, given[2], replayed].map((d) => Object.keys(d)));
    expect(stored).toEqual([given[0], replaced, given[2], replayed]);
  });

  it('a "__proto__" key stays a plain field of the stored copy, not its prototype', () => {
    const c = new Collection('db', 'odd');
    const doc = BSON.deserialize(BSON.serialize({ _id: 1, a: 1 }));
    Object.defineProperty(doc, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
    c.insert(doc);
    const stored = c.docs.values().next().value as Doc;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(['_id', 'a', '__proto__']);
    expect((stored as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
