import { createAccount, type TestAccount, insertProduct, setProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('cart: /api/cart', () => {
  let stack: TestStack;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [ann, bob] = await Promise.all([createAccount(stack), createAccount(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const cartOf = async (who: TestAccount) => (await stack.http().get('/api/cart').set('Authorization', who.bearer).expect(200)).body;

  it('needs a signed-in caller', async () => {
    await stack.http().get('/api/cart').expect(401);
    await stack.http().post('/api/cart').send({ productId: '665f1c2e9d1e8a0012345678', quantity: 1 }).expect(401);
  });

  it('adds, adds again to the same line, sets, removes and empties, answering the cart each time', async () => {
    const tee = await insertProduct(stack, { priceCents: 1999, countInStock: 20 });
    const cap = await insertProduct(stack, { priceCents: 500, countInStock: 5 });
    let res = await stack
      .http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ userId: ann.id, productId: tee.id, quantity: 2 })
      .expect(201);
    expect(res.body).toEqual({
      userId: ann.id,
      items: [
        {
          productId: tee.id,
          name: tee.name,
          image: expect.any(String),
          price: 19.99,
          quantity: 2,
          variant: null,
          countInStock: 20,
          lineTotal: 39.98,
        },
      ],
      totalQuantity: 2,
      subtotal: 39.98,
    });
    expect(res.body.message).toBeUndefined();
    res = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 3 }).expect(201);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].quantity).toBe(5);
    res = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: cap.id }).expect(201);
    expect(res.body.totalQuantity).toBe(6);
    expect(res.body.subtotal).toBe(104.95);
    res = await stack
      .http()
      .put('/api/cart/update')
      .set('Authorization', ann.bearer)
      .send({ userId: ann.id, productId: tee.id, quantity: 1 })
      .expect(200);
    expect(res.body.items.find((i: { productId: string }) => i.productId === tee.id).quantity).toBe(1);
    expect(res.body.subtotal).toBe(24.99);
    res = await stack.http().get(`/api/cart?userId=${ann.id}`).set('Authorization', ann.bearer).expect(200);
    expect(res.body.totalQuantity).toBe(2);
    res = await stack.http().delete(`/api/cart/${cap.id}`).set('Authorization', ann.bearer).expect(200);
    expect(res.body.items.map((i: { productId: string }) => i.productId)).toEqual([tee.id]);
    await stack.http().delete(`/api/cart/${cap.id}`).set('Authorization', ann.bearer).expect(404);
    res = await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
    expect(res.body).toEqual({ userId: ann.id, items: [], totalQuantity: 0, subtotal: 0 });
    expect((await cartOf(ann)).items).toEqual([]);
  });

  it('shows the current catalog price, never a stored one', async () => {
    const tee = await insertProduct(stack, { priceCents: 1000, countInStock: 5 });
    await stack.http().post('/api/cart').set('Authorization', bob.bearer).send({ productId: tee.id, quantity: 1 }).expect(201);
    await setProduct(stack, tee.id, { priceCents: 1250 });
    expect((await cartOf(bob)).items.find((i: { productId: string }) => i.productId === tee.id).price).toBe(12.5);
    await stack.http().delete('/api/cart').set('Authorization', bob.bearer).expect(200);
  });

  it('a removal and adds sent at the same moment both count', async () => {
    const eve = await createAccount(stack);
    const [tee, cap, sock] = await Promise.all([
      insertProduct(stack, { countInStock: 50 }),
      insertProduct(stack, { countInStock: 50 }),
      insertProduct(stack, { countInStock: 50 }),
    ]);
    const send = (body: Record<string, unknown>) => stack.http().post('/api/cart').set('Authorization', eve.bearer).send(body);
    await send({ productId: tee.id, quantity: 3 }).expect(201);
    await send({ productId: sock.id, quantity: 1 }).expect(201);
    // The removal goes out among the adds, so some of them reach the cart while it is under way.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => send({ productId: cap.id, quantity: 1 })),
      stack.http().delete(`/api/cart/${tee.id}`).set('Authorization', eve.bearer),
      ...Array.from({ length: 10 }, () => send({ productId: sock.id, quantity: 1 })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(201), 200, ...Array(10).fill(201)]);
    const cart = await cartOf(eve);
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [cap.id, 10],
        [sock.id, 11],
      ].sort(),
    );
    await stack.http().delete(`/api/cart/${tee.id}`).set('Authorization', eve.bearer).expect(404);
  });

  it('answers an add with the product as it is now: a price or stock change made a moment ago shows', async () => {
    const dee = await createAccount(stack);
    const tee = await insertProduct(stack, { priceCents: 1000, countInStock: 5 });
    const cap = await insertProduct(stack, { priceCents: 300, countInStock: 5 });
    const add = (productId: string) => stack.http().post('/api/cart').set('Authorization', dee.bearer).send({ productId, quantity: 1 });
    await add(tee.id).expect(201);
    await add(cap.id).expect(201);
    await setProduct(stack, cap.id, { priceCents: 450 });
    await setProduct(stack, tee.id, { countInStock: 1 });
    const refused = await add(tee.id).expect(400);
    expect(refused.body.message).toBe(`Only 1 left in stock for ${tee.name}`);
    const res = await add(cap.id).expect(201);
    expect(res.body.items.map((i: { price: number; quantity: number }) => [i.price, i.quantity])).toEqual([
      [10, 1],
      [4.5, 2],
    ]);
    expect(res.body.items[0].countInStock).toBe(1);
  });

  it('refuses a client-sent price by the whitelist', async () => {
    const tee = await insertProduct(stack, { priceCents: 1000 });
    const res = await stack
      .http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ productId: tee.id, quantity: 1, price: 0.01 })
      .expect(400);
    expect(res.body.message).toMatch(/price should not exist/);
    await stack.http().put('/api/cart/update').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 1, priceCents: 1 }).expect(400);
    expect((await cartOf(ann)).items).toEqual([]);
  });

  it('takes whole quantities from 1 to 99 only', async () => {
    const tee = await insertProduct(stack, { countInStock: 500 });
    for (const quantity of [0, -1, 1.5, 100, '2', null]) {
      await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity }).expect(400);
    }
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 99 }).expect(201);
    const over = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 1 }).expect(400);
    expect(over.body.message).toBe('At most 99 of one item fit in a cart');
    await stack.http().put('/api/cart/update').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 0 }).expect(400);
    await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
  });

  it('answers 400 naming how many are left when asking for more than is in stock', async () => {
    const tee = await insertProduct(stack, { name: 'Linen Shirt', countInStock: 3 });
    const res = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 4 }).expect(400);
    expect(res.body.message).toBe('Only 3 left in stock for Linen Shirt');
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 2 }).expect(201);
    const again = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 2 }).expect(400);
    expect(again.body.message).toBe('Only 3 left in stock for Linen Shirt');
    const none = await insertProduct(stack, { name: 'Sold Out Cap', countInStock: 0 });
    const out = await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: none.id, quantity: 1 }).expect(400);
    expect(out.body.message).toBe('Sold Out Cap is out of stock (0 left)');
    await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
  });

  it('handles variants: sku required, own stock and price, shown with size and colour', async () => {
    const tee = await insertProduct(stack, {
      priceCents: 2000,
      countInStock: 5,
      variants: [
        { sku: 'T-S', size: 'S', colour: 'Black', countInStock: 2 },
        { sku: 'T-L', size: 'L', colour: 'White', priceCents: 2200, countInStock: 3 },
      ],
    });
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 1 }).expect(400);
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 1, variantSku: 'T-XXL' }).expect(400);
    const tooMany = await stack
      .http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ productId: tee.id, quantity: 3, variantSku: 'T-S' })
      .expect(400);
    expect(tooMany.body.message).toMatch(/Only 2 left/);
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 2, variantSku: 'T-S' }).expect(201);
    const res = await stack
      .http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ productId: tee.id, quantity: 1, variantSku: 'T-L' })
      .expect(201);
    expect(res.body.items).toEqual([
      expect.objectContaining({ variant: { sku: 'T-S', size: 'S', colour: 'Black' }, price: 20, quantity: 2 }),
      expect.objectContaining({ variant: { sku: 'T-L', size: 'L', colour: 'White' }, price: 22, quantity: 1 }),
    ]);
    expect(res.body.subtotal).toBe(62);
    const after = await stack.http().delete(`/api/cart/${tee.id}?variantSku=T-S`).set('Authorization', ann.bearer).expect(200);
    expect(after.body.items.map((i: { variant: { sku: string } }) => i.variant.sku)).toEqual(['T-L']);
    await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
  });

  it('counts every one of many adds sent at once (two tabs, a double click), and never goes past the stock', async () => {
    const carol = await createAccount(stack);
    const tee = await insertProduct(stack, { countInStock: 50 });
    const cap = await insertProduct(stack, { countInStock: 50 });
    const sock = await insertProduct(stack, { countInStock: 50, variants: [{ sku: 'S-M', size: 'M', countInStock: 12 }] });
    const add = (body: Record<string, unknown>) => stack.http().post('/api/cart').set('Authorization', carol.bearer).send(body);
    // The first add creates the cart; then 15 adds of one product, 10 of another and 15 of one variant at once.
    await add({ productId: tee.id, quantity: 1 }).expect(201);
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () => add({ productId: tee.id, quantity: 1 })),
      ...Array.from({ length: 10 }, () => add({ productId: cap.id, quantity: 2 })),
      ...Array.from({ length: 15 }, () => add({ productId: sock.id, variantSku: 'S-M', quantity: 1 })),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 25).every((s) => s === 201)).toBe(true);
    // Only 12 of the variant are in stock: 12 adds succeed, the other 3 are refused, naming how many are left.
    expect(statuses.slice(25).filter((s) => s === 201)).toHaveLength(12);
    expect(
      answers
        .slice(25)
        .filter((a) => a.status === 400)
        .map((a) => a.body.message),
    ).toEqual(Array(3).fill(`Only 12 left in stock for ${sock.name}`));
    const cart = await cartOf(carol);
    const quantityOf = (id: string) =>
      cart.items.filter((i: { productId: string }) => i.productId === id).map((i: { quantity: number }) => i.quantity);
    expect(quantityOf(tee.id)).toEqual([16]);
    expect(quantityOf(cap.id)).toEqual([20]);
    expect(quantityOf(sock.id)).toEqual([12]);
    expect(cart.totalQuantity).toBe(48);
  });

  it('a malformed product id in the path answers 404 CART_ITEM_NOT_FOUND; an unknown query parameter answers 400', async () => {
    const malformed = await stack.http().delete('/api/cart/not-an-id').set('Authorization', ann.bearer).expect(404);
    expect(malformed.body).toEqual(expect.objectContaining({ code: 'CART_ITEM_NOT_FOUND', message: 'This item is not in your cart' }));
    const unknown = await stack.http().get('/api/cart?user=x').set('Authorization', ann.bearer).expect(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    // The caller's own id is accepted (the spec's GET /api/cart?userId=), and changes nothing.
    expect((await stack.http().get(`/api/cart?userId=${ann.id}`).set('Authorization', ann.bearer).expect(200)).body.userId).toBe(ann.id);
  });

  it('answers 404 for an unknown or unpublished product', async () => {
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: '665f1c2e9d1e8a0012345678', quantity: 1 }).expect(404);
    const draft = await insertProduct(stack, { status: 'draft' });
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: draft.id, quantity: 1 }).expect(404);
    await stack
      .http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ productId: { $ne: null }, quantity: 1 })
      .expect(400);
  });

  describe('user B cannot read or change user A’s cart', () => {
    let tee: { id: string };
    beforeAll(async () => {
      tee = await insertProduct(stack, { countInStock: 50 });
      await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 2 }).expect(201);
    });
    const annCart = async () => (await cartOf(ann)).items.map((i: { productId: string; quantity: number }) => `${i.productId}x${i.quantity}`);

    it('userId in the body or query answers 403', async () => {
      await stack.http().post('/api/cart').set('Authorization', bob.bearer).send({ userId: ann.id, productId: tee.id, quantity: 5 }).expect(403);
      await stack
        .http()
        .put('/api/cart/update')
        .set('Authorization', bob.bearer)
        .send({ userId: ann.id, productId: tee.id, quantity: 9 })
        .expect(403);
      const read = await stack.http().get(`/api/cart?userId=${ann.id}`).set('Authorization', bob.bearer).expect(403);
      expect(read.body.items).toBeUndefined();
      await stack.http().delete(`/api/cart/${tee.id}?userId=${ann.id}`).set('Authorization', bob.bearer).expect(403);
      await stack.http().delete(`/api/cart?userId=${ann.id}`).set('Authorization', bob.bearer).expect(403);
      expect(await annCart()).toEqual([`${tee.id}x2`]);
    });

    it('an admin is refused too (a cart is personal)', async () => {
      const admin = await createAccount(stack, 'admin');
      await stack.http().get(`/api/cart?userId=${ann.id}`).set('Authorization', admin.bearer).expect(403);
    });

    it('duplicated JSON keys never reach A’s cart', async () => {
      // JSON.parse keeps the last value: either it is A's id (403) or B's own (B's own cart changes).
      const annLast = `{"userId":"${bob.id}","userId":"${ann.id}","productId":"${tee.id}","quantity":7}`;
      await stack.http().post('/api/cart').set('Authorization', bob.bearer).set('Content-Type', 'application/json').send(annLast).expect(403);
      const bobLast = `{"userId":"${ann.id}","userId":"${bob.id}","productId":"${tee.id}","quantity":7}`;
      const res = await stack
        .http()
        .post('/api/cart')
        .set('Authorization', bob.bearer)
        .set('Content-Type', 'application/json')
        .send(bobLast)
        .expect(201);
      expect(res.body.userId).toBe(bob.id);
      expect(await annCart()).toEqual([`${tee.id}x2`]);
    });

    it('repeated query keys are refused', async () => {
      const both = await stack.http().get(`/api/cart?userId=${bob.id}&userId=${ann.id}`).set('Authorization', bob.bearer).expect(400);
      expect(both.body.items).toBeUndefined();
      await stack.http().get(`/api/cart?userId=${ann.id}&userId=${bob.id}`).set('Authorization', bob.bearer).expect(400);
      await stack.http().delete(`/api/cart?userId=${bob.id}&userId=${ann.id}`).set('Authorization', bob.bearer).expect(400);
      await stack.http().get(`/api/cart?userId[$ne]=x`).set('Authorization', bob.bearer).expect(400);
      expect(await annCart()).toEqual([`${tee.id}x2`]);
    });
  });
});
