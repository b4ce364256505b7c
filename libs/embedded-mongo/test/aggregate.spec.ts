import { Db, MongoClient, ObjectId } from 'mongodb';
import { startTestServer, TestServer } from './helpers';

describe('embedded-mongo: aggregation stages', () => {
  let srv: TestServer;
  let client: MongoClient;
  let db: Db;
  const cat = { shirts: new ObjectId(), hats: new ObjectId() };

  beforeAll(async () => {
    srv = await startTestServer('agg');
    client = await MongoClient.connect(srv.uri);
    db = client.db(srv.dbName);
    await db.collection('categories').insertMany([
      { _id: cat.shirts, name: 'Shirts' },
      { _id: cat.hats, name: 'Hats' },
    ]);
    await db.collection('products').insertMany([
      { name: 'Oxford', price: 50, category: cat.shirts, tags: ['cotton', 'office'], stock: 3 },
      { name: 'Linen', price: 70, category: cat.shirts, tags: ['linen'], stock: 0 },
      { name: 'Flannel', price: 60, category: cat.shirts, tags: [], stock: 8 },
      { name: 'Bucket', price: 20, category: cat.hats, tags: ['summer', 'cotton'], stock: 5 },
      { name: 'Beanie', price: 15, category: cat.hats, tags: ['winter'], stock: 1 },
    ]);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
    await srv.stop();
  });

  const products = () => db.collection('products');

  it('$match $sort $skip $limit $project', async () => {
    const r = await products()
      .aggregate([{ $match: { price: { $gte: 20 } } }, { $sort: { price: -1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, name: 1 } }])
      .toArray();
    expect(r).toEqual([{ name: 'Flannel' }, { name: 'Oxford' }]);
  });

  it('$addFields $set $unset', async () => {
    const r = await products()
      .aggregate([
        { $match: { name: 'Oxford' } },
        { $addFields: { gross: { $multiply: ['$price', 2] } } },
        { $set: { inStock: { $gt: ['$stock', 0] } } },
        { $unset: ['tags', 'category', '_id'] },
      ])
      .toArray();
    expect(r).toEqual([{ name: 'Oxford', price: 50, stock: 3, gross: 100, inStock: true }]);
  });

  it('$group with ObjectId keys and $sortByCount', async () => {
    const r = await products()
      .aggregate([{ $group: { _id: '$category', total: { $sum: '$price' }, n: { $sum: 1 } } }, { $sort: { total: -1 } }])
      .toArray();
    expect(r.map((g) => [String(g._id), g.total, g.n])).toEqual([
      [cat.shirts.toHexString(), 180, 3],
      [cat.hats.toHexString(), 35, 2],
    ]);
    const tags = await products()
      .aggregate([{ $unwind: '$tags' }, { $sortByCount: '$tags' }, { $limit: 1 }])
      .toArray();
    expect(tags).toEqual([{ _id: 'cotton', count: 2 }]);
  });

  it('$unwind', async () => {
    const r = await products()
      .aggregate([{ $unwind: '$tags' }, { $count: 'n' }])
      .toArray();
    expect(r).toEqual([{ n: 6 }]);
    const keep = await products()
      .aggregate([{ $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } }, { $count: 'n' }])
      .toArray();
    expect(keep).toEqual([{ n: 7 }]);
  });

  it('$lookup from another collection and $replaceRoot', async () => {
    const r = await products()
      .aggregate([
        { $match: { name: 'Beanie' } },
        { $lookup: { from: 'categories', localField: 'category', foreignField: '_id', as: 'cat' } },
        { $replaceRoot: { newRoot: { $mergeObjects: [{ product: '$name' }, { $arrayElemAt: ['$cat', 0] }] } } },
        { $project: { _id: 0 } },
      ])
      .toArray();
    expect(r).toEqual([{ product: 'Beanie', name: 'Hats' }]);
  });

  it('$facet $count $sample', async () => {
    const [facets] = await products()
      .aggregate([
        {
          $facet: {
            cheap: [{ $match: { price: { $lt: 30 } } }, { $count: 'n' }],
            byCat: [{ $group: { _id: '$category', n: { $sum: 1 } } }, { $sort: { n: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facets.cheap).toEqual([{ n: 2 }]);
    expect(facets.byCat.map((x: { n: number }) => x.n)).toEqual([2, 3]);
    const sample = await products()
      .aggregate([{ $sample: { size: 3 } }])
      .toArray();
    expect(sample).toHaveLength(3);
    expect(new Set(sample.map((s) => String(s._id))).size).toBe(3);
    expect(
      await products()
        .aggregate([{ $match: { stock: 0 } }, { $count: 'soldOut' }])
        .toArray(),
    ).toEqual([{ soldOut: 1 }]);
  });

  it('returns a cursor for large aggregations', async () => {
    const big = db.collection('big');
    await big.insertMany(Array.from({ length: 450 }, (_, i) => ({ i, g: i % 3 })));
    const r = await big.aggregate([{ $match: { g: 1 } }, { $sort: { i: -1 } }], { batchSize: 20 }).toArray();
    expect(r).toHaveLength(150);
    expect(r[0].i).toBe(448);
  });
});
