import { Types } from 'mongoose';
import { createProduct, type TestAccount } from '../support/fixtures';
import { postReview, startReviewWorld } from '../support/review-fixtures';
import type { TestStack } from '../support/test-stack';

interface ProductAnswer {
  rating: number;
  numReviews: number;
  reviews: Array<{ _id: string; name: string; rating: number; comment: string; status: string }>;
}

/** A customer edits their own review at PUT /api/products/{id}/reviews/mine (a second POST answers 409). */
describe("editing one's own review (PUT /api/products/{id}/reviews/mine)", () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let category: string;

  beforeAll(async () => {
    ({ stack, admin, ann, bob, category } = await startReviewWorld('Editable'));
  });
  afterAll(() => stack?.stop());

  const post = (who: TestAccount, id: string, body: Record<string, unknown>) => postReview(stack, who, id, body);
  const edit = (who: TestAccount | undefined, id: string, body: Record<string, unknown>) => {
    const req = stack.http().put(`/api/products/${id}/reviews/mine`);
    return (who ? req.set('Authorization', who.bearer) : req).send(body);
  };
  const product = async (id: string) => (await stack.http().get(`/api/products/${id}`)).body as ProductAnswer;

  it("rewrites the rating and text of the caller's own review and recomputes the average; the others' reviews stay as they were", async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Edited scarf' }))._id;
    expect((await post(ann, id, { rating: 2, comment: 'Too short' })).status).toBe(201);
    expect((await post(bob, id, { rating: 4, comment: 'Nice colour' })).status).toBe(201);
    expect(await product(id)).toMatchObject({ rating: 3, numReviews: 2 });

    const edited = await edit(ann, id, { rating: 5, comment: '  Longer than I thought, and warm.  ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: 'Review updated',
      rating: 4.5,
      numReviews: 2,
      review: { name: ann.username, rating: 5, comment: 'Longer than I thought, and warm.', status: 'approved' },
    });

    const after = await product(id);
    expect(after).toMatchObject({ rating: 4.5, numReviews: 2 });
    expect(after.reviews.map((r) => [r.name, r.rating, r.comment]).sort()).toEqual(
      [
        [ann.username, 5, 'Longer than I thought, and warm.'],
        [bob.username, 4, 'Nice colour'],
      ].sort(),
    );
    const mine = await stack.http().get(`/api/products/${id}/reviews/mine`).set('Authorization', ann.bearer);
    expect(mine.body.review).toMatchObject({ rating: 5, comment: 'Longer than I thought, and warm.' });
    // Still one review per customer: the edit did not add one, and a second POST still answers 409.
    expect((await post(ann, id, { rating: 1, comment: 'Again' })).status).toBe(409);
  });

  it('validates like a new review and answers 401 signed out, 404 without an own review or product', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Validated hat' }))._id;
    expect((await post(ann, id, { rating: 3, comment: 'Fine' })).status).toBe(201);
    for (const rating of [0, 6, 3.5, '5']) {
      const res = await edit(ann, id, { rating, comment: 'Nice' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Rating must be a whole number from 1 to 5');
    }
    const empty = await edit(ann, id, { rating: 4, comment: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Review cannot be empty');
    expect((await edit(ann, id, { rating: 4, comment: 'x'.repeat(501) })).status).toBe(400);
    expect((await edit(ann, id, { rating: 4, comment: 'ok', name: 'Someone else' })).status).toBe(400);
    expect((await edit(undefined, id, { rating: 4, comment: 'ok' })).status).toBe(401);

    // Bob wrote none: his PUT edits nothing (never Ann's review).
    const none = await edit(bob, id, { rating: 1, comment: 'Not mine to change' });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
    expect((await product(id)).reviews).toEqual([expect.objectContaining({ name: ann.username, rating: 3, comment: 'Fine' })]);

    expect((await edit(ann, new Types.ObjectId().toString(), { rating: 4, comment: 'ok' })).body).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await edit(ann, 'not-an-id', { rating: 4, comment: 'ok' })).status).toBe(404);
  });

  it('an edited rejected review waits for approval again, out of the rating until an admin approves it', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Moderated boots' }))._id;
    expect((await post(ann, id, { rating: 5, comment: 'Great boots' })).status).toBe(201);
    const bobs = await post(bob, id, { rating: 1, comment: 'Rude words' });
    const bobsId = bobs.body.review._id as string;
    expect(
      (
        await stack
          .http()
          .patch('/api/reviews/status')
          .set('Authorization', admin.bearer)
          .send({ ids: [bobsId], status: 'rejected' })
      ).status,
    ).toBe(200);
    expect(await product(id)).toMatchObject({ rating: 5, numReviews: 1 });

    const edited = await edit(bob, id, { rating: 3, comment: 'Comfortable after a week' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 5, numReviews: 1, review: { status: 'pending', rating: 3 } });
    expect((await product(id)).reviews.map((r) => r.comment)).toEqual(['Great boots']);

    expect(
      (
        await stack
          .http()
          .patch('/api/reviews/status')
          .set('Authorization', admin.bearer)
          .send({ ids: [bobsId], status: 'approved' })
      ).status,
    ).toBe(200);
    expect(await product(id)).toMatchObject({ rating: 4, numReviews: 2 });
  });
});

describe('editing a review with REVIEW_MODERATION=pre', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  let category: string;

  beforeAll(async () => {
    ({ stack, admin, ann, category } = await startReviewWorld('Pre-moderated', { REVIEW_MODERATION: 'pre' }));
  });
  afterAll(() => stack?.stop());

  it('takes an approved review out of the rating until the edit is approved', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Checked jacket' }))._id;
    const first = await stack.http().post(`/api/products/${id}/reviews`).set('Authorization', ann.bearer).send({ rating: 4, comment: 'Good' });
    const reviewId = first.body.review._id as string;
    await stack
      .http()
      .patch('/api/reviews/status')
      .set('Authorization', admin.bearer)
      .send({ ids: [reviewId], status: 'approved' })
      .expect(200);
    expect((await stack.http().get(`/api/products/${id}`)).body).toMatchObject({ rating: 4, numReviews: 1 });

    const edited = await stack
      .http()
      .put(`/api/products/${id}/reviews/mine`)
      .set('Authorization', ann.bearer)
      .send({ rating: 2, comment: 'Seams came apart' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 0, numReviews: 0, review: { status: 'pending', rating: 2, comment: 'Seams came apart' } });

    await stack
      .http()
      .patch('/api/reviews/status')
      .set('Authorization', admin.bearer)
      .send({ ids: [reviewId], status: 'approved' })
      .expect(200);
    const after = (await stack.http().get(`/api/products/${id}`)).body as ProductAnswer;
    expect(after).toMatchObject({ rating: 2, numReviews: 1 });
    expect(after.reviews[0]).toMatchObject({ comment: 'Seams came apart' });
  });
});
