import { MongoClient, Db } from 'mongodb';
import { startTestServer, TestServer } from './helpers';

// Large collections: pages and counts agree with a plain scan, and every write shows in the very next call.
describe('embedded-mongo: pages and counts over a large collection', () => {
  let srv: TestServer;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    srv = await startTestServer('scans');
    client = await MongoClient.connect(srv.uri);
    db = client.db(srv.dbName);
    const docs = Array.from({ length: 5000 }, (_, i) => ({
      n: i,
      name: i % 10 === 0 ? `Linen shirt ${i}` : `Wool coat ${i}`,
      status: i % 4 === 0 ? 'draft' : 'published',
      at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    }));
    await db.collection('items').insertMany(docs);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
    await srv.stop();
  });

  const search = { status: { $in: ['published'] }, $or: [{ name: /linen/i }, { n: { $gte: 4990 } }] };

  it('pages, sorted newest first, and the total agree with a plain scan', async () => {
    const items = db.collection('items');
    const all = (await items.find({}).toArray()).filter(
      (d) => d.status === 'published' && (/linen/i.test(d.name as string) || (d.n as number) >= 4990),
    );
    all.sort((a, b) => (b.at as Date).getTime() - (a.at as Date).getTime());
    expect(await items.countDocuments(search)).toBe(all.length);
    for (const page of [0, 1, 2]) {
      const rows = await items
        .find(search)
        .sort({ at: -1, _id: -1 })
        .skip(page * 24)
        .limit(24)
        .toArray();
      expect(rows.map((r) => r.n)).toEqual(all.slice(page * 24, page * 24 + 24).map((d) => d.n));
    }
    expect(await items.countDocuments(search, { skip: 10, limit: 5 })).toBe(5);
  });

  it('an insert, an update and a delete show in the very next page and count', async () => {
    const items = db.collection('items');
    const before = await items.countDocuments(search);
    const first = await items.find(search).sort({ at: -1 }).limit(1).toArray();
    await items.insertOne({ n: 9999, name: 'LINEN scarf', status: 'published', at: new Date(Date.UTC(2030, 0, 1)) });
    expect(await items.countDocuments(search)).toBe(before + 1);
    expect((await items.find(search).sort({ at: -1 }).limit(1).toArray())[0].n).toBe(9999);
    await items.updateOne({ n: 9999 }, { $set: { status: 'draft' } });
    expect(await items.countDocuments(search)).toBe(before);
    expect((await items.find(search).sort({ at: -1 }).limit(1).toArray())[0].n).toBe(first[0].n);
    await items.deleteOne({ n: first[0].n });
    expect(await items.countDocuments(search)).toBe(before - 1);
    expect((await items.find(search).sort({ at: -1 }).limit(1).toArray())[0].n).not.toBe(first[0].n);
  });

  // Regexes have no index on the engine (nor on MongoDB): every document the rest of the filter leaves is tested.
  it('a regex word search agrees with a plain scan and shows a renamed item in the next call', async () => {
    const items = db.collection('items');
    const words = { status: { $in: ['published'] }, $and: [{ $or: [{ name: /SHIRT 12/i }, { name: /coat 1234/i }] }] };
    const plain = (await items.find({}).toArray()).filter((d) => d.status === 'published' && /SHIRT 12|coat 1234/i.test(d.name as string));
    expect(plain.length).toBeGreaterThan(5);
    expect(await items.countDocuments(words)).toBe(plain.length);
    const newest = plain
      .sort((a, b) => (b.at as Date).getTime() - (a.at as Date).getTime())
      .slice(0, 3)
      .map((d) => d.n);
    expect((await items.find(words).sort({ at: -1, _id: -1 }).limit(3).toArray()).map((d) => d.n)).toEqual(newest);

    await items.updateOne({ n: 1235 }, { $set: { name: 'Linen shirt 12 renamed', status: 'published' } });
    expect(await items.countDocuments(words)).toBe(plain.length + 1);
    await items.updateOne({ n: 1235 }, { $set: { name: 'Wool coat 1235' } });
    expect(await items.countDocuments(words)).toBe(plain.length);
  });
});
