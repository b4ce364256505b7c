import * as net from 'node:net';
import { MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo, EmbeddedMongo } from '../src';

/** Raw-socket tests need the embedded engine (they assert its logging), so they always start one. */
describe('embedded-mongo: wire protocol robustness', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  const warnings: string[] = [];

  beforeAll(async () => {
    server = await startEmbeddedMongo({ logger: { warn: (m) => warnings.push(m) } });
    client = await MongoClient.connect(server.uri);
  });

  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  function sendRaw(bytes: Buffer): Promise<{ closed: boolean; data: Buffer }> {
    return new Promise((resolve) => {
      const s = net.connect(server.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        s.destroy();
        resolve({ closed: false, data: Buffer.concat(chunks) });
      }, 1000);
      s.on('data', (d) => chunks.push(d));
      s.on('close', () => {
        clearTimeout(timer);
        resolve({ closed: true, data: Buffer.concat(chunks) });
      });
      s.on('error', () => undefined);
      s.on('connect', () => s.write(bytes));
    });
  }

  function header(len: number, opCode: number): Buffer {
    const b = Buffer.alloc(16);
    b.writeInt32LE(len, 0);
    b.writeInt32LE(1, 4);
    b.writeInt32LE(0, 8);
    b.writeInt32LE(opCode, 12);
    return b;
  }

  it('closes a connection announcing an oversized message, others keep working', async () => {
    const r = await sendRaw(header(48_000_001, 2013));
    expect(r.closed).toBe(true);
    expect(warnings.some((w) => w.includes('exceeds maxMessageSizeBytes'))).toBe(true);
    expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
  });

  it('closes on a too-small length, an unknown opcode or a malformed body', async () => {
    expect((await sendRaw(header(8, 2013))).closed).toBe(true);
    expect((await sendRaw(header(16, 9999))).closed).toBe(true);
    const garbage = Buffer.concat([header(30, 2013), Buffer.from([0, 0, 0, 0, 0]), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5])]);
    expect((await sendRaw(garbage)).closed).toBe(true);
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    const c = client.db('proto').collection('still');
    await c.insertOne({ ok: true });
    expect(await c.countDocuments()).toBe(1);
    await client.db('proto').dropDatabase();
  });

  it('answers hello like a standalone server', async () => {
    const hello = await client.db('admin').command({ hello: 1 });
    expect(hello).toMatchObject({ isWritablePrimary: true, maxWireVersion: 21, maxBsonObjectSize: 16 * 1024 * 1024, ok: 1 });
    expect(hello.setName).toBeUndefined();
    const bi = await client.db('admin').command({ buildInfo: 1 });
    expect(bi.version).toMatch(/^7\./);
    const tx = await client
      .db('admin')
      .command({ commitTransaction: 1 })
      .catch((e: MongoServerError) => e);
    expect(tx).toBeInstanceOf(MongoServerError);
  });
});
