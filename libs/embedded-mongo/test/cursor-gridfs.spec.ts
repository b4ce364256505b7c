import { randomBytes, createHash } from 'node:crypto';
import { Db, GridFSBucket, MongoClient } from 'mongodb';
import { startTestServer, TestServer } from './helpers';

describe('embedded-mongo: cursors and GridFS', () => {
  let srv: TestServer;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    srv = await startTestServer('cursor');
    client = await MongoClient.connect(srv.uri);
    db = client.db(srv.dbName);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
    await srv.stop();
  });

  it('iterates 10,000 documents through getMore in order', async () => {
    const c = db.collection('events');
    const docs = Array.from({ length: 10_000 }, (_, i) => ({ seq: 9_999 - i, payload: `event-${i}` }));
    await c.insertMany(docs);
    const cursor = c.find({}, { batchSize: 500 }).sort({ seq: 1 });
    let n = 0;
    let prev = -1;
    for await (const d of cursor) {
      expect(d.seq).toBe(prev + 1);
      prev = d.seq;
      n++;
    }
    expect(n).toBe(10_000);

    // default batch (101) + limit + skip, and natural order
    const page = await c
      .find({ seq: { $gte: 5000 } })
      .sort({ seq: -1 })
      .skip(10)
      .limit(250)
      .toArray();
    expect(page).toHaveLength(250);
    expect(page[0].seq).toBe(9_989);
    const natural = await c.find().toArray();
    expect(natural[0].payload).toBe('event-0');
    expect(natural[9_999].payload).toBe('event-9999');

    // killCursors on an unfinished cursor
    const first = await db.command({ find: 'events', filter: {}, batchSize: 10 });
    expect(first.cursor.firstBatch).toHaveLength(10);
    const cursorId = first.cursor.id;
    expect(String(cursorId)).not.toBe('0');
    const more = await db.command({ getMore: cursorId, collection: 'events', batchSize: 5 });
    expect(more.cursor.nextBatch).toHaveLength(5);
    const killed = await db.command({ killCursors: 'events', cursors: [cursorId] });
    expect(killed.cursorsKilled.map(String)).toEqual([String(cursorId)]);
    const gone = await db.command({ getMore: cursorId, collection: 'events' }).catch((e: { code: number }) => e);
    expect((gone as { code: number }).code).toBe(43);
  });

  it('round-trips a 5 MB file through GridFSBucket byte-for-byte', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'media' });
    const data = randomBytes(5 * 1024 * 1024);
    const id = await new Promise<unknown>((resolve, reject) => {
      const up = bucket.openUploadStream('photo.bin', { metadata: { kind: 'test' } });
      up.once('finish', () => resolve(up.id));
      up.once('error', reject);
      up.end(data);
    });
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      bucket
        .openDownloadStreamByName('photo.bin')
        .on('data', (c: Buffer) => chunks.push(c))
        .once('end', () => resolve())
        .once('error', reject);
    });
    const out = Buffer.concat(chunks);
    expect(out.length).toBe(data.length);
    expect(createHash('sha256').update(out).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    const files = await bucket.find({ _id: id as never }).toArray();
    expect(files[0].length).toBe(data.length);
    await bucket.delete(id as never);
    expect(await db.collection('media.chunks').countDocuments()).toBe(0);
  });
});
