import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { slugify } from '@shop/database';
import { MediaStorage, renderDemoCover, renderDemoImage, type DemoKind } from '@shop/media';
import {
  DEMO_ACCOUNT_COUNT,
  DEMO_BLOGS,
  DEMO_CATEGORIES,
  DEMO_CONTRIBUTORS,
  DEMO_COUPONS,
  DEMO_IMAGE_COUNT,
  DEMO_ITEM_COUNT,
  DEMO_PRODUCTS,
  DEMO_TASK,
  SeedService,
} from '@shop/seed';
import { SeedBoot } from '../../apps/api/src/seed/seed-boot.service';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

/** The seeder of the stack's worker (the demo seed is a worker job; the API only queues it and reads how far it is). */
function seederOf(stack: TestStack): SeedService {
  if (!stack.worker) throw new Error('the demo seed runs in the worker: start the stack with worker: true');
  return stack.worker.get(SeedService);
}

/** What a complete demo catalogue holds, counted in the database. */
async function demoCounts(db: Connection) {
  const images = await db
    .collection('images.files')
    .find({ filename: /^demo\// })
    .toArray();
  const products = await db.collection('products').find().toArray();
  const blogs = await db.collection('blogs').find().toArray();
  const referenced = new Set<string>(
    [...products.flatMap((p) => [p.image, ...(p.additionalImages ?? [])]), ...blogs.map((b) => b.coverImage)].map((url: string) =>
      url.replace('/api/images/', ''),
    ),
  );
  return {
    categories: await db.collection('categories').countDocuments(),
    products: products.length,
    blogs: blogs.length,
    demoUsers: await db.collection('users').countDocuments({ email: { $in: ['distributor@demo.shop', 'customer@demo.shop'] } }),
    coupons: await db.collection('coupons').countDocuments({ public: true, active: true }),
    images: images.length,
    imageNames: new Set(images.map((i) => i.filename)).size,
    // every stored demo image is used by a product or a post, and every used image is stored
    orphanImages: images.filter((i) => !referenced.has(String(i._id))).length,
    missingImages: [...referenced].filter((id) => !images.some((i) => String(i._id) === id)).length,
  };
}

const FULL = {
  categories: DEMO_CATEGORIES.length,
  products: DEMO_PRODUCTS.length,
  blogs: DEMO_BLOGS.length,
  demoUsers: 2,
  coupons: DEMO_COUPONS.length,
  images: DEMO_IMAGE_COUNT,
  imageNames: DEMO_IMAGE_COUNT,
  orphanImages: 0,
  missingImages: 0,
};

/** The pid of a process that has exited: what a seeder killed with SIGKILL leaves in seed_runs.owner. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('demo data on an empty database', () => {
  let stack: TestStack;
  let db: Connection;

  beforeAll(async () => {
    stack = await startTestStack({
      worker: true,
      env: { SEED_DEMO: 'true', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'a-long-admin-password' },
    });
    db = stack.app.get<Connection>(getConnectionToken());
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers while seeding in the background, then reports done with the full catalogue', async () => {
    // The app has started (init resolved) before the seed ended: the status says how far it is.
    const first = await stack.http().get('/api/seed/status').expect(200);
    expect(first.body).toEqual({ state: 'seeding', done: expect.any(Number), total: DEMO_ITEM_COUNT });
    expect(first.body.done).toBeLessThan(DEMO_ITEM_COUNT);
    await until(
      async () => ((await stack.http().get('/api/seed/status').expect(200)).body.state === 'done' ? true : undefined),
      110_000,
      'the demo seed job',
    );
    const last = await stack.http().get('/api/seed/status').expect(200);
    expect(last.body).toEqual({ state: 'done', done: DEMO_ITEM_COUNT, total: DEMO_ITEM_COUNT });
    expect(await demoCounts(db)).toEqual(FULL);
    const run = await db.collection('seed_runs').findOne({ _id: DEMO_TASK as never });
    expect(run?.finishedAt).toBeInstanceOf(Date);
  }, 120_000);

  it('creates categories and 40+ products with generated images, 7 of them special', async () => {
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

  it('gives every blog post a byline: the demo studio wrote them (the list never shows a null author)', async () => {
    const list = await stack.http().get('/api/blogs').expect(200);
    const posts = list.body as { title: string; author: { username: string } | null }[];
    expect(posts.length).toBe(DEMO_BLOGS.length);
    for (const post of posts) expect({ title: post.title, author: post.author?.username }).toEqual({ title: post.title, author: 'Demo Distributor' });
  });

  it('fills /contributors with at least four distributors (store names), each selling products', async () => {
    const contributors = (await stack.http().get('/api/stats/contributors').expect(200)).body as Array<{
      storeName: string;
      publishedProducts: number;
      reviewCount: number;
    }>;
    const selling = contributors.filter((c) => c.publishedProducts > 0);
    expect(selling.length).toBeGreaterThanOrEqual(4);
    expect(selling.map((c) => c.storeName)).toEqual(expect.arrayContaining(['Threadline Studio', ...DEMO_CONTRIBUTORS.map((c) => c.storeName)]));
    expect(selling.filter((c) => c.reviewCount > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('shows at least three distinct reviewers on the top-rated products, with approved reviews that make their rating', async () => {
    for (const query of ['', '?limit=12']) {
      const top = (await stack.http().get(`/api/products/top${query}`).expect(200)).body as Array<{ _id: string }>;
      expect(top.length).toBeGreaterThanOrEqual(4);
      for (const { _id } of top) {
        const product = (await stack.http().get(`/api/products/${_id}`).expect(200)).body as {
          name: string;
          rating: number;
          numReviews: number;
          reviews: Array<{ name: string; rating: number; status: string }>;
        };
        const reviewers = new Set(product.reviews.map((r) => r.name));
        expect([product.name, reviewers.size >= 3]).toEqual([product.name, true]);
        expect(reviewers.has('Demo Customer')).toBe(false);
        expect(product.reviews.every((r) => r.status === 'approved')).toBe(true);
        expect(product.numReviews).toBe(product.reviews.length);
        expect(product.rating).toBe(Math.round((product.reviews.reduce((sum, r) => sum + r.rating, 0) / product.reviews.length) * 10) / 10);
      }
    }
    const reviews = (await db.collection('products').find().toArray()).flatMap(
      (p) => p.reviews as Array<{ user: unknown; rating: number; comment: string }>,
    );
    expect(new Set(reviews.map((r) => String(r.user))).size).toBeGreaterThanOrEqual(4);
    expect(new Set(reviews.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(reviews.map((r) => r.comment)).size).toBeGreaterThan(20);
  });

  it('sells apparel in sizes and colours with their own stock, and has sold-out and sale items', async () => {
    const products = await db.collection('products').find({ isSpecial: false }).toArray();
    const apparel = products.filter((p) =>
      /Tee|Top|Shirt|Hoodie|Sweater|Pullover|Sweatshirt|Cardigan|Dress|Skirt|Jeans|Trousers|Pants|Shorts|Jacket|Coat|Puffer|Shell/.test(p.name),
    );
    expect(apparel.length).toBeGreaterThanOrEqual(20);
    for (const p of apparel) {
      const variants = p.variants as Array<{ sku: string; size: string; colour: string; countInStock: number; image: string }>;
      expect([p.name, variants.length >= 4]).toEqual([p.name, true]);
      expect(p.countInStock).toBe(variants.reduce((sum, v) => sum + v.countInStock, 0));
      expect(p.quantity).toBe(p.countInStock);
      expect(variants.every((v) => v.size && v.colour && [p.image, ...p.additionalImages].includes(v.image))).toBe(true);
    }
    // Each size has its own stock: some sizes of an in-stock product are sold out while others are not.
    expect(apparel.some((p) => p.countInStock > 0 && p.variants.some((v: { countInStock: number }) => v.countInStock === 0))).toBe(true);
    const withSizes = (
      await stack
        .http()
        .get(`/api/products/${String(apparel[0]._id)}`)
        .expect(200)
    ).body as { variants: Array<{ size: string; countInStock: number }> };
    expect(withSizes.variants.map((v) => v.countInStock)).toEqual(apparel[0].variants.map((v: { countInStock: number }) => v.countInStock));

    expect(products.filter((p) => p.countInStock === 0).length).toBeGreaterThanOrEqual(2);
    const offers = (await stack.http().get('/api/products/offers').expect(200)).body as Array<{
      price: number;
      compareAtPrice: number | null;
      countInStock: number;
    }>;
    expect(offers.filter((o) => o.compareAtPrice !== null && o.compareAtPrice > o.price && o.countInStock > 0).length).toBeGreaterThanOrEqual(4);
  });

  it("draws each product with its own kind's art (front, back, detail) and never says machine-washable on boots, watches or bags", async () => {
    // What the name says, written here apart from the catalogue's own table.
    const expected: Array<[RegExp, DemoKind]> = [
      [/Boots/, 'boot'],
      [/Sneakers|Trainers/, 'sneaker'],
      [/Scarf/, 'scarf'],
      [/Bandana/, 'bandana'],
      [/Watch|Chronograph/, 'watch'],
      [/Sunglasses/, 'sunglasses'],
      [/Overcoat/, 'overcoat'],
      [/Puffer/, 'puffer'],
      [/Varsity/, 'varsity'],
      [/Biker/, 'biker'],
      [/Rain Shell/, 'rainshell'],
      [/Denim .*Jacket/, 'jacket'],
      [/Hoodie/, 'hoodie'],
      [/Floral .*Dress/, 'floralDress'],
      [/Black Dress|Silk Dress|Sundress/, 'dress'],
      [/Breton/, 'breton'],
      [/Jeans/, 'jeans'],
      [/\bCap\b/, 'cap'],
      [/Beanie/, 'beanie'],
      [/Backpack/, 'backpack'],
      [/Tote/, 'bag'],
      [/Satchel/, 'satchel'],
      [/Crossbody/, 'crossbody'],
      [/Weekender/, 'weekender'],
      [/Belt/, 'belt'],
      [/Skirt/, 'skirt'],
    ];
    const files = new Map(
      (
        await db
          .collection('images.files')
          .find({ filename: /^demo\// })
          .toArray()
      ).map((f) => [f.filename as string, String(f._id)]),
    );
    const stored = async (url: string) =>
      Buffer.from(
        (
          await stack
            .http()
            .get(url)
            .buffer(true)
            .parse((res, done) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => done(null, Buffer.concat(chunks)));
            })
            .expect(200)
        ).body as Buffer,
      );
    let checked = 0;
    for (const demo of DEMO_PRODUCTS) {
      const kind = expected.find(([pattern]) => pattern.test(demo.name))?.[1] ?? demo.kind;
      const p = await db.collection('products').findOne({ slug: slugify(demo.name) });
      expect(p).toBeTruthy();
      const slug = slugify(demo.name);
      expect(p!.image).toBe(`/api/images/${files.get(`demo/products/${slug}/0.webp`)}`);
      expect(p!.additionalImages.slice(0, 2)).toEqual([1, 2].map((v) => `/api/images/${files.get(`demo/products/${slug}/${v}.webp`)}`));
      // The stored front is exactly the kind's drawing from the kind ↔ art table, in the product's colour.
      expect([demo.name, (await stored(p!.image)).equals(await renderDemoImage(kind, demo.colours[0].hex, demo.background, 'front'))]).toEqual([
        demo.name,
        true,
      ]);
      if (['boot', 'watch', 'bag', 'backpack', 'weekender', 'satchel', 'crossbody', 'sneaker'].includes(kind))
        expect([demo.name, /machine[- ]wash/i.test(p!.description)]).toEqual([demo.name, false]);
      checked += 1;
    }
    expect(checked).toBe(DEMO_PRODUCTS.length);
    // Back and detail are pictures of their own, and a blog cover shows the kinds its post is about.
    const boots = DEMO_PRODUCTS.find((d) => d.name === 'Hiking Boots')!;
    const bootImages = (await db.collection('products').findOne({ slug: 'hiking-boots' }))!.additionalImages as string[];
    expect((await stored(bootImages[0])).equals(await renderDemoImage('boot', boots.colours[0].hex, boots.background, 'back'))).toBe(true);
    expect((await stored(bootImages[1])).equals(await renderDemoImage('boot', boots.colours[0].hex, boots.background, 'detail'))).toBe(true);
    for (const blog of DEMO_BLOGS) {
      const post = await db.collection('blogs').findOne({ slug: slugify(blog.title) });
      expect((await stored(post!.coverImage)).equals(await renderDemoCover(blog.cover, blog.coverBackground))).toBe(true);
    }
  }, 180_000);

  it('dates every review after its product was listed and before now, with no text repeated', async () => {
    const now = Date.now();
    const list = (await stack.http().get('/api/products?pageSize=100').expect(200)).body as Array<{ _id: string }>;
    expect(list).toHaveLength(DEMO_PRODUCTS.length);
    const comments: string[] = [];
    for (const { _id } of list) {
      const product = (await stack.http().get(`/api/products/${_id}`).expect(200)).body as {
        name: string;
        createdAt: string;
        reviews: Array<{ comment: string; createdAt: string }>;
      };
      expect(Date.parse(product.createdAt)).toBeLessThan(now);
      for (const r of product.reviews) {
        expect([product.name, Date.parse(r.createdAt) > Date.parse(product.createdAt), Date.parse(r.createdAt) <= now]).toEqual([
          product.name,
          true,
          true,
        ]);
        comments.push(r.comment);
      }
    }
    expect(comments.length).toBeGreaterThan(100);
    expect(new Set(comments).size).toBe(comments.length);
  });

  it('shows contributors who joined on days of their own, in the past, and lists the public coupons on /offers', async () => {
    const contributors = (await stack.http().get('/api/stats/contributors').expect(200)).body as Array<{ storeName: string; joinedAt: string }>;
    const joined = contributors.map((c) => Date.parse(c.joinedAt));
    expect(new Set(joined).size).toBe(contributors.length);
    for (const at of joined) expect(at).toBeLessThan(Date.now() - 86_400_000 * 30);
    const coupons = (await stack.http().get('/api/coupons/public').expect(200)).body as Array<{ code: string }>;
    expect(coupons.length).toBeGreaterThanOrEqual(2);
    expect(coupons.map((c) => c.code).sort()).toEqual(DEMO_COUPONS.map((c) => c.code).sort());
  });

  it('never seeds again once finished, even after the owner deleted the demo products', async () => {
    const seed = seederOf(stack);
    expect(await stack.app.get(SeedBoot).ensureAdmin()).toBe(false);
    await db.collection('products').deleteMany({});
    expect(await seed.seedDemo()).toBe('already-done');
    expect(await db.collection('products').countDocuments()).toBe(0);
  });
});

describe('an interrupted demo seed', () => {
  let stack: TestStack;
  let db: Connection;
  let seed: SeedService;

  beforeAll(async () => {
    // SEED_DEMO=false: nothing runs in the background; each test drives the seed itself.
    stack = await startTestStack({ worker: true });
    db = stack.app.get<Connection>(getConnectionToken());
    seed = seederOf(stack);
    expect((await stack.http().get('/api/seed/status').expect(200)).body).toEqual({ state: 'disabled', done: 0, total: 0 });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('stops after its current item when asked, hands the task back, and the next run completes it without duplicates', async () => {
    const stop = new AbortController();
    const watcher = setInterval(() => {
      if (seed.status().done >= DEMO_CATEGORIES.length + DEMO_ACCOUNT_COUNT + 10) stop.abort();
    }, 5);
    try {
      expect(await seed.seedDemo(stop.signal)).toBe('interrupted');
    } finally {
      clearInterval(watcher);
    }
    const partial = await demoCounts(db);
    expect(partial.products).toBeGreaterThanOrEqual(10);
    expect(partial.products).toBeLessThan(DEMO_PRODUCTS.length);
    expect(partial.orphanImages).toBe(0);
    const run = await db.collection('seed_runs').findOne({ _id: DEMO_TASK as never });
    expect(run?.finishedAt).toBeUndefined();
    expect(run?.leaseUntil).toBeUndefined();

    expect(await seed.seedDemo()).toBe('seeded');
    expect(await demoCounts(db)).toEqual(FULL);
  }, 120_000);

  it('completes a seed whose process was killed: its lease looks live, the next product has an image but no record', async () => {
    await Promise.all(['products', 'blogs', 'seed_runs', 'images.files', 'images.chunks'].map((name) => db.collection(name).deleteMany({})));
    await db.collection('users').deleteMany({ email: 'customer@demo.shop' });
    const stop = new AbortController();
    const watcher = setInterval(() => {
      if (seed.status().done >= DEMO_CATEGORIES.length + DEMO_ACCOUNT_COUNT + 5) stop.abort();
    }, 5);
    try {
      expect(await seed.seedDemo(stop.signal)).toBe('interrupted');
    } finally {
      clearInterval(watcher);
    }
    // What a kill -9 leaves: a lease 30 s ahead naming a process that no longer exists, and the first image of the
    // next product stored under its fixed name while the product itself was never inserted.
    const killed = `${hostname()}:${deadPid()}:killed`;
    await db.collection('seed_runs').updateOne({ _id: DEMO_TASK as never }, { $set: { owner: killed, leaseUntil: new Date(Date.now() + 30_000) } });
    const slugs = new Set((await db.collection('products').find().toArray()).map((p) => p.slug));
    const next = DEMO_PRODUCTS.map((p) => slugify(p.name)).find((slug) => !slugs.has(slug));
    await stack.app.get(MediaStorage).saveImage(Buffer.from('RIFF....WEBP'), 'image/webp', `demo/products/${next}/0.webp`);
    expect((await demoCounts(db)).orphanImages).toBe(1);

    expect(await seed.seedDemo()).toBe('seeded');
    expect(await demoCounts(db)).toEqual(FULL);
    expect((await db.collection('products').findOne({ slug: next }))?.image).toBe(
      `/api/images/${(await db.collection('images.files').findOne({ filename: `demo/products/${next}/0.webp` }))?._id.toHexString()}`,
    );
  }, 120_000);

  it('completes a seed left "claimed" by the old code (no lease at all), the bug that left shops empty forever', async () => {
    await Promise.all(['products', 'blogs', 'seed_runs'].map((name) => db.collection(name).deleteMany({})));
    await db.collection('seed_runs').insertOne({ _id: DEMO_TASK as never, startedAt: new Date() });
    expect(await seed.seedDemo()).toBe('seeded');
    // The images of the first run were found by name and reused: none doubled, none orphaned.
    expect(await demoCounts(db)).toEqual(FULL);
  }, 120_000);

  it('waits while a live seeder holds the lease, and takes over once it expires', async () => {
    await Promise.all(['products', 'seed_runs'].map((name) => db.collection(name).deleteMany({})));
    const alive = `${hostname()}:${process.pid}:another-instance`;
    await db.collection('seed_runs').insertOne({
      _id: DEMO_TASK as never,
      startedAt: new Date(),
      owner: alive,
      leaseUntil: new Date(Date.now() + 60_000),
      done: 7,
      total: DEMO_ITEM_COUNT,
    });
    expect(await seed.seedDemo(AbortSignal.timeout(1_500))).toBe('interrupted');
    expect(seed.status()).toEqual({ state: 'seeding', done: 7, total: DEMO_ITEM_COUNT });
    expect(await db.collection('products').countDocuments()).toBe(0);

    await db.collection('seed_runs').updateOne({ _id: DEMO_TASK as never }, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await seed.seedDemo()).toBe('seeded');
    expect(await demoCounts(db)).toEqual(FULL);
  }, 120_000);

  it('never seeds a database in use (products but no seed run)', async () => {
    await Promise.all(['products', 'seed_runs'].map((name) => db.collection(name).deleteMany({})));
    const category = await db.collection('categories').findOne();
    await db
      .collection('products')
      .insertOne({ name: 'Real product', slug: 'real-product', priceCents: 1000, category: category?._id, status: 'published', countInStock: 1 });
    expect(await seed.seedDemo()).toBe('skipped');
    expect(await db.collection('products').countDocuments()).toBe(1);
    expect(seed.status().state).toBe('done');
    expect(await seed.seedDemo()).toBe('already-done');
  }, 60_000);
});
