import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('reviews (/api/products/{id}/reviews)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let productId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, bob] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'customer'), createAccount(stack, 'customer')]);
    const category = await createCategory(stack, admin, 'Knitwear');
    productId = (await createProduct(stack, admin, category, { name: 'Cardigan' }))._id;
  });
  afterAll(() => stack?.stop());

  const post = (who: TestAccount | undefined, body: Record<string, unknown>, id = productId) => {
    const req = stack.http().post(`/api/products/${id}/reviews`);
    return (who ? req.set('Authorization', who.bearer) : req).send(body);
  };

  it('refuses ratings 0, 6, 3.5 and "5" and an empty or too long comment (400)', async () => {
    for (const rating of [0, 6, 3.5, '5']) {
      const res = await post(ann, { rating, comment: 'Nice' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Rating must be a whole number from 1 to 5');
    }
    const empty = await post(ann, { rating: 4, comment: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Review cannot be empty');
    expect((await post(ann, { rating: 4, comment: 'x'.repeat(501) })).status).toBe(400);
    expect((await post(ann, { rating: 4, comment: 'ok', name: 'Someone else' })).status).toBe(400);
    expect((await post(undefined, { rating: 4, comment: 'ok' })).status).toBe(401);
  });

  it('stores one review per user with the name from the token, as text; a second answers 409', async () => {
    const first = await post(ann, { rating: 5, comment: '  <b>Lovely</b> & warm  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      rating: 5,
      numReviews: 1,
      review: { name: ann.username, rating: 5, comment: '<b>Lovely</b> & warm', verifiedPurchase: false },
    });
    const second = await post(ann, { rating: 1, comment: 'Changed my mind' });
    expect(second.status).toBe(409);
    const product = await stack.http().get(`/api/products/${productId}`);
    expect(product.body).toMatchObject({ rating: 5, numReviews: 1 });
    expect(product.body.reviews).toHaveLength(1);
    expect(product.body.reviews[0].comment).toBe('<b>Lovely</b> & warm');
  });

  it("answers the caller's own review at /reviews/mine (null when none; 401 signed out; 404 for a missing product)", async () => {
    const mine = (who: TestAccount | undefined, id = productId) => {
      const req = stack.http().get(`/api/products/${id}/reviews/mine`);
      return who ? req.set('Authorization', who.bearer) : req;
    };
    const annsOwn = await mine(ann);
    expect(annsOwn.status).toBe(200);
    expect(annsOwn.body.review).toMatchObject({ name: ann.username, rating: 5, comment: '<b>Lovely</b> & warm' });
    const bobsOwn = await mine(bob);
    expect(bobsOwn.status).toBe(200);
    expect(bobsOwn.body).toEqual({ review: null });
    expect((await mine(undefined)).status).toBe(401);
    expect((await mine(ann, new Types.ObjectId().toString())).status).toBe(404);
    expect((await mine(ann, 'not-an-id')).status).toBe(404);
  });

  it('recomputes rating and numReviews, also when an admin deletes a review', async () => {
    const res = await post(bob, { rating: 2, comment: 'Itchy' });
    expect(res.body).toMatchObject({ rating: 3.5, numReviews: 2 });
    const reviewId = res.body.review._id as string;
    expect((await stack.http().delete(`/api/products/${productId}/reviews/${reviewId}`).set('Authorization', bob.bearer)).status).toBe(403);
    const removed = await stack.http().delete(`/api/products/${productId}/reviews/${reviewId}`).set('Authorization', admin.bearer);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ rating: 5, numReviews: 1 });
    const product = await stack.http().get(`/api/products/${productId}`);
    expect(product.body).toMatchObject({ rating: 5, numReviews: 1 });
    expect((await stack.http().delete(`/api/products/${productId}/reviews/${reviewId}`).set('Authorization', admin.bearer)).status).toBe(404);
    const malformed = await stack.http().delete(`/api/products/${productId}/reviews/bad`).set('Authorization', admin.bearer);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ code: 'REVIEW_NOT_FOUND', message: 'Review not found' });
  });

  it('keeps the counts right under concurrent reviews', async () => {
    const category = await createCategory(stack, admin, 'Concurrency');
    const id = (await createProduct(stack, admin, category, { name: 'Busy tee' }))._id;
    const people = await Promise.all([1, 2, 3, 4].map(() => createAccount(stack, 'customer')));
    const results = await Promise.all(people.map((who, i) => post(who, { rating: i + 1, comment: 'Concurrent' }, id)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const product = await stack.http().get(`/api/products/${id}`);
    expect(product.body).toMatchObject({ numReviews: 4, rating: 2.5 });
  });

  it('flags a verified purchase when the user has ordered the product', async () => {
    const category = await createCategory(stack, admin, 'Verified');
    const id = (await createProduct(stack, admin, category, { name: 'Bought scarf' }))._id;
    const buyer = await createAccount(stack, 'customer');
    const db = stack.app.get<Connection>(getConnectionToken());
    await db.collection('orders').insertOne({ user: new Types.ObjectId(buyer.id), items: [{ product: new Types.ObjectId(id), quantity: 1 }] });
    const res = await post(buyer, { rating: 4, comment: 'Bought it' }, id);
    expect(res.status).toBe(201);
    expect(res.body.review.verifiedPurchase).toBe(true);
  });

  it('answers 404 for a malformed, unknown or unpublished product', async () => {
    expect((await post(ann, { rating: 4, comment: 'x' }, 'nope')).status).toBe(404);
    expect((await post(ann, { rating: 4, comment: 'x' }, '665f1c2e9d1e8a0012345678')).status).toBe(404);
    const distributor = await createAccount(stack, 'distributor');
    const category = await createCategory(stack, admin, 'Pending reviews');
    const pending = await createProduct(stack, distributor, category, { name: 'Not yet' });
    expect((await post(ann, { rating: 4, comment: 'x' }, pending._id)).status).toBe(404);
  });
});
