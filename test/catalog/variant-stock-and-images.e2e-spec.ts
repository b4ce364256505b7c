/**
 * Variants as the console and the shopper see them (issue #39): a product is low on stock when any one size or
 * colour is at the shop's one threshold or below (the console's stock filter and the dashboard's low-stock card,
 * naming the variant), and the chosen colour's picture follows the line into the cart, the order and its mail.
 */
import { LOW_STOCK_THRESHOLD } from '../../apps/api/src/products/stock-levels';
import { ADDRESS, createAccount, createCategory, createProduct, pngImage, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

interface LowStockVariant {
  sku: string;
  size: string | null;
  colour: string | null;
  countInStock: number;
}
interface LowStockProduct {
  id: string;
  name: string;
  countInStock: number;
  variants: LowStockVariant[];
}

const BLACK_IMAGE = 'https://cdn.example.com/trainers-black.jpg';
const GREEN_IMAGE = 'https://cdn.example.com/trainers-green.jpg';
const MAIN_IMAGE = 'https://cdn.example.com/trainers-main.jpg';

describe('variants: low stock per size or colour, and the chosen colour pictured in cart, order and mail', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let shoes: string;
  /** Sizes 39 to 41, 41 with 1 left: 19 in total, far above the threshold. */
  let oneLeftInASize: string;
  /** Every size above the threshold. */
  let wellStocked: string;
  /** Sold out in size 40 only. */
  let soldOutSize: string;
  /** No variants, 3 left. */
  let plainLow: string;

  const ids = () => [oneLeftInASize, wellStocked, soldOutSize, plainLow];
  const listByLevel = async (stock: string): Promise<string[]> => {
    const res = await stack
      .http()
      .get('/api/products')
      .query({ filter: JSON.stringify({ id: ids(), stock }), sort: JSON.stringify(['name', 'ASC']) })
      .set('Authorization', admin.bearer)
      .expect(200);
    return (res.body as { name: string }[]).map((p) => p.name);
  };

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    admin = await createAccount(stack, 'admin');
    shoes = await createCategory(stack, admin, 'Variant shoes');
    const sizes = (counts: number[]) =>
      counts.map((countInStock, i) => ({ sku: `S${39 + i}-${counts.join('-')}`, size: String(39 + i), colour: 'White', countInStock }));
    oneLeftInASize = (await createProduct(stack, admin, shoes, { name: 'Court one left', variants: sizes([10, 8, 1]) }))._id;
    wellStocked = (await createProduct(stack, admin, shoes, { name: 'Court well stocked', variants: sizes([10, 8, 6]) }))._id;
    soldOutSize = (await createProduct(stack, admin, shoes, { name: 'Court sold-out size', variants: sizes([12, 0, 9]) }))._id;
    plainLow = (await createProduct(stack, admin, shoes, { name: 'Court plain low', countInStock: 3 }))._id;
  });
  afterAll(() => stack?.stop());

  describe('low stock per variant', () => {
    it('flags a product in the low-stock filter when one size is at the threshold or below, though its total is well above', async () => {
      expect(await listByLevel('low_stock')).toEqual(['Court one left', 'Court plain low', 'Court sold-out size']);
      expect(await listByLevel('in_stock')).toEqual(['Court well stocked']);
      expect(await listByLevel('sold_out')).toEqual([]);
    });

    it("names the low variants on the dashboard's low-stock card, lowest first, with the shop's one threshold", async () => {
      const res = await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200);
      expect(res.body.lowStockThreshold).toBe(LOW_STOCK_THRESHOLD);
      const low = res.body.lowStockProducts as LowStockProduct[];
      const byName = new Map(low.map((p) => [p.name, p]));
      expect(byName.get('Court one left')).toMatchObject({
        id: oneLeftInASize,
        countInStock: 19,
        variants: [{ size: '41', colour: 'White', countInStock: 1 }],
      });
      expect(byName.get('Court sold-out size')).toMatchObject({ countInStock: 21, variants: [{ size: '40', countInStock: 0 }] });
      expect(byName.get('Court plain low')).toMatchObject({ countInStock: 3, variants: [] });
      expect(byName.has('Court well stocked')).toBe(false);
      // Lowest count (of the total or any variant) first: the sold-out size, then the size with 1 left, then 3 units.
      expect(low.map((p) => p.name)).toEqual(['Court sold-out size', 'Court one left', 'Court plain low']);
    });

    it('serves the threshold to the console (admins only)', async () => {
      const res = await stack.http().get('/api/products/stock-levels').set('Authorization', admin.bearer).expect(200);
      expect(res.body).toEqual({ lowStockThreshold: LOW_STOCK_THRESHOLD });
      const customer = await createAccount(stack);
      await stack.http().get('/api/products/stock-levels').set('Authorization', customer.bearer).expect(403);
      await stack.http().get('/api/products/stock-levels').expect(401);
    });
  });

  it("stores the distributor's Add Product form as it sends it: sizes × colours with their stock, the quantity as their sum, and specifications", async () => {
    const distributor = await createAccount(stack, 'distributor');
    const variants = [
      { sku: 'LS-S-NAVY', size: 'S', colour: 'Navy', countInStock: 3 },
      { sku: 'LS-S-RED', size: 'S', colour: 'Red', countInStock: 0 },
      { sku: 'LS-M-NAVY', size: 'M', colour: 'Navy', countInStock: 0 },
      { sku: 'LS-M-RED', size: 'M', colour: 'Red', countInStock: 1 },
    ];
    const res = await stack
      .http()
      .post('/api/products/add')
      .set('Authorization', distributor.bearer)
      .field('name', 'Form linen shirt')
      .field('brand', 'Threadline')
      .field('description', 'A breezy linen shirt.')
      .field('category', shoes)
      .field('price', '45')
      .field('quantity', '4')
      .field('countInStock', '4')
      .field('variants', JSON.stringify(variants))
      .field('specifications', JSON.stringify({ Material: 'Linen' }))
      .attach('image', await pngImage(), 'shirt.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', countInStock: 4, quantity: 4, specifications: { Material: 'Linen' } });
    expect((res.body.variants as LowStockVariant[]).map((v) => [v.sku, v.size, v.colour, v.countInStock])).toEqual(
      variants.map((v) => [v.sku, v.size, v.colour, v.countInStock]),
    );
  });

  describe("the chosen colour's picture", () => {
    let trainers: string;
    let buyer: TestAccount;

    beforeAll(async () => {
      trainers = (
        await createProduct(stack, admin, shoes, {
          name: 'Picture trainers',
          image: MAIN_IMAGE,
          variants: [
            { sku: 'PT-42-GRN', size: '42', colour: 'Green', countInStock: 5, image: GREEN_IMAGE },
            { sku: 'PT-42-BLK', size: '42', colour: 'Black', countInStock: 5, image: BLACK_IMAGE },
            { sku: 'PT-43-BLK', size: '43', colour: 'Black', countInStock: 5 },
          ],
        })
      )._id;
      buyer = await createAccount(stack);
    });

    it('shows the chosen colour in the cart line, and the main picture for a variant without one of its own', async () => {
      await stack
        .http()
        .post('/api/cart')
        .set('Authorization', buyer.bearer)
        .send({ productId: trainers, variantSku: 'PT-42-BLK', quantity: 1 })
        .expect(201);
      const cart = await stack
        .http()
        .post('/api/cart')
        .set('Authorization', buyer.bearer)
        .send({ productId: trainers, variantSku: 'PT-43-BLK', quantity: 1 })
        .expect(201);
      const lines = cart.body.items as { variant: { sku: string } | null; image: string }[];
      expect(lines.map((l) => [l.variant?.sku, l.image])).toEqual([
        ['PT-42-BLK', BLACK_IMAGE],
        ['PT-43-BLK', MAIN_IMAGE],
      ]);
      const read = await stack.http().get('/api/cart').set('Authorization', buyer.bearer).expect(200);
      expect(read.body.items[0].image).toBe(BLACK_IMAGE);
    });

    it("refuses a picture sent by the client: the line's picture only ever comes from the catalogue", async () => {
      const res = await stack
        .http()
        .post('/api/cart')
        .set('Authorization', buyer.bearer)
        .send({ productId: trainers, variantSku: 'PT-42-GRN', quantity: 1, image: 'https://evil.example/x.jpg' });
      expect(res.status).toBe(400);
    });

    it('keeps the chosen colour in the order lines and in the confirmation mail', async () => {
      const placed = await stack
        .http()
        .post('/api/orders')
        .set('Authorization', buyer.bearer)
        .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
        .expect(201);
      const items = placed.body.orderItems ?? placed.body.items;
      expect((items as { image: string; colour?: string; size?: string }[]).map((i) => [i.size, i.colour, i.image])).toEqual([
        ['42', 'Black', BLACK_IMAGE],
        ['43', 'Black', MAIN_IMAGE],
      ]);
      const order = await stack
        .http()
        .get(`/api/orders/${placed.body.id as string}`)
        .set('Authorization', buyer.bearer)
        .expect(200);
      expect(((order.body.orderItems ?? order.body.items) as { image: string }[])[0].image).toBe(BLACK_IMAGE);

      const mail = await until(
        async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.to.includes(buyer.email) && m.subject.includes('confirmed')),
        15_000,
        'the confirmation mail',
      );
      expect(mail.html).toContain(`<img src="${BLACK_IMAGE}"`);
      expect(mail.html).toContain(`<img src="${MAIN_IMAGE}"`);
      expect(mail.text).toContain('1 × Picture trainers (Size 42 · Black)');
    });
  });
});
