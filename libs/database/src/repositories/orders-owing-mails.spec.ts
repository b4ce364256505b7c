import { startEmbeddedMongo, type EmbeddedMongo } from '@shop/embedded-mongo';
import mongoose, { Types, type Connection, type Model } from 'mongoose';
import { Order, OrderSchema } from '../schemas/order.schema';
import { User, UserSchema } from '../schemas/user.schema';
import { OrdersRepository } from './orders.repository';

// The sweep's query (OrdersRepository.owingMails) must find every owed mail, refund mails included, on the embedded
// engine and on a real MongoDB (run with MONGODB_URI set to check the latter).
describe('OrdersRepository.owingMails / mailQueued', () => {
  let engine: EmbeddedMongo | undefined;
  let connection: Connection;
  let orders: Model<Order>;
  let repository: OrdersRepository;
  const old = new Date('2026-01-01T00:00:00Z');
  const before = new Date('2026-01-01T00:10:00Z');

  beforeAll(async () => {
    engine = process.env.MONGODB_URI ? undefined : await startEmbeddedMongo({ port: 0 });
    connection = await mongoose
      .createConnection(process.env.MONGODB_URI ?? engine!.uri, { dbName: `owing_mails_${new Types.ObjectId().toHexString()}` })
      .asPromise();
    orders = connection.model(Order.name, OrderSchema);
    await orders.init();
    repository = new OrdersRepository(orders, connection.model(User.name, UserSchema));
  });
  afterAll(async () => {
    if (process.env.MONGODB_URI) await connection?.dropDatabase();
    await connection?.close();
    await engine?.stop();
  });

  const insert = async (pendingMails: string[] | undefined, updatedAt = old) => {
    const _id = new Types.ObjectId();
    await orders.collection.insertOne({
      _id,
      idempotencyKey: _id.toHexString(),
      items: [],
      ...(pendingMails ? { pendingMails } : {}),
      createdAt: old,
      updatedAt,
    });
    return _id.toHexString();
  };

  it('finds orders owing any mail (fixed kinds, legacy spellings, refunds), none that owe nothing or changed since', async () => {
    const refund = await insert([`refunded:${new Types.ObjectId().toHexString()}`]);
    const placed = await insert(['placed', 'new-order-alert']);
    const legacy = await insert(['status:shipped']);
    await insert([]);
    await insert(undefined);
    await insert(['confirmation'], new Date('2026-01-01T00:20:00Z'));
    const found = (await repository.owingMails(before, 100)).map((o) => o.id as string);
    expect(found.sort()).toEqual([refund, placed, legacy].sort());
    expect(await repository.owingMails(before, 2)).toHaveLength(2);
  });

  it('clears one owed mail, a refund mail included, leaving the others', async () => {
    const refundMail = `refunded:${new Types.ObjectId().toHexString()}` as const;
    const id = await insert(['shipped', refundMail]);
    await repository.mailQueued(new Types.ObjectId(id), refundMail);
    expect((await orders.collection.findOne({ _id: new Types.ObjectId(id) }))?.pendingMails).toEqual(['shipped']);
    await repository.mailQueued(new Types.ObjectId(id), 'shipped');
    expect((await orders.collection.findOne({ _id: new Types.ObjectId(id) }))?.pendingMails).toEqual([]);
    expect((await repository.owingMails(before, 100)).map((o) => o.id as string)).not.toContain(id);
  });
});
