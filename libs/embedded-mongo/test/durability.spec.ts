import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Binary, Decimal128, Long, MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'libs/embedded-mongo/src/cli.ts');

interface Running {
  child: ChildProcess;
  uri: string;
  output: () => string;
}

function startCli(dbPath: string, extra: string[] = []): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', CLI, '--port', '0', '--dbpath', dbPath, ...extra], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 20_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /listening on (mongodb:\/\/[\d.]+:(\d+))/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, uri: m[1], output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited early (${code}): ${out}`));
    });
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function typedDoc(i: number): Record<string, unknown> {
  return {
    _id: new ObjectId(),
    i,
    at: new Date(1_700_000_000_000 + i),
    price: Decimal128.fromString(`${i}.99`),
    big: Long.fromString(`${9_000_000_000_000_000 + i}`),
    blob: new Binary(Buffer.from([i % 256, 1, 2, 3]), 0),
    nested: { tags: ['a', `t${i}`], deep: { ok: true, list: [{ n: i }] } },
  };
}

describe('embedded-mongo: durability (journal, snapshot, kill -9)', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const mkdir = (): string => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'emb-mongo-'));
    dirs.push(d);
    return d;
  };

  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  async function verify(uri: string, expected: Array<Record<string, unknown>>, deletedIds: ObjectId[]): Promise<void> {
    const client = await MongoClient.connect(uri);
    try {
      const c = client.db('shop').collection('things');
      const docs = await c.find({}, { promoteLongs: false }).sort({ i: 1 }).toArray();
      expect(docs).toHaveLength(expected.length);
      for (let k = 0; k < expected.length; k++) {
        const d = docs[k];
        const e = expected[k];
        expect(d._id).toBeInstanceOf(ObjectId);
        expect(d._id.equals(e._id as ObjectId)).toBe(true);
        expect(d.at).toBeInstanceOf(Date);
        expect(d.at.getTime()).toBe((e.at as Date).getTime());
        expect(d.price).toBeInstanceOf(Decimal128);
        expect(d.price.toString()).toBe(String(e.price));
        expect(d.big).toBeInstanceOf(Long);
        expect(d.big.toString()).toBe(String(e.big));
        expect(d.blob).toBeInstanceOf(Binary);
        expect(Buffer.from(d.blob.buffer).equals(Buffer.from((e.blob as Binary).buffer))).toBe(true);
        expect(d.nested).toEqual(e.nested);
        expect(d.qty).toBe(e.qty);
      }
      for (const id of deletedIds) expect(await c.findOne({ _id: id })).toBeNull();
      // index definitions persist
      const idx = await c.indexes();
      expect(idx.map((x) => x.name)).toContain('i_1');
      const dup = await c.insertOne({ i: 0 }).catch((e: { code: number }) => e);
      expect((dup as { code: number }).code).toBe(11000);
    } finally {
      await client.close();
    }
  }

  async function writeWorkload(uri: string): Promise<{ expected: Array<Record<string, unknown>>; deleted: ObjectId[] }> {
    const client = await MongoClient.connect(uri);
    const c = client.db('shop').collection('things');
    await c.createIndex({ i: 1 }, { unique: true });
    const all: Array<Record<string, unknown>> = [];
    // concurrent single inserts (exercises group commit) + a batch insert
    const singles = Array.from({ length: 150 }, (_, i) => typedDoc(i));
    await Promise.all(singles.map((d) => c.insertOne(d)));
    const batch = Array.from({ length: 150 }, (_, i) => typedDoc(150 + i));
    await c.insertMany(batch);
    all.push(...singles, ...batch);
    // updates and deletes
    await c.updateMany({ i: { $lt: 10 } }, { $set: { qty: 7 } });
    for (const d of all) if ((d.i as number) < 10) d.qty = 7;
    const deleted = all.filter((d) => (d.i as number) % 50 === 49).map((d) => d._id as ObjectId);
    await c.deleteMany({ _id: { $in: deleted } });
    await client.close();
    const expected = all.filter((d) => !deleted.some((x) => x.equals(d._id as ObjectId)));
    expected.sort((a, b) => (a.i as number) - (b.i as number));
    return { expected, deleted };
  }

  it('keeps every acknowledged write after SIGKILL and restart', async () => {
    const dir = mkdir();
    const first = await startCli(dir);
    children.push(first.child);
    const { expected, deleted } = await writeWorkload(first.uri);
    first.child.kill('SIGKILL');
    expect((await exited(first.child)).signal).toBe('SIGKILL');
    // simulate a torn final record
    fs.appendFileSync(path.join(dir, 'journal.bin'), Buffer.from([0x40, 0, 0, 0, 1, 2, 3]));

    const second = await startCli(dir);
    children.push(second.child);
    await verify(second.uri, expected, deleted);
    second.child.kill('SIGTERM');
    expect((await exited(second.child)).code).toBe(0);
    // clean stop wrote a snapshot and emptied the journal
    expect(fs.statSync(path.join(dir, 'snapshot.bin')).size).toBeGreaterThan(0);
    expect(fs.statSync(path.join(dir, 'journal.bin')).size).toBe(0);
  });

  it('compacts into a snapshot and restarts from snapshot + journal after SIGKILL', async () => {
    const dir = mkdir();
    const first = await startCli(dir, ['--compact-bytes', '20000']);
    children.push(first.child);
    const { expected, deleted } = await writeWorkload(first.uri);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(fs.existsSync(path.join(dir, 'snapshot.bin'))).toBe(true);
    expect(first.output()).toContain('snapshot written');

    const second = await startCli(dir);
    children.push(second.child);
    await verify(second.uri, expected, deleted);
    second.child.kill('SIGINT');
    expect((await exited(second.child)).code).toBe(0);
  });

  it('persists in-process with stop() and reopens', async () => {
    const dir = mkdir();
    const a = await startEmbeddedMongo({ dbPath: dir });
    const client = await MongoClient.connect(a.uri);
    await client
      .db('shop')
      .collection('x')
      .insertMany([{ k: 1 }, { k: 2 }]);
    await client.db('shop').collection('x').createIndex({ k: 1 });
    await client.db('shop').collection('y').insertOne({ k: 3 });
    await client.db('shop').collection('y').rename('z');
    await client.close();
    await a.stop();
    const b = await startEmbeddedMongo({ dbPath: dir });
    const c2 = await MongoClient.connect(b.uri);
    expect(await c2.db('shop').collection('x').countDocuments()).toBe(2);
    expect((await c2.db('shop').collection('x').indexes()).map((i) => i.name)).toEqual(['_id_', 'k_1']);
    expect(await c2.db('shop').collection('z').countDocuments()).toBe(1);
    expect((await c2.db('shop').listCollections().toArray()).map((x) => x.name).sort()).toEqual(['x', 'z']);
    await c2.close();
    await b.stop();
  });
});
