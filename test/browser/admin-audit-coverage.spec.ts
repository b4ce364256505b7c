/**
 * Issue #23: each admin write of the console's day-to-day work is in the audit log, with who made it and what
 * changed: a per-variant stock edit, a bulk publish, a CSV import, a review rejected, a user made distributor, an
 * order marked paid and then cancelled with a reason. The writes go through the same API routes the console's
 * screens call (their own journeys drive the screens); the log is read over HTTP and then in the console's Audit
 * log, filtered by each record. Uses the BUILT console (node tools/build.mjs).
 */
import { expect, test, type Browser } from '@playwright/test';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 180_000 });

interface Change {
  field: string;
  before?: unknown;
  after?: unknown;
}

interface Entry {
  actor: { id: string; name: string; email: string };
  method: string;
  route: string;
  action: string;
  resource: string;
  documentId: string;
  summary: string;
  changes: Change[];
}

test.describe('the audit log holds every admin write of the console', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let customer: TestAccount;
  let category: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin', { username: 'Ada Auditor' });
    customer = await createAccount(stack, 'customer', { username: 'Cora Customer' });
    category = await createCategory(stack, admin, `Audited ${Date.now() % 100000}`);
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  const asAdmin = <T extends { set(name: string, value: string): T }>(req: T): T => req.set('Authorization', admin.bearer);

  /** The entries of one record, newest first. */
  async function entriesOf(documentId: string): Promise<Entry[]> {
    const res = await asAdmin(
      stack
        .http()
        .get('/api/audit')
        .query({ filter: JSON.stringify({ documentId }), perPage: '100' }),
    );
    expect(res.status).toBe(200);
    return res.body as Entry[];
  }

  /** The latest entry of `documentId` made by `method route` that changed `field`, by this admin (and its summary). */
  async function expectLogged(documentId: string, resource: string, route: string, field: string): Promise<Change & { summary: string }> {
    const entries = await entriesOf(documentId);
    const entry = entries.find(
      (e) =>
        `${e.method} ${e.route}` === route && e.resource === resource && e.changes.some((c) => c.field === field || c.field.startsWith(`${field}.`)),
    );
    if (!entry)
      throw new Error(
        `no ${resource} entry for ${route} changing ${field} on ${documentId}: ${JSON.stringify(entries.map((e) => [e.route, e.changes.map((c) => c.field)]))}`,
      );
    expect(entry.actor).toMatchObject({ id: admin.id, name: 'Ada Auditor', email: admin.email });
    return { ...(entry.changes.find((c) => c.field === field || c.field.startsWith(`${field}.`)) as Change), summary: entry.summary };
  }

  test('logs a stock edit, a bulk publish, an import, a rejected review, a new distributor, a paid and a cancelled order', async () => {
    // A per-variant stock edit.
    const tee = await createProduct(stack, admin, category, {
      name: 'Audited tee',
      variants: [
        { sku: 'AT-S', size: 'S', countInStock: 2 },
        { sku: 'AT-M', size: 'M', countInStock: 3 },
      ],
    });
    await asAdmin(stack.http().put(`/api/products/${tee._id}`))
      .send({
        variants: [
          { sku: 'AT-S', size: 'S', countInStock: 7 },
          { sku: 'AT-M', size: 'M', countInStock: 3 },
        ],
      })
      .expect(200);
    expect(await expectLogged(tee._id, 'products', 'PUT /api/products/:id', 'countInStock')).toMatchObject({ before: 5, after: 10 });

    // A bulk publish of an unpublished product.
    const draft = await createProduct(stack, admin, category, { name: 'Audited draft' });
    await asAdmin(stack.http().patch('/api/products/bulk'))
      .send({ ids: [draft._id], action: 'unpublish' })
      .expect(200);
    const bulk = await asAdmin(stack.http().patch('/api/products/bulk'))
      .send({ ids: [draft._id], action: 'publish' })
      .expect(200);
    expect(bulk.body).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await expectLogged(draft._id, 'products', 'PATCH /api/products/bulk', 'status')).toMatchObject({ before: 'draft', after: 'published' });

    // A CSV import that updates a product's price.
    const csv = `id,price\r\n${draft._id},24.5\r\n`;
    const imported = await asAdmin(stack.http().post('/api/products/import').query({ mode: 'commit' }).set('Content-Type', 'text/csv')).send(csv);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ committed: true });
    const price = await expectLogged(draft._id, 'products', 'POST /api/products/import', 'priceCents');
    expect(price.after).toBe(2450);

    // A review rejected.
    await stack
      .http()
      .post(`/api/products/${tee._id}/reviews`)
      .set('Authorization', customer.bearer)
      .send({ comment: 'Shrank in the wash.', rating: 1 })
      .expect(201);
    const pending = await asAdmin(
      stack
        .http()
        .get('/api/reviews')
        .query({ filter: JSON.stringify({ product: tee._id }) }),
    ).expect(200);
    const reviewId = (pending.body as Array<{ id: string }>)[0].id;
    await asAdmin(stack.http().patch('/api/reviews/status'))
      .send({ ids: [reviewId], status: 'rejected' })
      .expect(200);
    expect(await expectLogged(tee._id, 'products', 'PATCH /api/reviews/status', 'review by Cora Customer')).toEqual({
      field: 'review by Cora Customer.status',
      // A review is shown at once (none stored means approved) until an admin rejects it.
      before: 'approved',
      after: 'rejected',
      summary: 'Rejected review by Cora Customer on Audited tee',
    });

    // A user made distributor.
    await asAdmin(stack.http().put(`/api/users/${customer.id}/roles`))
      .send({ isDistributor: true })
      .expect(200);
    expect(await expectLogged(customer.id, 'users', 'PUT /api/users/:id/roles', 'isDistributor')).toMatchObject({
      after: true,
      summary: 'Changed the roles of user Cora Customer: is distributor false → true',
    });

    // An order marked paid, then cancelled with a reason.
    const buyer = await createAccount(stack, 'customer');
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: draft._id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({
        shippingAddress: {
          fullName: 'Bea Buyer',
          address: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
          phone: '+12015550123',
        },
        paymentMethod: 'cod',
      })
      .expect(201);
    const orderId = placed.body.id as string;
    const orderNumber = placed.body.number as string;
    await asAdmin(stack.http().post(`/api/orders/${orderId}/mark-paid`))
      .send({})
      .expect(200);
    expect(await expectLogged(orderId, 'orders', 'POST /api/orders/:id/mark-paid', 'status')).toMatchObject({
      before: 'pending',
      after: 'paid',
      summary: `Marked order #${orderNumber} paid`,
    });
    await asAdmin(stack.http().post(`/api/orders/${orderId}/admin-cancel`))
      .send({ reason: 'Customer changed their mind' })
      .expect(200);
    expect(await expectLogged(orderId, 'orders', 'POST /api/orders/:id/admin-cancel', 'cancelReason')).toMatchObject({
      after: 'Customer changed their mind',
      summary: `Cancelled order #${orderNumber}: Customer changed their mind`,
    });

    // The console's Audit log shows them, record by record: each action in words, by this admin.
    const { context, page } = await consoleSession(browser, stack, admin);
    for (const documentId of [tee._id, draft._id, customer.id, orderId]) {
      const entries = await entriesOf(documentId);
      await page.goto(`${base}/admin/audit?filter=${encodeURIComponent(JSON.stringify({ documentId }))}`);
      for (const entry of entries) await page.getByRole('row').filter({ hasText: entry.summary }).first().waitFor();
      const rows = page.getByRole('row').filter({ hasText: `Ada Auditor (${admin.email})` });
      expect(await rows.count()).toBe(entries.length);
    }
    await context.close();
  });
});
