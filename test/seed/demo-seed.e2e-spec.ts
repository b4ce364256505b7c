import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { SeedService } from '../../apps/api/src/seed/seed.service';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('demo data on an empty database', () => {
  let stack: TestStack;
  let db: Connection;

  beforeAll(async () => {
    stack = await startTestStack({
      env: { SEED_DEMO: 'true', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'a-long-admin-password' },
    });
    db = stack.app.get<Connection>(getConnectionToken());
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates categories and 40+ products with generated images, 7 of them special', async () => {
    expect(await db.collection('categories').countDocuments()).toBeGreaterThanOrEqual(6);
    const products = await db.collection('products').find().toArray();
    expect(products.length).toBeGreaterThanOrEqual(47);
    expect(products.filter((p) => p.isSpecial)).toHaveLength(7);
    for (const p of products) {
      expect(p.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
      expect(Number.isInteger(p.priceCents)).toBe(true);
    }
    const image = await stack.http().get(products[0].image).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    await stack.http().get(products[0].image).set('If-None-Match', image.headers.etag).expect(304);
  });

  it('creates blog posts, a demo distributor, a demo customer and the bootstrap admin', async () => {
    expect(await db.collection('blogs').countDocuments({ published: true })).toBeGreaterThanOrEqual(3);
    const users = await db.collection('users').find().toArray();
    expect(users.find((u) => u.email === 'distributor@demo.shop')?.isDistributor).toBe(true);
    expect(users.find((u) => u.email === 'customer@demo.shop')).toBeDefined();
    const admin = users.find((u) => u.email === 'boss@example.com');
    expect(admin?.isAdmin).toBe(true);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('does not seed twice', async () => {
    const before = await db.collection('products').countDocuments();
    const seed = stack.app.get(SeedService);
    expect(await seed.seedDemoOnce()).toBe(false);
    expect(await seed.ensureAdmin()).toBe(false);
    expect(await db.collection('products').countDocuments()).toBe(before);
  });
});
