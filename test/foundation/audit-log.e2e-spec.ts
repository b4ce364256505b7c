import { AuditLogRepository } from '@shop/database';
import { AuditRetentionService } from '../../apps/worker/src/audit-retention.service';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
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
  action: 'create' | 'update' | 'delete';
  resource: string;
  documentId: string;
  changes: Change[];
}

describe('audit log: every admin write, who, when, before and after', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;

  const audit = async (filter: Record<string, unknown>, extra: Record<string, string> = {}): Promise<{ entries: Entry[]; total: number }> => {
    const res = await stack.http().get('/api/audit').query({ filter: JSON.stringify(filter), perPage: '100', ...extra }).set('Authorization', admin.bearer);
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
    // Only the fields that changed (timestamps and the version key are not changes anyone made).
    expect(updated.changes.map((c) => c.field).sort()).toEqual(['name', 'nameKey', 'slug']);
    expect(deleted).toMatchObject({ method: 'DELETE', route: '/api/category/:id' });
    expect(changeOf(deleted, 'name')).toEqual({ field: 'name', before: 'Audit Shawls' });

    const one = await stack.http().get(`/api/audit/${updated.id}`).set('Authorization', admin.bearer);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(updated);
  });

  it('records a product update with the price before and after (as stored: in cents)', async () => {
    const category = await createCategory(stack, admin, 'Audit Tees');
    const product = await createProduct(stack, admin, category, { name: 'Audit tee', price: 19.99 });
    const res = await stack.http().put(`/api/products/${product._id}`).set('Authorization', admin.bearer).send({ price: 24.5, name: 'Audit tee, v2' });
    expect(res.status).toBe(200);

    const { entries } = await audit({ resource: 'products', documentId: product._id, action: 'update' });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ method: 'PUT', route: '/api/products/:id', actor: { id: admin.id, email: admin.email } });
    expect(changeOf(entry, 'name')).toEqual({ field: 'name', before: 'Audit tee', after: 'Audit tee, v2' });
    expect(changeOf(entry, 'priceCents')).toEqual({ field: 'priceCents', before: 1999, after: 2450 });
    expect(changeOf(entry, 'description')).toBeUndefined();
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

  it('never shows a secret: a password change is listed, its hash is not', async () => {
    const res = await stack
      .http()
      .put('/api/users/profile')
      .set('Authorization', admin.bearer)
      .send({ password: 'a-new-long-password', currentPassword: admin.password });
    expect(res.status).toBe(200);
    admin = { ...admin, password: 'a-new-long-password', token: res.body.token, bearer: `Bearer ${res.body.token}` };

    const { entries } = await audit({ resource: 'users', documentId: admin.id });
    const entry = entries.find((e) => changeOf(e, 'passwordHash'));
    expect(changeOf(entry, 'passwordHash')).toEqual({ field: 'passwordHash', before: '[redacted]', after: '[redacted]' });
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
    expect((await stack.http().put('/api/users/profile').set('Authorization', customer.bearer).send({ username: 'Customer self-rename' })).status).toBe(200);
    expect((await stack.http().post('/api/users/favorites').set('Authorization', customer.bearer).send({ productId: product._id })).status).toBeLessThan(300);
    expect((await stack.http().get('/api/users').set('Authorization', admin.bearer)).status).toBe(200);
    expect((await stack.http().get(`/api/products/${product._id}`)).status).toBe(200);
    // An admin's write refused before anything was written (a name that is taken).
    const clash = await stack.http().put(`/api/category/${category}`).set('Authorization', admin.bearer).send({ name: 'Audit Tees' });
    expect(clash.status).toBe(409);

    expect((await audit({})).total).toBe(afterSetup);
    expect((await audit({ actor: customer.id })).total).toBe(0);
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

    for (const filter of [{ action: 'erase' }, { from: 'yesterday' }, { actor: 'nobody' }, { password: 'x' }]) {
      const res = await stack.http().get('/api/audit').query({ filter: JSON.stringify(filter) }).set('Authorization', admin.bearer);
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

    const oldestFirst = await stack.http().get('/api/audit').query({ filter: JSON.stringify(filter), range: '[100,104]', sort: '["at","ASC"]' }).set('Authorization', admin.bearer);
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
