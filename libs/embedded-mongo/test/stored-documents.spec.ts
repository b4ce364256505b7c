import { BSON } from 'bson';
import type { Doc } from '../src/bson-util';
import { Collection } from '../src/storage/collection';

describe('embedded-mongo: stored documents', () => {
  it('a "__proto__" key stays a plain field of the stored document, not its prototype', () => {
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
