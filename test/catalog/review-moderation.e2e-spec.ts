import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createProduct, type TestAccount } from '../support/fixtures';
import { postReview, startReviewWorld } from '../support/review-fixtures';
import type { TestStack } from '../support/test-stack';

interface ModerationRow {
  _id: string;
  id: string;
  name: string;
  rating: number;
  comment: string;
  status: string;
  product: { _id: string; name: string };
  author: { _id: string; name: string };
}

describe('review moderation (/api/reviews), post-moderation by default', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let category: string;

  beforeAll(async () => {
    ({ stack, admin, ann, bob, category } = await startReviewWorld('Moderated'));
  });
  afterAll(() => stack?.stop());

  const review = (who: TestAccount, productId: string, rating: number, comment: string) => postReview(stack, who, productId, { rating, comment });
  const list = (query: Record<string, string>, who: TestAccount | null = admin) => {
    const req = stack.http().get('/api/reviews').query(query);
    return who ? req.set('Authorization', who.bearer) : req;
  };
  const moderate = (body: Record<string, unknown>, method: 'patch' | 'put' = 'patch', who: TestAccount = admin) =>
    stack.http()[method]('/api/reviews/status').set('Authorization', who.bearer).send(body);
  const product = async (id: string) =>
    (await stack.http().get(`/api/products/${id}`)).body as { rating: number; numReviews: number; reviews: Array<{ _id: string; status: string }> };

  it('approves a new review at once, and a rejection takes it out of the rating, the count and the product page', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Wool coat' }))._id;
    const good = await review(ann, id, 5, 'Warm and well made');
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ rating: 5, numReviews: 1, review: { status: 'approved' } });
    const bad = await review(bob, id, 1, 'Spam spam spam');
    expect(bad.body).toMatchObject({ rating: 3, numReviews: 2, review: { status: 'approved' } });
    const badId = bad.body.review._id as string;

    const rejected = await moderate({ ids: [badId], status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ status: 'rejected', ids: [badId], missing: [], products: [{ _id: id, rating: 5, numReviews: 1 }] });
    const after = await product(id);
    expect(after).toMatchObject({ rating: 5, numReviews: 1 });
    expect(after.reviews.map((r) => r._id)).not.toContain(badId);
    expect(after.reviews.every((r) => r.status === 'approved')).toBe(true);

    // The rejected review's author still sees it as theirs, with its status.
    const mine = await stack.http().get(`/api/products/${id}/reviews/mine`).set('Authorization', bob.bearer);
    expect(mine.body.review).toMatchObject({ _id: badId, status: 'rejected' });

    // Rejecting twice changes nothing; approving puts it back.
    expect((await moderate({ ids: [badId], status: 'rejected' }, 'put')).body.products).toEqual([{ _id: id, rating: 5, numReviews: 1 }]);
    const approved = await moderate({ ids: [badId], status: 'approved' }, 'put');
    expect(approved.body.products).toEqual([{ _id: id, rating: 3, numReviews: 2 }]);
    expect(await product(id)).toMatchObject({ rating: 3, numReviews: 2 });
  });

  it('bulk-approves and rejects across products, reporting unknown ids; top-rated products follow the new ratings', async () => {
    const a = (await createProduct(stack, admin, category, { name: 'Bulk scarf' }))._id;
    const b = (await createProduct(stack, admin, category, { name: 'Bulk hat' }))._id;
    const r1 = (await review(ann, a, 1, 'Scratchy')).body.review._id as string;
    const r2 = (await review(bob, a, 5, 'Soft')).body.review._id as string;
    const r3 = (await review(ann, b, 2, 'Too small')).body.review._id as string;
    const unknown = new Types.ObjectId().toString();
    const res = await moderate({ ids: [r1, r3, unknown], status: 'rejected' });
    expect(res.status).toBe(200);
    expect(res.body.ids.sort()).toEqual([r1, r3].sort());
    expect(res.body.missing).toEqual([unknown]);
    expect(res.body.products).toEqual(
      expect.arrayContaining([
        { _id: a, rating: 5, numReviews: 1 },
        { _id: b, rating: 0, numReviews: 0 },
      ]),
    );
    expect(await product(a)).toMatchObject({ rating: 5, numReviews: 1 });
    expect(await product(b)).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });
    const back = await moderate({ ids: [r1, r2, r3], status: 'approved' });
    expect(back.body.ids).toHaveLength(3);
    expect(await product(a)).toMatchObject({ rating: 3, numReviews: 2 });
    expect(await product(b)).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it('refuses a bad moderation: no ids, more than 100, malformed ids, pending as a status, only unknown ids, non-admins', async () => {
    const many = Array.from({ length: 101 }, () => new Types.ObjectId().toString());
    const tooMany = await moderate({ ids: many, status: 'approved' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'ids must be a list of 1 to 100 review ids' });
    expect((await moderate({ ids: [], status: 'approved' })).status).toBe(400);
    const malformed = await moderate({ ids: ['nope'], status: 'approved' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Each id must be a review id');
    const pending = await moderate({ ids: [new Types.ObjectId().toString()], status: 'pending' });
    expect(pending.status).toBe(400);
    expect(pending.body.message).toBe('status must be approved or rejected');
    const missing = await moderate({ ids: [new Types.ObjectId().toString()], status: 'approved' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'REVIEW_NOT_FOUND', message: 'Review not found' });
    expect((await moderate({ ids: [new Types.ObjectId().toString()], status: 'approved' }, 'patch', ann)).status).toBe(403);
    expect(
      (
        await stack
          .http()
          .patch('/api/reviews/status')
          .send({ ids: [new Types.ObjectId().toString()], status: 'approved' })
      ).status,
    ).toBe(401);
  });

  it('lists reviews with product and author, filtered by status, product, user and text, sorted and paged', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Listed linen shirt' }))._id;
    const annsId = (await review(ann, id, 4, 'Crisp linen, runs large')).body.review._id as string;
    const bobsId = (await review(bob, id, 2, 'Creases a lot')).body.review._id as string;
    await moderate({ ids: [bobsId], status: 'rejected' });

    const byProduct = await list({ filter: JSON.stringify({ product: id }) });
    expect(byProduct.status).toBe(200);
    expect(byProduct.headers['x-total-count']).toBe('2');
    expect(byProduct.headers['content-range']).toBe('reviews 0-1/2');
    const rows = byProduct.body as ModerationRow[];
    expect(rows.map((r) => r.id)).toEqual([bobsId, annsId]);
    expect(rows[1]).toMatchObject({
      _id: annsId,
      id: annsId,
      name: ann.username,
      rating: 4,
      comment: 'Crisp linen, runs large',
      status: 'approved',
      product: { _id: id, name: 'Listed linen shirt' },
      author: { _id: ann.id, name: ann.username },
    });

    const rejected = (await list({ filter: JSON.stringify({ product: id, status: 'rejected' }) })).body as ModerationRow[];
    expect(rejected.map((r) => r.id)).toEqual([bobsId]);
    const approved = (await list({ filter: JSON.stringify({ product: id, status: 'approved' }) })).body as ModerationRow[];
    expect(approved.map((r) => r.id)).toEqual([annsId]);
    expect(((await list({ filter: JSON.stringify({ q: 'RUNS LARGE' }) })).body as ModerationRow[]).map((r) => r.id)).toEqual([annsId]);
    expect(((await list({ filter: JSON.stringify({ q: 'listed linen', user: bob.id }) })).body as ModerationRow[]).map((r) => r.id)).toEqual([
      bobsId,
    ]);
    const byRating = (await list({ filter: JSON.stringify({ product: id }), sort: JSON.stringify(['rating', 'ASC']) })).body as ModerationRow[];
    expect(byRating.map((r) => r.rating)).toEqual([2, 4]);
    const paged = await list({ filter: JSON.stringify({ product: id }), page: '2', perPage: '1' });
    expect((paged.body as ModerationRow[]).map((r) => r.id)).toEqual([annsId]);
    expect(paged.headers['content-range']).toBe('reviews 1-1/2');

    expect((await list({ filter: JSON.stringify({ status: 'hidden' }) })).body).toMatchObject({
      code: 'INVALID_QUERY',
      message: 'filter status must be pending, approved or rejected',
    });
    expect((await list({ filter: JSON.stringify({ rating: 5 }) })).status).toBe(400);
    expect((await list({ sort: JSON.stringify(['comment', 'ASC']) })).status).toBe(400);
    expect((await list({}, ann)).status).toBe(403);
    expect((await list({}, null)).status).toBe(401);
  });

  it('counts a review stored before moderation existed (no status) as approved, and pages past 100 reviews', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Old favourite' }))._id;
    const db = stack.app.get<Connection>(getConnectionToken());
    const legacy = Array.from({ length: 120 }, (_, i) => ({
      _id: new Types.ObjectId(),
      user: new Types.ObjectId(),
      name: `old-reviewer-${i}`,
      rating: i < 60 ? 5 : 3,
      comment: `Old review ${i}`,
      verifiedPurchase: false,
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
    }));
    await db
      .collection('products')
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { reviews: legacy, numReviews: 120, ratingTotal: 480, rating: 4 } });

    const first = await list({ filter: JSON.stringify({ product: id, status: 'approved' }), page: '1', perPage: '100' });
    expect(first.headers['x-total-count']).toBe('120');
    expect(first.body).toHaveLength(100);
    const second = await list({ filter: JSON.stringify({ product: id, status: 'approved' }), page: '2', perPage: '100' });
    expect(second.body).toHaveLength(20);
    expect(second.headers['content-range']).toBe('reviews 100-119/120');
    expect((second.body as ModerationRow[]).every((r) => r.status === 'approved')).toBe(true);
    const seen = new Set([...(first.body as ModerationRow[]), ...(second.body as ModerationRow[])].map((r) => r.id));
    expect(seen.size).toBe(120);

    const fives = legacy.filter((r) => r.rating === 5).map((r) => r._id.toString());
    const res = await moderate({ ids: fives.slice(0, 60).concat(fives.slice(0, 1)), status: 'rejected' });
    expect(res.body.products).toEqual([{ _id: id, rating: 3, numReviews: 60 }]);
    expect(await product(id)).toMatchObject({ rating: 3, numReviews: 60 });
    expect((await list({ filter: JSON.stringify({ product: id, status: 'rejected' }), perPage: '1' })).headers['x-total-count']).toBe('60');
  });

  it('counts reviews per status under the same search as the list, so each tab counts what it lists', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Counted corduroy' }))._id;
    await review(ann, id, 5, 'Soft corduroy, lovely colour');
    const bobs = (await review(bob, id, 1, 'Corduroy bobbled after a week')).body.review._id as string;
    await moderate({ ids: [bobs], status: 'rejected' });
    const counts = (filter: Record<string, unknown>, who: TestAccount | null = admin) => {
      const req = stack
        .http()
        .get('/api/reviews/counts')
        .query({ filter: JSON.stringify(filter) });
      return who ? req.set('Authorization', who.bearer) : req;
    };

    const everything = (await counts({})).body as Record<string, number>;
    const approvedEverywhere = await list({ filter: JSON.stringify({ status: 'approved' }) });
    expect(everything.approved).toBe(Number(approvedEverywhere.headers['x-total-count']));
    expect(everything.approved).toBeGreaterThan(1);
    expect(everything.all).toBe(everything.pending + everything.approved + everything.rejected);

    // A one-row search: the tabs count that search, not the whole shop; the filter's status is ignored.
    const searched = await counts({ q: 'lovely colour', status: 'rejected' });
    expect(searched.status).toBe(200);
    expect(searched.body).toEqual({ all: 1, pending: 0, approved: 1, rejected: 0 });
    expect((await list({ filter: JSON.stringify({ q: 'lovely colour', status: 'approved' }) })).headers['x-total-count']).toBe('1');
    expect((await counts({ product: id })).body).toEqual({ all: 2, pending: 0, approved: 1, rejected: 1 });
    expect((await counts({ q: 'corduroy', user: bob.id })).body).toEqual({ all: 1, pending: 0, approved: 0, rejected: 1 });

    expect((await counts({ rating: 5 })).status).toBe(400);
    expect((await counts({}, ann)).status).toBe(403);
    expect((await counts({}, null)).status).toBe(401);
  });

  it("deleting a rejected review leaves the product's counts alone", async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Delete check' }))._id;
    await review(ann, id, 5, 'Great');
    const bobs = (await review(bob, id, 1, 'Bad')).body.review._id as string;
    await moderate({ ids: [bobs], status: 'rejected' });
    const removed = await stack.http().delete(`/api/products/${id}/reviews/${bobs}`).set('Authorization', admin.bearer);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ rating: 5, numReviews: 1 });
    expect(await product(id)).toMatchObject({ rating: 5, numReviews: 1 });
  });
});

describe('review moderation with REVIEW_MODERATION=pre', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  let category: string;

  beforeAll(async () => {
    ({ stack, admin, ann, category } = await startReviewWorld('Pre-moderated', { REVIEW_MODERATION: 'pre' }));
  });
  afterAll(() => stack?.stop());

  it('holds a new review as pending (its author sees it, nobody else, not counted) until an admin approves it', async () => {
    const id = (await createProduct(stack, admin, category, { name: 'Waiting tee' }))._id;
    const posted = await stack.http().post(`/api/products/${id}/reviews`).set('Authorization', ann.bearer).send({ rating: 4, comment: 'Nice cut' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ rating: 0, numReviews: 0, review: { status: 'pending' } });
    const reviewId = posted.body.review._id as string;
    expect((await stack.http().get(`/api/products/${id}`)).body).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });
    const mine = await stack.http().get(`/api/products/${id}/reviews/mine`).set('Authorization', ann.bearer);
    expect(mine.body.review).toMatchObject({ _id: reviewId, status: 'pending', comment: 'Nice cut' });
    // A second review is still refused while the first waits.
    expect(
      (await stack.http().post(`/api/products/${id}/reviews`).set('Authorization', ann.bearer).send({ rating: 1, comment: 'again' })).status,
    ).toBe(409);

    const queue = await stack
      .http()
      .get('/api/reviews')
      .query({ filter: JSON.stringify({ status: 'pending' }) })
      .set('Authorization', admin.bearer);
    expect(queue.headers['x-total-count']).toBe('1');
    expect(queue.body[0]).toMatchObject({ id: reviewId, status: 'pending', product: { _id: id, name: 'Waiting tee' }, author: { _id: ann.id } });

    const approved = await stack
      .http()
      .patch('/api/reviews/status')
      .set('Authorization', admin.bearer)
      .send({ ids: [reviewId], status: 'approved' });
    expect(approved.body.products).toEqual([{ _id: id, rating: 4, numReviews: 1 }]);
    const after = await stack.http().get(`/api/products/${id}`);
    expect(after.body).toMatchObject({ rating: 4, numReviews: 1 });
    expect(after.body.reviews).toHaveLength(1);
    expect(
      (
        await stack
          .http()
          .get('/api/reviews')
          .query({ filter: JSON.stringify({ status: 'pending' }) })
          .set('Authorization', admin.bearer)
      ).headers['x-total-count'],
    ).toBe('0');
  });
});
