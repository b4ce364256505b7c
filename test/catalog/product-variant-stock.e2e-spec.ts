/**
 * Issue #23, defect 1: a product's stock lives in its variants when it has some. A top-level countInStock or
 * quantity that disagrees with the variants' sum used to be overridden silently ('Product successfully updated',
 * then 4 on reopening); now the API refuses it with 400 STOCK_MISMATCH and keeps what was stored.
 */
import { createAccount, type TestAccount, createCategory, createProduct, pngImage } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

interface StockView {
  countInStock: number;
  quantity: number;
  variants: Array<{ sku: string; size: string | null; colour: string | null; countInStock: number }>;
}

describe('product stock and its variants', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let tops: string;

  const sizes = () => [
    { sku: 'VS-S', size: 'S', colour: 'navy', countInStock: 1 },
    { sku: 'VS-M', size: 'M', colour: 'navy', countInStock: 3 },
  ];

  const read = async (id: string): Promise<StockView> => {
    const res = await stack.http().get(`/api/products/${id}`).set('Authorization', admin.bearer).expect(200);
    return res.body as StockView;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin');
    tops = await createCategory(stack, admin, 'Variant stock tops');
  });
  afterAll(() => stack?.stop());

  it('refuses a create whose countInStock disagrees with the variants (10 was stored as 4), and stores nothing', async () => {
    const res = await stack.http().post('/api/products').set('Authorization', admin.bearer).send({
      name: 'Refused sizes tee',
      description: 'Two sizes',
      price: 20,
      brand: 'Threadline',
      category: tops,
      image: 'https://cdn.example.com/tee.jpg',
      countInStock: 10,
      quantity: 10,
      variants: sizes(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'STOCK_MISMATCH',
      message:
        "Stock is the sum of the variants' stock (4), so countInStock 10 and quantity 10 can't be saved: change each variant's stock instead, or leave countInStock and quantity out",
      errors: {
        countInStock: "Stock is the sum of the variants' stock (4); edit it per variant",
        quantity: "Stock is the sum of the variants' stock (4); edit it per variant",
      },
    });
    const list = await stack.http().get('/api/products').query({ search: 'Refused sizes tee' }).set('Authorization', admin.bearer).expect(200);
    expect(list.body).toEqual([]);
  });

  it('refuses the same from the multipart form (POST /api/products/add)', async () => {
    const res = await stack
      .http()
      .post('/api/products/add')
      .set('Authorization', admin.bearer)
      .field('name', 'Refused form tee')
      .field('description', 'From a form')
      .field('price', '20')
      .field('category', tops)
      .field('brand', 'Threadline')
      .field('countInStock', '10')
      .field('variants', JSON.stringify(sizes()))
      .attach('image', await pngImage(), 'tee.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STOCK_MISMATCH', errors: { countInStock: expect.stringContaining('(4)') } });
  });

  it('accepts a create that leaves the top-level stock out, or repeats the sum', async () => {
    const without = await createProduct(stack, admin, tops, { name: 'Sum tee', variants: sizes() });
    expect(without).toMatchObject({ countInStock: 4, quantity: 4 });
    const repeated = await createProduct(stack, admin, tops, { name: 'Repeated sum tee', countInStock: 4, quantity: 4, variants: sizes() });
    expect(repeated).toMatchObject({ countInStock: 4, quantity: 4 });
  });

  it('refuses an update that sets Count In Stock and Quantity to 50 on a product with variants, and keeps the stored stock', async () => {
    const product = await createProduct(stack, admin, tops, { name: 'Update sizes tee', variants: sizes() });
    const res = await stack.http().put(`/api/products/${product._id}`).set('Authorization', admin.bearer).send({ countInStock: 50, quantity: 50 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'STOCK_MISMATCH',
      message: expect.stringContaining("variants' stock (4), so countInStock 50 and quantity 50 can't be saved"),
    });
    const onlyQuantity = await stack
      .http()
      .put(`/api/products/${product._id}`)
      .set('Authorization', admin.bearer)
      .send({ quantity: 50, name: 'Renamed too' });
    expect(onlyQuantity.status).toBe(400);
    expect(onlyQuantity.body.errors).toEqual({ quantity: "Stock is the sum of the variants' stock (4); edit it per variant" });
    // Nothing of a refused update is stored, not even its other fields.
    expect(await read(product._id)).toMatchObject({ name: 'Update sizes tee', countInStock: 4, quantity: 4 });
  });

  it('stores a per-variant stock edit, which the product total follows, and keeps it on reading back', async () => {
    const product = await createProduct(stack, admin, tops, { name: 'Per-variant tee', variants: sizes() });
    const edited = [
      { sku: 'VS-S', size: 'S', colour: 'navy', countInStock: 20 },
      { sku: 'VS-M', size: 'M', colour: 'navy', countInStock: 30 },
    ];
    const res = await stack
      .http()
      .put(`/api/products/${product._id}`)
      .set('Authorization', admin.bearer)
      .send({ variants: edited, countInStock: 50, quantity: 50 });
    expect(res.status).toBe(200);
    const stored = await read(product._id);
    expect(stored).toMatchObject({ countInStock: 50, quantity: 50 });
    expect(stored.variants.map((v) => [v.sku, v.size, v.colour, v.countInStock])).toEqual([
      ['VS-S', 'S', 'navy', 20],
      ['VS-M', 'M', 'navy', 30],
    ]);
  });

  it('lets the owner drop the variants and set one stock for the product', async () => {
    const product = await createProduct(stack, admin, tops, { name: 'No more sizes tee', variants: sizes() });
    const res = await stack
      .http()
      .put(`/api/products/${product._id}`)
      .set('Authorization', admin.bearer)
      .send({ variants: [], countInStock: 50, quantity: 50 });
    expect(res.status).toBe(200);
    expect(await read(product._id)).toMatchObject({ countInStock: 50, quantity: 50, variants: [] });
  });

  it('refuses a quantity that disagrees with countInStock on a product without variants (one was dropped before)', async () => {
    const product = await createProduct(stack, admin, tops, { name: 'Plain stock tee', countInStock: 5, quantity: 5 });
    const res = await stack.http().put(`/api/products/${product._id}`).set('Authorization', admin.bearer).send({ countInStock: 40, quantity: 50 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STOCK_MISMATCH', message: 'quantity (50) and countInStock (40) are the same stock and must be equal' });
    const ok = await stack.http().put(`/api/products/${product._id}`).set('Authorization', admin.bearer).send({ countInStock: 50, quantity: 50 });
    expect(ok.status).toBe(200);
    expect(await read(product._id)).toMatchObject({ countInStock: 50, quantity: 50 });
  });
});
