import { AuditLogRepository } from '@shop/database';
import { AuditRetentionService } from '../../apps/worker/src/audit-retention.service';
import { ADDRESS, createAccount, type TestAccount, createCategory, createProduct, insertProduct } from '../support/fixtures';
import { postReview } from '../support/review-fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

interface Change {
  field: string;
  before?: unknown;
  after?: unknown;
}

interface Entry {
  id: string;
  at: string;
  actor: { id: string; name: string; email: string };
  method: string;
  route: string;
  params: Record<string, string>;
  action: string;
  resource: string;
  documentId: string;
  label: string | null;
  summary: string;
  changes: Change[];
  records: { action: string; resource: string; documentId: string; label: string | null; changes: Change[] }[];
}

/** Fields no person should read in the audit log (bookkeeping and secrets). */
const INTERNAL = [
  'pendingMails',
  'restockMarks',
  'restockPending',
  'stockHolds',
  'stockMoves',
  'numReviews',
  'ratingTotal',
  'statusHistory',
  'idempotencyKey',
  'updatedAt',
  '__v',
  'passwordHash',
];

describe('audit log: one readable entry per admin action, who, when, before and after', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;

  const audit = async (filter: Record<string, unknown>, extra: Record<string, string> = {}): Promise<{ entries: Entry[]; total: number }> => {
    const res = await stack
      .http()
      .get('/api/audit')
      .query({ filter: JSON.stringify(filter), perPage: '100', ...extra })
      .set('Authorization', admin.bearer);
    expect(res.status).toBe(200);
    return { entries: res.body as Entry[], total: Number(res.headers['x-total-count']) };
  };
  const changeOf = (entry: Entry | undefined, field: string): Change | undefined => entry?.changes.find((c) => c.field === field);

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin', { username: 'Audrey Admin' });
    customer = await createAccount(stack, 'customer');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('records a category created, renamed and deleted, with the actor, the route and the changed fields', async () => {
    const id = await createCategory(stack, admin, 'Audit Scarves');
    const renamed = await stack.http().put(`/api/category/${id}`).set('Authorization', admin.bearer).send({ name: 'Audit Shawls' });
    expect(renamed.status).toBe(200);
    const removed = await stack.http().delete(`/api/category/${id}`).set('Authorization', admin.bearer);
    expect(removed.status).toBe(200);

    const { entries, total } = await audit({ resource: 'categories', documentId: id });
    expect(total).toBe(3);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']); // newest first
    const [deleted, updated, created] = entries;
    for (const entry of entries) {
      expect(entry.actor).toEqual({ id: admin.id, name: 'Audrey Admin', email: admin.email });
      expect(entry.resource).toBe('categories');
      expect(entry.documentId).toBe(id);
      expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
    }
    expect(created).toMatchObject({ method: 'POST', route: '/api/category' });
    expect(changeOf(created, 'name')).toEqual({ field: 'name', after: 'Audit Scarves' });
    expect(updated).toMatchObject({ method: 'PUT', route: '/api/category/:id', params: { id } });
    expect(changeOf(updated, 'name')).toEqual({ field: 'name', before: 'Audit Scarves', after: 'Audit Shawls' });
    expect(changeOf(updated, 'slug')).toEqual({ field: 'slug', before: 'audit-scarves', after: 'audit-shawls' });
    // Only the fields that changed and a person reads (timestamps, the version key and lookup keys are not).
    expect(updated.changes.map((c) => c.field).sort()).toEqual(['name', 'slug']);
    expect(created.summary).toBe('Created category Audit Scarves');
    expect(updated.summary).toBe('Updated category Audit Shawls: name Audit Scarves → Audit Shawls, slug audit-scarves → audit-shawls');
    expect(deleted.summary).toBe('Deleted category Audit Shawls');
    expect(updated).toMatchObject({
      label: 'Audit Shawls',
      records: [{ action: 'update', resource: 'categories', documentId: id, label: 'Audit Shawls' }],
    });
    expect(deleted).toMatchObject({ method: 'DELETE', route: '/api/category/:id' });
    expect(changeOf(deleted, 'name')).toEqual({ field: 'name', before: 'Audit Shawls' });

    const one = await stack.http().get(`/api/audit/${updated.id}`).set('Authorization', admin.bearer);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(updated);
  });

  it('records a product update with the price before and after (as stored: in cents)', async () => {
    const category = await createCategory(stack, admin, 'Audit Tees');
    const product = await createProduct(stack, admin, category, { name: 'Audit tee', price: 19.99 });
    const res = await stack
      .http()
      .put(`/api/products/${product._id}`)
      .set('Authorization', admin.bearer)
      .send({ price: 24.5, name: 'Audit tee, v2' });
    expect(res.status).toBe(200);

    const { entries } = await audit({ resource: 'products', documentId: product._id, action: 'update' });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ method: 'PUT', route: '/api/products/:id', actor: { id: admin.id, email: admin.email } });
    expect(changeOf(entry, 'name')).toEqual({ field: 'name', before: 'Audit tee', after: 'Audit tee, v2' });
    expect(changeOf(entry, 'priceCents')).toEqual({ field: 'priceCents', before: 1999, after: 2450 });
    expect(changeOf(entry, 'description')).toBeUndefined();
    expect(entry.summary).toBe('Updated product Audit tee, v2: name Audit tee → Audit tee, v2, price $19.99 → $24.50');
    expect(entry.label).toBe('Audit tee, v2');
  });

  it("records an admin's change to a user, and lists it by actor", async () => {
    const res = await stack.http().put(`/api/users/${customer.id}`).set('Authorization', admin.bearer).send({ username: 'Renamed by admin' });
    expect(res.status).toBe(200);
    const { entries } = await audit({ resource: 'users', documentId: customer.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', method: 'PUT', route: '/api/users/:id', actor: { id: admin.id } });
    expect(changeOf(entries[0], 'username')).toEqual({ field: 'username', before: customer.username, after: 'Renamed by admin' });

    const byActor = await audit({ actor: admin.id, resource: 'users' });
    expect(byActor.entries.map((e) => e.id)).toContain(entries[0].id);
  });

  it('never shows a secret: a password change is named, its hash is not shown', async () => {
    const res = await stack
      .http()
      .put('/api/users/profile')
      .set('Authorization', admin.bearer)
      .send({ password: 'a-new-long-password', currentPassword: admin.password });
    expect(res.status).toBe(200);
    admin = { ...admin, password: 'a-new-long-password', token: res.body.token, bearer: `Bearer ${res.body.token}` };

    const { entries } = await audit({ resource: 'users', documentId: admin.id });
    const entry = entries.find((e) => e.summary.includes('password changed'));
    expect(entry?.summary).toBe('Updated user Audrey Admin: password changed');
    expect(changeOf(entry, 'passwordHash')).toBeUndefined();
    const everything = await stack.http().get('/api/audit').query({ perPage: '100' }).set('Authorization', admin.bearer);
    expect(JSON.stringify(everything.body)).not.toMatch(/\$argon2/);
  });

  it('records nothing for customers, for reads, nor for a write that did not happen', async () => {
    const before = (await audit({})).total;
    const category = await createCategory(stack, admin, 'Audit Hats');
    const product = await createProduct(stack, admin, category, { name: 'Audit hat' });
    const afterSetup = (await audit({})).total;
    expect(afterSetup).toBe(before + 2);

    // A customer's own writes and every read.
    expect(
      (await stack.http().put('/api/users/profile').set('Authorization', customer.bearer).send({ username: 'Customer self-rename' })).status,
    ).toBe(200);
    expect(
      (await stack.http().post('/api/users/favorites').set('Authorization', customer.bearer).send({ productId: product._id })).status,
    ).toBeLessThan(300);
    expect((await stack.http().get('/api/users').set('Authorization', admin.bearer)).status).toBe(200);
    expect((await stack.http().get(`/api/products/${product._id}`)).status).toBe(200);
    // An admin's write refused before anything was written (a name that is taken).
    const clash = await stack.http().put(`/api/category/${category}`).set('Authorization', admin.bearer).send({ name: 'Audit Tees' });
    expect(clash.status).toBe(409);

    expect((await audit({})).total).toBe(afterSetup);
    expect((await audit({ actor: customer.id })).total).toBe(0);
  });

  /** A paid order of the customer: placed, then marked paid by the admin. */
  const paidOrder = async (priceCents: number): Promise<{ id: string; number: string }> => {
    const product = await insertProduct(stack, { name: `Audit beanie ${priceCents}`, priceCents, countInStock: 10 });
    expect((await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: product.id, quantity: 1 })).status).toBe(
      201,
    );
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', customer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' });
    expect(placed.status).toBe(201);
    expect((await stack.http().post(`/api/orders/${placed.body.id}/mark-paid`).set('Authorization', admin.bearer).send({})).status).toBe(200);
    return { id: placed.body.id as string, number: placed.body.number as string };
  };
  const hasInternalField = (entry: Entry): string[] => {
    const fields = [...entry.changes, ...entry.records.flatMap((r) => r.changes)].map((c) => c.field);
    return fields.filter((f) => INTERNAL.some((name) => f.split('.').includes(name)));
  };

  it('records a refund as ONE entry naming the order by its number, the amount and the reason, with no internal field', async () => {
    const order = await paidOrder(2610);
    const before = new Date().toISOString();
    const refund = await stack
      .http()
      .post(`/api/orders/${order.id}/refund`)
      .set('Authorization', admin.bearer)
      .send({ reason: 'damaged in transit' });
    expect(refund.status).toBe(200);

    // Everything written since the refund began: one entry (the order, its restock and its mail bookkeeping together).
    const { entries, total } = await audit({ from: before });
    expect(total).toBe(1);
    const [entry] = entries;
    const total$ = `$${(refund.body.total as number).toFixed(2)}`;
    expect(entry).toMatchObject({
      action: 'refund',
      resource: 'orders',
      documentId: order.id,
      label: `#${order.number}`,
      actor: { id: admin.id, name: 'Audrey Admin' },
    });
    expect(entry.summary).toBe(`Refunded order #${order.number}, ${total$}: damaged in transit`);
    expect(changeOf(entry, 'refundReason')).toEqual({ field: 'refundReason', after: 'damaged in transit' });
    expect(changeOf(entry, 'status')).toEqual({ field: 'status', before: 'paid', after: 'cancelled' });
    expect(hasInternalField(entry)).toEqual([]);
    expect(JSON.stringify(entry)).not.toMatch(/pendingMails|restockMarks|restockPending|stockHolds|statusHistory/);

    // Found by the order's number (any case, with or without "#"), by its id and by the refund action.
    for (const record of [`#${order.number}`, order.number.toLowerCase(), order.id]) {
      const found = await audit({ record, action: 'refund' });
      expect(found.entries.map((e) => e.id)).toEqual([entry.id]);
    }
  });

  it('tells a review rejection as "Rejected review by <reviewer> on <product>", without the counters', async () => {
    const category = await createCategory(stack, admin, 'Audit Caps');
    const product = await createProduct(stack, admin, category, { name: 'Wool Beanie' });
    const posted = await postReview(stack, customer, product._id, { rating: 2, comment: 'Itchy' });
    expect(posted.status).toBe(201);
    const before = new Date().toISOString();
    const rejected = await stack
      .http()
      .patch('/api/reviews/status')
      .set('Authorization', admin.bearer)
      .send({ ids: [posted.body.review._id], status: 'rejected' });
    expect(rejected.status).toBe(200);

    const { entries, total } = await audit({ from: before });
    expect(total).toBe(1);
    const reviewer = (await stack.http().get(`/api/users/${customer.id}`).set('Authorization', admin.bearer)).body.username as string;
    expect(entries[0]).toMatchObject({
      action: 'reject',
      resource: 'products',
      documentId: product._id,
      label: 'Wool Beanie',
      summary: `Rejected review by ${reviewer} on Wool Beanie`,
    });
    expect(hasInternalField(entries[0])).toEqual([]);
    expect(entries[0].summary).not.toMatch(/numReviews|ratingTotal/);
    // Before and after: the review's status, not the product's whole list of reviews.
    expect(entries[0].changes).toEqual([
      { field: `review by ${reviewer}.status`, before: posted.body.review.status ?? 'approved', after: 'rejected' },
    ]);
  });

  it('filters by actor, record type, record and date range', async () => {
    const other = await createAccount(stack, 'admin', { username: 'Otto Other' });
    const start = new Date().toISOString();
    const mine = await createCategory(stack, admin, 'Filter Mine');
    const theirs = await createCategory(stack, other, 'Filter Theirs');
    const product = await createProduct(stack, other, theirs, { name: 'Filter product' });

    const byOther = await audit({ actor: other.id, from: start });
    expect(byOther.entries.map((e) => e.summary).sort()).toEqual(['Created category Filter Theirs', 'Created product Filter product']);
    expect(byOther.entries.every((e) => e.actor.name === 'Otto Other')).toBe(true);
    const byMe = await audit({ actor: admin.id, from: start });
    expect(byMe.entries.map((e) => e.documentId)).toEqual([mine]);

    const categories = await audit({ resource: 'categories', from: start });
    expect(categories.entries.map((e) => e.documentId).sort()).toEqual([mine, theirs].sort());
    expect((await audit({ resource: 'products', from: start })).entries.map((e) => e.documentId)).toEqual([product._id]);

    expect((await audit({ documentId: theirs })).entries.map((e) => e.summary)).toEqual(['Created category Filter Theirs']);
    expect((await audit({ record: 'filter product' })).entries.map((e) => e.documentId)).toEqual([product._id]);

    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await audit({ actor: other.id, from: later })).total).toBe(0);
    expect((await audit({ actor: other.id, from: start, to: later })).total).toBe(2);
    expect((await audit({ actor: other.id, to: start })).total).toBe(0);
  });

  it('is for admins only', async () => {
    expect((await stack.http().get('/api/audit')).status).toBe(401);
    const asCustomer = await stack.http().get('/api/audit').set('Authorization', customer.bearer);
    expect({ status: asCustomer.status, code: asCustomer.body.code }).toEqual({ status: 403, code: 'ADMIN_ONLY' });
    const { entries } = await audit({});
    expect((await stack.http().get(`/api/audit/${entries[0].id}`)).status).toBe(401);
    expect((await stack.http().get(`/api/audit/${entries[0].id}`).set('Authorization', customer.bearer)).status).toBe(403);
    expect((await stack.http().get('/api/audit/resources').set('Authorization', customer.bearer)).status).toBe(403);
    const missing = await stack.http().get('/api/audit/0123456789abcdef01234567').set('Authorization', admin.bearer);
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'AUDIT_ENTRY_NOT_FOUND' });
    expect((await stack.http().get('/api/audit/not-an-id').set('Authorization', admin.bearer)).status).toBe(404);
  });

  it('filters by action and date range, names its resources, and refuses a bad filter', async () => {
    const { entries: creates } = await audit({ action: 'create' });
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((e) => e.action === 'create')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit({ from: today, to: today })).total).toBe((await audit({})).total);
    expect((await audit({ to: '2000-01-01' })).total).toBe(0);
    expect((await audit({ from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);

    const resources = await stack.http().get('/api/audit/resources').set('Authorization', admin.bearer);
    expect(resources.status).toBe(200);
    expect(resources.body).toEqual(expect.arrayContaining(['categories', 'products', 'users']));

    for (const filter of [{ action: 'erase' }, { from: 'yesterday' }, { actor: 'nobody' }, { password: 'x' }, { record: 3 }]) {
      const res = await stack
        .http()
        .get('/api/audit')
        .query({ filter: JSON.stringify(filter) })
        .set('Authorization', admin.bearer);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_QUERY' });
    }
  });

  it('pages past 100 entries, newest first by default and oldest first on request', async () => {
    // 105 entries stored at once (an admin making 105 requests would only be slower): one a second, oldest first.
    const start = Date.now() - 3_600_000;
    const ids = Array.from({ length: 105 }, (_v, i) => `0000000000000000000${String(i).padStart(5, '0')}`);
    await stack.app.get(AuditLogRepository).insert(
      ids.map((documentId, i) => ({
        at: new Date(start + i * 1000),
        actor: { id: admin.id, name: 'Audrey Admin', email: admin.email },
        method: 'POST',
        route: '/api/paging-probe',
        params: {},
        action: 'create' as const,
        resource: 'paging_probe',
        documentId,
        changes: [{ field: 'n', after: i }],
      })),
    );
    const filter = { resource: 'paging_probe' };
    const first = await audit(filter, { page: '1' });
    const second = await audit(filter, { page: '2' });
    expect(first.total).toBe(105);
    expect(first.entries).toHaveLength(100);
    expect(second.entries).toHaveLength(5);
    expect([...first.entries, ...second.entries].map((e) => e.documentId)).toEqual([...ids].reverse());

    const oldestFirst = await stack
      .http()
      .get('/api/audit')
      .query({ filter: JSON.stringify(filter), range: '[100,104]', sort: '["at","ASC"]' })
      .set('Authorization', admin.bearer);
    expect(oldestFirst.status).toBe(200);
    expect(oldestFirst.headers['content-range']).toBe('audit 100-104/105');
    expect((oldestFirst.body as Entry[]).map((e) => e.documentId)).toEqual(ids.slice(100));
  });

  it('keeps entries AUDIT_RETENTION_DAYS (365 by default): the sweep deletes older ones, and with 0 keeps all', async () => {
    const repo = stack.app.get(AuditLogRepository);
    const now = new Date('2026-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const entry = (documentId: string, at: Date) => ({
      at,
      actor: { id: admin.id, name: 'Audrey Admin', email: admin.email },
      method: 'PUT',
      route: '/api/retention-test/:id',
      params: {},
      action: 'update' as const,
      resource: 'retention-test',
      documentId,
      changes: [{ field: 'name', before: 'a', after: 'b' }],
    });
    await repo.insert([entry('400-days', daysAgo(400)), entry('366-days', daysAgo(366)), entry('364-days', daysAgo(364)), entry('today', now)]);
    const left = async () => (await audit({ resource: 'retention-test' }, { sort: 'at', order: 'ASC' })).entries.map((e) => e.documentId);

    expect(await new AuditRetentionService(repo, { auditRetentionDays: 0 }).sweep(now)).toBe(0);
    expect(await left()).toEqual(['400-days', '366-days', '364-days', 'today']);

    const retention = new AuditRetentionService(repo, { auditRetentionDays: 365 });
    expect(await retention.sweep(now)).toBe(2);
    expect(await left()).toEqual(['364-days', 'today']);
    expect(await retention.sweep(now)).toBe(0);
  });
});
