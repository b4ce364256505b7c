import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { createAccount, type TestAccount, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The checkout's shipping address (issue #38): the country must be one the shop ships to (SHIP_TO_COUNTRIES), the
 * phone a valid number of it (stored in E.164); the address goes to the customer's address book, which has its own
 * routes under /api/users/addresses.
 */
describe('checkout address and address book: /api/orders, /api/orders/shipping-countries, /api/users/addresses', () => {
  let stack: TestStack;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ env: { SHIP_TO_COUNTRIES: 'US,GB,DE' } });
    [ann, bob] = await Promise.all([createAccount(stack), createAccount(stack)]);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const db = () => stack.app.get<Connection>(getConnectionToken());
  const http = () => stack.http();
  const fillCart = async (who: TestAccount) => {
    const product = await insertProduct(stack, { countInStock: 50 });
    await http().post('/api/cart').set('Authorization', who.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
  };
  const order = (who: TestAccount, shippingAddress: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    http()
      .post('/api/orders')
      .set('Authorization', who.bearer)
      .send({ shippingAddress, paymentMethod: 'cod', ...extra });
  const book = (who: TestAccount) => http().get('/api/users/addresses').set('Authorization', who.bearer);
  const save = (who: TestAccount, address: Record<string, unknown>) =>
    http().post('/api/users/addresses').set('Authorization', who.bearer).send(address);
  const fresh = async () => createAccount(stack);

  it('lists the configured countries with their names, in order, to anyone', async () => {
    const res = await http().get('/api/orders/shipping-countries').expect(200);
    expect(res.body).toEqual([
      { code: 'US', name: 'United States' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'DE', name: 'Germany' },
    ]);
  });

  describe('placing an order', () => {
    it('refuses a phone that is not a number of the country: 400 naming shippingAddress.phone, no order, cart kept', async () => {
      await fillCart(ann);
      for (const phone of ['abc', '+1 555 0100', '+44 20 7946 0000']) {
        const res = await order(ann, { ...ADDRESS, phone }).expect(400);
        expect(res.body).toEqual(
          expect.objectContaining({
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            errors: { 'shippingAddress.phone': 'Phone must be a valid phone number of United States' },
          }),
        );
      }
      expect(
        await db()
          .collection('orders')
          .countDocuments({ user: new Types.ObjectId(ann.id) }),
      ).toBe(0);
      expect((await http().get('/api/cart').set('Authorization', ann.bearer).expect(200)).body.totalQuantity).toBe(1);
    });

    it('refuses a country the shop does not ship to, or free text, with 400 naming shippingAddress.country', async () => {
      for (const country of ['FR', 'USA', 'Germany']) {
        const res = await order(ann, { ...ADDRESS, country }).expect(400);
        expect(res.body.errors).toEqual({ 'shippingAddress.country': 'Choose a country we ship to' });
      }
    });

    it('marks every missing or too long field with its own message', async () => {
      const res = await order(ann, { fullName: '  ', address: '', city: 'x'.repeat(101), postalCode: '12345', country: 'US' }).expect(400);
      expect(res.body.errors).toEqual({
        'shippingAddress.fullName': 'Full name is required',
        'shippingAddress.address': 'Address is required',
        'shippingAddress.city': expect.stringContaining('city must be shorter than or equal to 100 characters'),
        'shippingAddress.phone': 'Phone is required',
      });
    });

    it('stores a valid phone in E.164 and the country code upper-cased, and saves the address to the book (the first is the default)', async () => {
      const res = await order(ann, { ...ADDRESS, country: 'us', phone: '(201) 555-0123' }).expect(201);
      expect(res.body.shippingAddress).toEqual({ ...ADDRESS, country: 'US', phone: '+12015550123' });
      const stored = await db()
        .collection('orders')
        .findOne({ _id: new Types.ObjectId(res.body.id as string) });
      expect(stored?.shippingAddress).toEqual(expect.objectContaining({ country: 'US', phone: '+12015550123' }));

      const listed = (await book(ann).expect(200)).body;
      expect(listed).toEqual([{ ...ADDRESS, _id: expect.any(String), id: expect.any(String), isDefault: true }]);

      // The same address again is not saved twice.
      await fillCart(ann);
      await order(ann, { ...ADDRESS, phone: '+1 201-555-0123' }).expect(201);
      expect((await book(ann).expect(200)).body).toHaveLength(1);
    });

    it('keeps a new address out of the book when saveAddress is false', async () => {
      const cleo = await fresh();
      await fillCart(cleo);
      await order(cleo, { ...ADDRESS, city: 'Berlin', country: 'DE', phone: '030 123456' }, { saveAddress: false }).expect(201);
      expect((await book(cleo).expect(200)).body).toEqual([]);
    });

    it('still reads an old order whose country and phone were free text', async () => {
      const id = new Types.ObjectId();
      const at = new Date();
      await db()
        .collection('orders')
        .insertOne({
          _id: id,
          user: new Types.ObjectId(ann.id),
          items: [],
          shippingAddress: {
            fullName: 'Ann Smith',
            address: '1 Main Street',
            city: 'Springfield',
            postalCode: '12345',
            country: 'USA',
            phone: '555 0100',
          },
          paymentMethod: 'cod',
          subtotalCents: 0,
          discountCents: 0,
          taxCents: 0,
          shippingCents: 0,
          totalCents: 0,
          status: 'pending',
          statusHistory: [{ status: 'pending', at }],
          createdAt: at,
          updatedAt: at,
        });
      const res = await http().get(`/api/orders/${id.toString()}`).set('Authorization', ann.bearer).expect(200);
      expect(res.body.shippingAddress).toEqual(expect.objectContaining({ country: 'USA', phone: '555 0100' }));
    });
  });

  describe('the address book', () => {
    const LONDON = {
      fullName: 'Ann Smith',
      address: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      country: 'GB',
      phone: '020 7946 0000',
    };

    it('adds, edits, makes default and deletes, answering the whole book each time', async () => {
      const dana = await fresh();
      const first = (await save(dana, ADDRESS).expect(201)).body;
      expect(first).toEqual([expect.objectContaining({ city: 'Springfield', isDefault: true })]);

      const second = (await save(dana, LONDON).expect(201)).body;
      expect(second).toEqual([
        expect.objectContaining({ city: 'Springfield', isDefault: true }),
        expect.objectContaining({ city: 'London', phone: '+442079460000', isDefault: false }),
      ]);
      const londonId = second[1].id as string;

      const edited = (
        await http()
          .put(`/api/users/addresses/${londonId}`)
          .set('Authorization', dana.bearer)
          .send({ ...LONDON, city: 'Westminster', isDefault: true })
          .expect(200)
      ).body;
      expect(edited).toEqual([
        expect.objectContaining({ city: 'Springfield', isDefault: false }),
        expect.objectContaining({ id: londonId, city: 'Westminster', isDefault: true }),
      ]);

      const back = (await http().put(`/api/users/addresses/${first[0].id}/default`).set('Authorization', dana.bearer).expect(200)).body;
      expect(back.map((a: { isDefault: boolean }) => a.isDefault)).toEqual([true, false]);

      // Deleting the default makes the first one left the default.
      const left = (await http().delete(`/api/users/addresses/${first[0].id}`).set('Authorization', dana.bearer).expect(200)).body;
      expect(left).toEqual([expect.objectContaining({ id: londonId, isDefault: true })]);
    });

    it('checks an address as the checkout does, and refuses a duplicate', async () => {
      const eve = await fresh();
      expect((await save(eve, { ...LONDON, phone: 'abc' }).expect(400)).body.errors).toEqual({
        phone: 'Phone must be a valid phone number of United Kingdom',
      });
      expect((await save(eve, { ...LONDON, country: 'FR' }).expect(400)).body.errors).toEqual({ country: 'Choose a country we ship to' });
      expect((await save(eve, { ...LONDON, fullName: '' }).expect(400)).body.errors).toEqual({ fullName: 'Full name is required' });
      expect((await save(eve, { ...LONDON, isAdmin: true }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      await save(eve, LONDON).expect(201);
      expect((await save(eve, { ...LONDON, phone: '+44 20 7946 0000' }).expect(409)).body.code).toBe('ADDRESS_EXISTS');
    });

    it('holds at most 5 addresses; an order with a sixth address is still placed, and not saved', async () => {
      const finn = await fresh();
      for (let i = 1; i <= 5; i++) await save(finn, { ...ADDRESS, address: `${i} Main Street` }).expect(201);
      expect((await save(finn, { ...ADDRESS, address: '6 Main Street' }).expect(400)).body.code).toBe('ADDRESS_BOOK_FULL');
      await fillCart(finn);
      await order(finn, { ...ADDRESS, address: '7 Main Street' }).expect(201);
      expect((await book(finn).expect(200)).body).toHaveLength(5);
    });

    it("keeps each customer's book private: another customer's address is unknown (404) and unchanged", async () => {
      const [annsFirst] = (await book(ann).expect(200)).body as { id: string }[];
      await http().put(`/api/users/addresses/${annsFirst.id}`).set('Authorization', bob.bearer).send(LONDON).expect(404);
      await http().put(`/api/users/addresses/${annsFirst.id}/default`).set('Authorization', bob.bearer).expect(404);
      expect((await http().delete(`/api/users/addresses/${annsFirst.id}`).set('Authorization', bob.bearer).expect(404)).body.code).toBe(
        'ADDRESS_NOT_FOUND',
      );
      expect((await book(bob).expect(200)).body).toEqual([]);
      expect((await book(ann).expect(200)).body).toEqual([expect.objectContaining({ id: annsFirst.id, city: 'Springfield' })]);
      await http().get('/api/users/addresses').expect(401);
      await http().delete('/api/users/addresses/not-an-id').set('Authorization', bob.bearer).expect(404);
    });
  });
});
