import { MongoClient, ObjectId } from 'mongodb';
import { startTestServer, TestServer } from './helpers';

describe('embedded-mongo: atomic conditional updates under concurrency', () => {
  let srv: TestServer;
  const clients: MongoClient[] = [];

  beforeAll(async () => {
    srv = await startTestServer('conc');
  });

  afterAll(async () => {
    if (clients[0]) await clients[0].db(srv.dbName).dropDatabase();
    await Promise.all(clients.map((c) => c.close()));
    await srv.stop();
  });

  it('never oversells with 50 separate clients', async () => {
    const CLIENTS = 50;
    const ATTEMPTS = 4; // each client tries to buy 2 units, 4 times
    const INITIAL = 60; // 30 successful purchases possible out of 200 attempts
    for (let i = 0; i < CLIENTS; i++) clients.push(await MongoClient.connect(srv.uri, { maxPoolSize: 1 }));
    const productId = new ObjectId();
    await clients[0].db(srv.dbName).collection('products').insertOne({ _id: productId, name: 'Scarf', stock: INITIAL });

    const results = await Promise.all(
      clients.map(async (client) => {
        const products = client.db(srv.dbName).collection('products');
        let wins = 0;
        for (let a = 0; a < ATTEMPTS; a++) {
          const r = await products.findOneAndUpdate({ _id: productId, stock: { $gte: 2 } }, { $inc: { stock: -2 } }, { returnDocument: 'after' });
          if (r) {
            expect(r.stock).toBeGreaterThanOrEqual(0);
            wins++;
          }
        }
        return wins;
      }),
    );
    const successes = results.reduce((a, b) => a + b, 0);
    const final = await clients[0].db(srv.dbName).collection('products').findOne({ _id: productId });
    expect(final?.stock).toBe(0);
    expect(successes).toBe(INITIAL / 2);

    // the same with updateOne + modifiedCount
    await clients[0]
      .db(srv.dbName)
      .collection('products')
      .updateOne({ _id: productId }, { $set: { stock: 25 } });
    const counts = await Promise.all(
      clients.map(async (client) => {
        const r = await client
          .db(srv.dbName)
          .collection('products')
          .updateOne({ _id: productId, stock: { $gte: 1 } }, { $inc: { stock: -1 } });
        return r.modifiedCount;
      }),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(25);
    expect((await clients[0].db(srv.dbName).collection('products').findOne({ _id: productId }))?.stock).toBe(0);
  });
});
