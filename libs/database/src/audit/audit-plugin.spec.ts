import { startEmbeddedMongo, type EmbeddedMongo } from '@shop/embedded-mongo';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import { auditContext, type AuditRequest, type DocumentChange } from './audit-context';
import { diffDocuments, INTERNAL_FIELDS, isInternalField, MAX_VALUE_CHARS, REDACTED } from './audit-diff';
import { auditAdminWrites, auditTrail, type NewAuditEntry } from './audit-plugin';

describe('diffDocuments: the changed fields, as they may be shown', () => {
  it('lists only the fields that changed, nested ones by path, leaving out timestamps', () => {
    const before = { _id: 'x', name: 'Tee', price: 10, dims: { w: 1, h: 2 }, tags: ['a'], updatedAt: new Date(0), __v: 1 };
    const after = { _id: 'x', name: 'Tee', price: 12, dims: { w: 1, h: 3 }, tags: ['a', 'b'], updatedAt: new Date(), __v: 2 };
    expect(diffDocuments(before, after)).toEqual([
      { field: 'price', before: 10, after: 12 },
      { field: 'dims.h', before: 2, after: 3 },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('lists every field of a created or deleted record, ids and dates as text', () => {
    const id = new mongoose.Types.ObjectId();
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(diffDocuments(null, { _id: id, owner: id, at })).toEqual([
      { field: 'owner', after: String(id) },
      { field: 'at', after: at.toISOString() },
    ]);
    expect(diffDocuments({ _id: id, name: 'gone' }, null)).toEqual([{ field: 'name', before: 'gone' }]);
  });

  it('redacts secrets at any depth, and still says that one changed', () => {
    const changes = diffDocuments(
      { passwordHash: 'h1', profile: { apiKey: 'k' } },
      { passwordHash: 'h2', profile: { apiKey: 'k' }, sessions: [{ token: 't', device: 'phone' }] },
    );
    expect(changes).toEqual([
      { field: 'passwordHash', before: REDACTED, after: REDACTED },
      { field: 'sessions', after: [{ token: REDACTED, device: 'phone' }] },
    ]);
  });

  it('keeps ONE list of the fields a person never reads: bookkeeping, counters, secrets, at any depth', () => {
    for (const field of [
      'pendingMails',
      'restockMarks',
      'restockPending',
      'stockHolds',
      'stockMoves',
      'numReviews',
      'ratingTotal',
      'updatedAt',
      '__v',
    ]) {
      expect(INTERNAL_FIELDS.has(field)).toBe(true);
      expect(isInternalField(field)).toBe(true);
    }
    for (const field of ['passwordHash', 'resetToken', 'profile.apiKey', 'variants.stockHolds']) expect(isInternalField(field)).toBe(true);
    for (const field of ['name', 'priceCents', 'status', 'refundReason', 'shippingAddress.city', 'reviews'])
      expect(isInternalField(field)).toBe(false);
  });

  it('cuts a long value and says how long it was', () => {
    const [change] = diffDocuments({ body: 'short' }, { body: 'x'.repeat(10_000) });
    expect(typeof change.after).toBe('string');
    expect((change.after as string).length).toBeLessThan(MAX_VALUE_CHARS + 50);
    expect(change.after).toMatch(/… \(truncated, 10002 characters\)$/);
  });
});

describe('auditAdminWrites: the plugin on every model', () => {
  let engine: EmbeddedMongo;
  let connection: Connection;
  let Thing: Model<Record<string, unknown>>;
  let written: NewAuditEntry[];
  const request: AuditRequest = {
    actor: { id: String(new mongoose.Types.ObjectId()), name: 'Ann', email: 'ann@example.com' },
    method: 'PUT',
    route: '/api/things/:id',
    params: { id: '1' },
  };
  const asAdmin = <T>(fn: () => Promise<T>): Promise<T> => auditContext.run(request, fn);
  const fields = (entry: NewAuditEntry | undefined) => entry?.changes.map((c) => c.field);

  beforeAll(async () => {
    engine = await startEmbeddedMongo({ port: 0 });
    connection = await mongoose.createConnection(engine.uri, { dbName: 'audit_plugin_spec' }).asPromise();
    connection.plugin(auditAdminWrites);
    const Part = new Schema({ label: String });
    Thing = connection.model<Record<string, unknown>>(
      'Thing',
      new Schema(
        { name: { type: String, unique: true }, count: Number, secret: { type: String, select: false }, parts: [Part] },
        { timestamps: true, collection: 'things' },
      ),
    );
    await Thing.init();
  });
  afterAll(async () => {
    auditTrail.setWriter(undefined);
    await connection?.close();
    await engine?.stop();
  });
  beforeEach(async () => {
    written = [];
    auditTrail.setWriter(async (entries) => {
      written.push(...entries);
    });
    await Thing.deleteMany({});
  });

  it('records nothing outside an admin request', async () => {
    const thing = await Thing.create({ name: 'quiet', count: 1 });
    await Thing.updateOne({ _id: thing._id }, { $inc: { count: 1 } });
    await Thing.deleteMany({});
    expect(written).toEqual([]);
  });

  it('records creates, query updates, saves and deletes with the changed fields', async () => {
    const created = await asAdmin(() => Thing.create({ name: 'a', count: 1, secret: 's1', parts: [{ label: 'p' }] }));
    await asAdmin(() => Thing.updateOne({ _id: created._id }, { $set: { count: 2, secret: 's2' } }).exec());
    await asAdmin(() => Thing.findByIdAndUpdate(created._id, { $push: { parts: { label: 'q' } } }).exec());
    const loaded = await Thing.findById(created._id).orFail();
    loaded.set('name', 'a2');
    await asAdmin(() => loaded.save());
    await asAdmin(() => Thing.deleteOne({ _id: created._id }).exec());

    expect(written.map((e) => e.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect(written.every((e) => e.resource === 'things' && e.documentId === String(created._id) && e.actor.email === 'ann@example.com')).toBe(true);
    expect(fields(written[0])).toEqual(expect.arrayContaining(['name', 'count', 'secret', 'parts']));
    expect(written[0].changes.find((c) => c.field === 'secret')).toEqual({ field: 'secret', after: REDACTED });
    expect(written[1].changes).toEqual([
      { field: 'count', before: 1, after: 2 },
      { field: 'secret', before: REDACTED, after: REDACTED },
    ]);
    expect(fields(written[2])).toEqual(['parts']);
    expect(written[3].changes).toEqual([{ field: 'name', before: 'a', after: 'a2' }]);
    expect(written[4].changes).toEqual(expect.arrayContaining([{ field: 'name', before: 'a2' }]));
  });

  it('records each document of a multi-document write, insertMany and bulkWrite', async () => {
    const docs = await asAdmin(() =>
      Thing.insertMany([
        { name: 'm1', count: 1 },
        { name: 'm2', count: 1 },
      ]),
    );
    await asAdmin(() => Thing.updateMany({ count: 1 }, { $set: { count: 5 } }).exec());
    await asAdmin(() =>
      Thing.bulkWrite([
        { updateOne: { filter: { name: 'm1' }, update: { $set: { count: 6 } } } },
        { insertOne: { document: { name: 'm3', count: 0 } } },
        { deleteOne: { filter: { name: 'm2' } } },
      ]),
    );
    const field = (e: (typeof written)[number], name: string, side: 'before' | 'after') =>
      JSON.stringify(e.changes.find((c) => c.field === name)?.[side] ?? '').replace(/"/g, '');
    expect(written.map((e) => `${e.action}:${field(e, 'name', 'after') || field(e, 'name', 'before')}:${field(e, 'count', 'after')}`).sort()).toEqual(
      ['create:m1:1', 'create:m2:1', 'update::5', 'update::5', 'update::6', 'create:m3:0', 'delete:m2:'].sort(),
    );
    expect(written.filter((e) => e.action === 'create').map((e) => e.documentId)).toEqual(expect.arrayContaining(docs.map((d) => String(d._id))));
  });

  it('records no change that did not happen: a failed write, or one that changed nothing', async () => {
    await Thing.create({ name: 'taken', count: 1 });
    const other = await Thing.create({ name: 'free', count: 1 });
    await expect(asAdmin(() => Thing.updateOne({ _id: other._id }, { $set: { name: 'taken' } }).exec())).rejects.toThrow(/duplicate key/i);
    await expect(asAdmin(() => Thing.create({ name: 'taken' }))).rejects.toThrow(/duplicate key/i);
    await asAdmin(() => Thing.updateOne({ _id: other._id }, { $set: { count: 1 } }).exec());
    expect(written).toEqual([]);
  });

  it("hands a request's changes, with the documents before and after, to its collector instead of writing them", async () => {
    const collected: DocumentChange[] = [];
    const grouped: AuditRequest = { ...request, collect: (changes) => collected.push(...changes) };
    await auditContext.run(grouped, async () => {
      const thing = await Thing.create({ name: 'grouped', count: 1 });
      await Thing.updateOne({ _id: thing._id }, { $set: { count: 2 } }).exec();
    });
    expect(written).toEqual([]);
    expect(collected.map((c) => c.action)).toEqual(['create', 'update']);
    expect(collected[1]).toMatchObject({
      resource: 'things',
      changes: [{ field: 'count', before: 1, after: 2 }],
      before: { name: 'grouped', count: 1 },
      after: { name: 'grouped', count: 2 },
    });
  });

  it('never fails a write when the audit log cannot be written', async () => {
    auditTrail.setWriter(() => Promise.reject(new Error('audit store down')));
    const thing = await asAdmin(() => Thing.create({ name: 'resilient', count: 1 }));
    const updated = await asAdmin(() => Thing.findByIdAndUpdate(thing._id, { $set: { count: 9 } }, { returnDocument: 'after' }).exec());
    expect(updated?.get('count')).toBe(9);
  });
});
