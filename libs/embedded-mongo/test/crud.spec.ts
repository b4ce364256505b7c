import { MongoClient, MongoServerError, ObjectId, Db } from 'mongodb';
import mongoose, { Connection, Schema, Types } from 'mongoose';
import { startTestServer, TestServer } from './helpers';

describe('embedded-mongo: CRUD, indexes, updates', () => {
  let srv: TestServer;
  let client: MongoClient;
  let db: Db;
  let conn: Connection;

  beforeAll(async () => {
    srv = await startTestServer('crud');
    client = await MongoClient.connect(srv.uri);
    db = client.db(srv.dbName);
    conn = await mongoose.createConnection(srv.uri, { dbName: srv.dbName }).asPromise();
  });

  afterAll(async () => {
    await db.dropDatabase();
    await conn.close();
    await client.close();
    await srv.stop();
  });

  it('runs mongoose CRUD and populate with refs', async () => {
    const Category = conn.model('Category', new Schema({ name: { type: String, required: true } }));
    const Product = conn.model(
      'Product',
      new Schema({
        name: String,
        price: Number,
        category: { type: Schema.Types.ObjectId, ref: 'Category' },
        tags: [String],
        createdAt: { type: Date, default: Date.now },
      }),
    );
    const shirts = await Category.create({ name: 'Shirts' });
    const hats = await Category.create({ name: 'Hats' });
    await Product.create([
      { name: 'Oxford shirt', price: 49, category: shirts._id, tags: ['cotton'] },
      { name: 'Linen shirt', price: 59, category: shirts._id, tags: ['linen', 'summer'] },
      { name: 'Bucket hat', price: 19, category: hats._id },
    ]);
    expect(await Product.countDocuments()).toBe(3);
    const inShirts = await Product.find({ category: { $in: [shirts._id] } })
      .sort({ price: -1 })
      .lean();
    expect(inShirts.map((p) => p.name)).toEqual(['Linen shirt', 'Oxford shirt']);

    const populated = await Product.findOne({ name: 'Bucket hat' }).populate<{ category: { name: string } }>('category');
    expect(populated?.category.name).toBe('Hats');

    const doc = await Product.findOne({ name: 'Oxford shirt' });
    expect(doc).not.toBeNull();
    doc!.price = 45;
    await doc!.save();
    expect((await Product.findById(doc!._id).lean())?.price).toBe(45);

    const res = await Product.updateMany({ category: shirts._id }, { $push: { tags: 'sale' } });
    expect(res.modifiedCount).toBe(2);
    expect((await Product.find({ tags: 'sale' })).length).toBe(2);

    const del = await Product.deleteOne({ _id: doc!._id });
    expect(del.deletedCount).toBe(1);
    expect(await Product.findById(doc!._id)).toBeNull();
    expect(await Product.exists({ name: 'Linen shirt' })).toBeTruthy();
  });

  it('reports unique violations (single, compound, partial) with code 11000 and keyValue', async () => {
    const User = conn.model('User', new Schema({ email: { type: String, unique: true }, name: String }));
    await User.init();
    await User.create({ email: 'a@b.c', name: 'A' });
    const err = await User.create({ email: 'a@b.c', name: 'B' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    const me = err as MongoServerError;
    expect(me.code).toBe(11000);
    expect(me.keyValue).toEqual({ email: 'a@b.c' });
    expect(me.message).toContain('E11000 duplicate key error collection');
    expect(me.message).toContain('email_1 dup key: { email: "a@b.c" }');

    const skus = db.collection('variants');
    await skus.createIndex({ product: 1, size: 1 }, { unique: true });
    const p = new ObjectId();
    await skus.insertOne({ product: p, size: 'M' });
    await skus.insertOne({ product: p, size: 'L' });
    const e2 = await skus.insertOne({ product: p, size: 'M' }).catch((e: MongoServerError) => e);
    expect((e2 as MongoServerError).code).toBe(11000);
    expect((e2 as MongoServerError).keyPattern).toEqual({ product: 1, size: 1 });
    expect(String(((e2 as MongoServerError).keyValue as { product: ObjectId }).product)).toBe(p.toHexString());

    const coupons = db.collection('coupons');
    await coupons.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await coupons.insertMany([
      { code: 'X', active: false },
      { code: 'X', active: false },
      { code: 'X', active: true },
    ]);
    const e3 = await coupons.insertOne({ code: 'X', active: true }).catch((e: MongoServerError) => e);
    expect((e3 as MongoServerError).code).toBe(11000);
    // updating an inactive one into the active set also violates
    const e4 = await coupons.updateOne({ active: false }, { $set: { active: true } }).catch((e: MongoServerError) => e);
    expect((e4 as MongoServerError).code).toBe(11000);

    // partial filters on BSON types ($type objectId / string), as the shop's schemas declare them
    const orders = db.collection('typed_partial');
    await orders.createIndex({ user: 1, key: 1 }, { unique: true, partialFilterExpression: { user: { $type: 'objectId' } } });
    const owner = new ObjectId();
    await orders.insertMany([
      { user: null, key: 'k' },
      { user: null, key: 'k' },
      { user: owner, key: 'k' },
    ]);
    const e6 = await orders.insertOne({ user: owner, key: 'k' }).catch((e: MongoServerError) => e);
    expect((e6 as MongoServerError).code).toBe(11000);
    expect(await orders.countDocuments({ user: { $type: 'objectId' } })).toBe(1);
    expect(await orders.countDocuments({ user: { $type: ['objectId', 'null'] } })).toBe(3);

    // unordered insert reports every failing index
    const bulk = await db
      .collection('users')
      .insertMany([{ email: 'q@q.q' }, { email: 'a@b.c' }, { email: 'r@r.r' }], { ordered: false })
      .catch((e: MongoServerError) => e);
    expect((bulk as MongoServerError).code).toBe(11000);
    expect(await db.collection('users').countDocuments({ email: { $in: ['q@q.q', 'r@r.r'] } })).toBe(2);

    // building a unique index over duplicate data fails
    await db.collection('dups').insertMany([{ k: 1 }, { k: 1 }]);
    const e5 = await db
      .collection('dups')
      .createIndex({ k: 1 }, { unique: true })
      .catch((e: MongoServerError) => e);
    expect((e5 as MongoServerError).code).toBe(11000);
  });

  it('upserts with $setOnInsert, arrayFilters and positional $', async () => {
    const c = db.collection('carts');
    const r1 = await c.updateOne({ user: 'u1' }, { $set: { touched: 1 }, $setOnInsert: { createdBy: 'upsert' } }, { upsert: true });
    expect(r1.upsertedCount).toBe(1);
    const r2 = await c.updateOne({ user: 'u1' }, { $set: { touched: 2 }, $setOnInsert: { createdBy: 'second' } }, { upsert: true });
    expect(r2.matchedCount).toBe(1);
    expect(r2.upsertedCount).toBe(0);
    const cart = await c.findOne({ user: 'u1' });
    expect(cart).toMatchObject({ user: 'u1', touched: 2, createdBy: 'upsert' });

    const fam = await c.findOneAndUpdate(
      { user: 'u2' },
      { $inc: { visits: 1 }, $setOnInsert: { items: [] as unknown[] } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(fam.lastErrorObject?.updatedExisting).toBe(false);
    expect(fam.value).toMatchObject({ user: 'u2', visits: 1, items: [] });

    await c.insertOne({
      user: 'u3',
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 5 },
        { sku: 'c', qty: 9 },
      ],
    });
    await c.updateOne({ user: 'u3', 'items.sku': 'b' }, { $inc: { 'items.$.qty': 10 } });
    await c.updateOne({ user: 'u3' }, { $set: { 'items.$[big].flag': true } }, { arrayFilters: [{ 'big.qty': { $gte: 9 } }] });
    const u3 = await c.findOne({ user: 'u3' });
    expect(u3?.items).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 15, flag: true },
      { sku: 'c', qty: 9, flag: true },
    ]);
    // Two fields of the element the positional $ matched, in one $set (as MongoDB allows): by $elemMatch and by a dotted condition.
    await c.updateOne({ user: 'u3', items: { $elemMatch: { sku: 'c', qty: 9 } } }, { $set: { 'items.$.state': 'done', 'items.$.ref': 'r1' } });
    await c.updateOne({ user: 'u3', 'items.sku': 'a' }, { $set: { 'items.$.state': 'new', 'items.$.ref': 'r0' }, $inc: { 'items.$.qty': 1 } });
    expect((await c.findOne({ user: 'u3' }))?.items).toEqual([
      { sku: 'a', qty: 2, state: 'new', ref: 'r0' },
      { sku: 'b', qty: 15, flag: true },
      { sku: 'c', qty: 9, flag: true, state: 'done', ref: 'r1' },
    ]);

    const Model = conn.model('Counter', new Schema({ key: String, n: Number, created: Date }));
    const after = await Model.findOneAndUpdate(
      { key: 'orders' },
      { $inc: { n: 1 }, $setOnInsert: { created: new Date(0) } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    expect(after).toMatchObject({ key: 'orders', n: 1 });
    expect(after?.created).toEqual(new Date(0));

    // replacement + _id immutability
    const id = (await c.insertOne({ v: 1 })).insertedId;
    await c.replaceOne({ _id: id }, { v: 2 });
    expect(await c.findOne({ _id: id })).toEqual({ _id: id, v: 2 });
    const bad = await c.updateOne({ _id: id }, { $set: { _id: new ObjectId() } }).catch((e: MongoServerError) => e);
    expect((bad as MongoServerError).code).toBe(66);
  });

  it('supports collation strength 2, distinct, count, listIndexes/dropIndexes', async () => {
    const c = db.collection('brands');
    await c.insertMany([{ name: 'beta' }, { name: 'Alpha' }, { name: 'alpha' }, { name: 'Gamma' }, { name: 'BETA' }]);
    const ci = { locale: 'en', strength: 2 } as const;
    expect(await c.countDocuments({ name: 'ALPHA' }, { collation: ci })).toBe(2);
    expect(await c.countDocuments({ name: 'ALPHA' })).toBe(0);
    const sorted = await c.find({}, { collation: ci }).sort({ name: 1 }).toArray();
    expect(sorted.map((d) => d.name.toLowerCase())).toEqual(['alpha', 'alpha', 'beta', 'beta', 'gamma']);
    expect((await c.distinct('name')).sort()).toEqual(['Alpha', 'BETA', 'Gamma', 'alpha', 'beta']);
    expect(await c.countDocuments({ name: { $in: ['beta', 'Gamma'] } })).toBe(2);
    expect(await c.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await c.estimatedDocumentCount()).toBe(5);

    await c.createIndex({ name: 1 }, { unique: true, collation: ci, partialFilterExpression: { uniq: true } });
    await c.insertOne({ name: 'Delta', uniq: true });
    const dup = await c.insertOne({ name: 'DELTA', uniq: true }).catch((e: MongoServerError) => e);
    expect((dup as MongoServerError).code).toBe(11000);
    await c.createIndex({ rank: -1, name: 1 });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'name_1', 'rank_-1_name_1']);
    await c.dropIndex('rank_-1_name_1');
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'name_1']);
    await c.dropIndexes();
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
    const missing = await c.dropIndex('nope').catch((e: MongoServerError) => e);
    expect((missing as MongoServerError).code).toBe(27);
  });

  it('refuses unknown commands and server-side JavaScript', async () => {
    const unknown = await db.command({ frobnicate: 1 }).catch((e: MongoServerError) => e);
    expect(unknown).toBeInstanceOf(MongoServerError);
    expect((unknown as MongoServerError).code).toBe(59);
    expect((unknown as MongoServerError).codeName).toBe('CommandNotFound');

    const c = db.collection('js');
    await c.insertOne({ a: 1 });
    const where = await c
      .find({ $where: 'this.a == 1' })
      .toArray()
      .catch((e: MongoServerError) => e);
    expect(where).toBeInstanceOf(MongoServerError);
    const fn = await c
      .aggregate([{ $addFields: { x: { $function: { body: 'function() { return 1 }', args: [], lang: 'js' } } } }])
      .toArray()
      .catch((e: MongoServerError) => e);
    expect(fn).toBeInstanceOf(MongoServerError);
    // the server is still fine
    expect(await c.countDocuments()).toBe(1);
    expect((await db.admin().ping()).ok).toBe(1);
  });

  it('keeps ObjectId/Date/Decimal128 semantics in queries', async () => {
    const c = db.collection('typed');
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
    await c.insertMany(ids.map((_id, i) => ({ _id, at: new Date(2024, 0, i + 1), price: Types.Decimal128.fromString(`${i}.50`) })));
    expect((await c.find({ _id: { $in: [ids[0], ids[2]] } }).toArray()).length).toBe(2);
    expect((await c.find({ _id: { $nin: [ids[0]] } }).toArray()).length).toBe(2);
    expect((await c.find({ at: { $gte: new Date(2024, 0, 2) } }).toArray()).length).toBe(2);
    const desc = await c.find().sort({ _id: -1 }).toArray();
    expect(desc.map((d) => d._id.toHexString())).toEqual([...ids].reverse().map((i) => i.toHexString()));
    const one = await c.findOne({ _id: new ObjectId(ids[1].toHexString()) });
    expect(one?.price.toString()).toBe('1.50');
  });
});
