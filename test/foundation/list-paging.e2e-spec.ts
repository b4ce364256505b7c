/**
 * Issue #23, defect 10: every list the admin console reads pages past 100 items. Each list gets a record made
 * over HTTP, cloned in the database (cheap: one insertMany) to more than 100; then pages 2 and 3 are read over
 * HTTP (page/perPage and react-admin's range) and must carry the server total and distinct items.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

jest.setTimeout(180_000);

const CLONES = 120;
const PER_PAGE = 50;

type Doc = Record<string, unknown> & { _id: Types.ObjectId };

/** Fields a unique index (or a person) tells records apart by: each clone gets its own value. */
const DISTINCT_TEXT = ['name', 'nameKey', 'slug', 'code', 'title', 'username', 'subject', 'unsubscribeToken', 'idempotencyKey', 'text'];

/** Copies of `template` with fresh ids, distinct keys and dates one second apart (so every sort is strict). */
function clones(template: Doc, count: number, tag: string, change: (doc: Doc, i: number) => void = () => undefined): Doc[] {
  return Array.from({ length: count }, (_, i) => {
    const doc: Doc = { ...template, _id: new Types.ObjectId() };
    for (const [key, value] of Object.entries(template)) {
      if (value instanceof Date) doc[key] = new Date(value.getTime() - (i + 1) * 1000);
      else if (typeof value === 'string' && key === 'email') doc[key] = `${tag}${i}.${value}`;
      else if (typeof value === 'string' && DISTINCT_TEXT.includes(key)) doc[key] = `${value}-${tag}${i}`;
    }
    change(doc, i);
    return doc;
  });
}

describe('every admin list pages past 100 items (X-Total-Count, Content-Range, distinct pages)', () => {
  let stack: TestStack;
  let db: Connection;
  let admin: TestAccount;
  let customer: TestAccount;
  let blogId: string;

  /** Clones the document `filter` finds in `collection` CLONES times (`tag` keeps their keys apart from other clones'). */
  async function multiply(collection: string, filter: Record<string, unknown>, change?: (doc: Doc, i: number) => void, tag = 'p'): Promise<void> {
    const template = (await db.collection(collection).findOne(filter)) as Doc | null;
    if (!template) throw new Error(`no ${collection} template for ${JSON.stringify(filter)}`);
    await db.collection(collection).insertMany(clones(template, CLONES, tag, change));
  }

  beforeAll(async () => {
    stack = await startTestStack();
    db = stack.app.get<Connection>(getConnectionToken());
    admin = await createAccount(stack, 'admin');
    customer = await createAccount(stack, 'customer');

    const category = await createCategory(stack, admin, 'Paging shirts');
    await multiply('categories', { _id: new Types.ObjectId(category) });

    const product = await createProduct(stack, admin, category, { name: 'Paging tee', countInStock: 500, quantity: 500 });
    await multiply('products', { _id: new Types.ObjectId(product._id) });
    await multiply(
      'products',
      { _id: new Types.ObjectId(product._id) },
      (doc) => {
        doc.status = 'pending';
      },
      'q',
    );

    await multiply('users', { email: customer.email });

    await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: product._id, quantity: 1 }).expect(201);
    const order = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', customer.bearer)
      .send({
        shippingAddress: {
          fullName: 'Pat Paging',
          address: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
          phone: '+12015550123',
        },
        paymentMethod: 'cod',
      });
    if (order.status !== 201) throw new Error(`order failed: ${order.status} ${JSON.stringify(order.body)}`);
    await multiply('orders', { _id: new Types.ObjectId(order.body.id as string) });

    const coupon = await stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code: 'PAGING10', type: 'percent', value: 10 })
      .expect(201);
    await multiply('coupons', { _id: new Types.ObjectId(coupon.body._id as string) });

    const blog = await stack
      .http()
      .post('/api/blogs')
      .set('Authorization', admin.bearer)
      .send({ title: 'Paging post', body: 'A post with many comments.', published: true })
      .expect(201);
    blogId = blog.body._id as string;
    await multiply('blogs', { _id: new Types.ObjectId(blogId) });

    await stack.http().post('/api/comments').set('Authorization', customer.bearer).send({ blog: blogId, text: 'First!' }).expect(201);
    await multiply('comments', { blog: new Types.ObjectId(blogId) });

    await stack.http().post('/api/newsletter/subscribe').send({ email: 'paging-reader@example.com' }).expect(201);
    await multiply('newsletter_subscribers', { email: 'paging-reader@example.com' });

    await stack
      .http()
      .post('/api/contact')
      .send({ name: 'Pat Paging', email: 'pat@example.com', subject: 'Paging question', message: 'Do lists page past 100?' })
      .expect(201);
    await multiply('contact_messages', { email: 'pat@example.com' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The console's lists: API path, extra query, the records of that list in the database. */
  const lists: Array<{ name: string; path: string; query?: () => Record<string, string>; resource: string; count: () => Promise<number> }> = [
    { name: 'users', path: '/api/users', resource: 'users', count: () => db.collection('users').countDocuments({}) },
    { name: 'categories', path: '/api/category', resource: 'category', count: () => db.collection('categories').countDocuments({}) },
    {
      name: 'all products (an admin sees every status)',
      path: '/api/products',
      resource: 'products',
      count: () => db.collection('products').countDocuments({}),
    },
    {
      name: 'moderation queue (pending products)',
      path: '/api/products',
      resource: 'products',
      query: () => ({ filter: JSON.stringify({ status: 'pending' }) }),
      count: () => db.collection('products').countDocuments({ status: 'pending' }),
    },
    { name: 'orders', path: '/api/orders', resource: 'orders', count: () => db.collection('orders').countDocuments({}) },
    { name: 'coupons', path: '/api/coupons', resource: 'coupons', count: () => db.collection('coupons').countDocuments({}) },
    { name: 'blog posts', path: '/api/blogs', resource: 'blogs', count: () => db.collection('blogs').countDocuments({}) },
    {
      name: "a post's comments",
      path: '/api/comments',
      resource: 'comments',
      query: () => ({ blog: blogId }),
      count: () => db.collection('comments').countDocuments({ blog: new Types.ObjectId(blogId) }),
    },
    {
      name: 'newsletter subscribers',
      path: '/api/newsletter/subscribers',
      resource: 'subscribers',
      count: () => db.collection('newsletter_subscribers').countDocuments({}),
    },
    { name: 'contact messages', path: '/api/contact', resource: 'contact', count: () => db.collection('contact_messages').countDocuments({}) },
  ];

  it.each(lists.map((l) => [l.name, l]))('%s: pages 2 and 3 over HTTP hold the next distinct items, with the server total', async (_name, list) => {
    const total = await list.count();
    expect(total).toBeGreaterThan(2 * PER_PAGE);
    const extra = list.query?.() ?? {};
    const get = (query: Record<string, string>) =>
      stack
        .http()
        .get(list.path)
        .query({ ...extra, ...query })
        .set('Authorization', admin.bearer);

    const first = await get({ page: '1', perPage: String(PER_PAGE) });
    const second = await get({ page: '2', perPage: String(PER_PAGE) });
    // react-admin's way: range=[100,149].
    const third = await get({ range: JSON.stringify([2 * PER_PAGE, 3 * PER_PAGE - 1]) });
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(total));
    }
    expect(second.headers['content-range']).toBe(`${list.resource} ${PER_PAGE}-${2 * PER_PAGE - 1}/${total}`);
    const thirdCount = Math.min(PER_PAGE, total - 2 * PER_PAGE);
    expect(third.headers['content-range']).toBe(`${list.resource} ${2 * PER_PAGE}-${2 * PER_PAGE + thirdCount - 1}/${total}`);
    expect(first.body).toHaveLength(PER_PAGE);
    expect(second.body).toHaveLength(PER_PAGE);
    expect(third.body).toHaveLength(thirdCount);

    const ids = [...first.body, ...second.body, ...third.body].map((item: { _id?: string; id?: string }) => item._id ?? item.id);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
