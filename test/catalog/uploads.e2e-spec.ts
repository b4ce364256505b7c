import { getConnectionToken } from '@nestjs/mongoose';
import { MediaStorage } from '@shop/media';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import { createAccount, type TestAccount, createCategory, pngImage } from '../support/fixtures';
import { animatedGif, decompressionBomb, phonePhoto, pngHeaderPolyglot } from '../support/hostile-images';
import { readOutbox } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('uploads, multipart products and the media job (with the worker)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let distributor: TestAccount;
  let customer: TestAccount;
  let category: string;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, distributor, customer] = await Promise.all([
      createAccount(stack, 'admin'),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'customer'),
    ]);
    category = await createCategory(stack, admin, 'Uploads');
  });
  afterAll(() => stack?.stop());

  it('stores an image in GridFS, serves it, and the media job writes 4 WebP thumbnails', async () => {
    const res = await stack
      .http()
      .post('/api/upload')
      .set('Authorization', distributor.bearer)
      .attach('image', await pngImage(1600, 1000), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Image uploaded successfully');
    expect(res.body.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    const id = (res.body.image as string).split('/').pop() as string;

    const original = await stack.http().get(res.body.image);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');

    const storage = stack.app.get(MediaStorage);
    const widths = await until(
      async () => {
        const w = await storage.listThumbnailWidths(id);
        return w.length === 4 ? w : undefined;
      },
      20_000,
      'thumbnails',
    );
    expect(widths).toEqual([160, 320, 640, 1280]);
    for (const width of widths) {
      const thumb = await storage.findThumbnail(id, width as 160);
      expect(thumb?.contentType).toBe('image/webp');
      const meta = await sharp(await storage.readAll(thumb!.id)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
    const served = await stack.http().get(`${res.body.image}?w=320`);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('serves images by id only: a malformed id answers 404 IMAGE_NOT_FOUND, a bad width 400 INVALID_WIDTH, an unknown parameter 400 VALIDATION_FAILED', async () => {
    const res = await stack
      .http()
      .post('/api/upload')
      .set('Authorization', distributor.bearer)
      .attach('image', await pngImage(), 'served.png');
    expect(res.status).toBe(201);
    expect((await stack.http().get(res.body.image).query({ w: '200' })).status).toBe(200);
    const malformed = await stack.http().get('/api/images/not-an-id');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' });
    expect((await stack.http().get('/api/images/665f1c2e9d1e8a0012345678')).body.code).toBe('IMAGE_NOT_FOUND');
    const badWidth = await stack.http().get(res.body.image).query({ w: 'wide' });
    expect(badWidth.status).toBe(400);
    expect(badWidth.body).toMatchObject({ code: 'INVALID_WIDTH', message: 'w must be a whole number of pixels' });
    const unknown = await stack.http().get(res.body.image).query({ width: '320' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a text file renamed .png (415), SVG (415), a 6 MB image (413), and callers who are not sellers', async () => {
    const text = await stack
      .http()
      .post('/api/upload')
      .set('Authorization', admin.bearer)
      .attach('image', Buffer.from('just some text, not an image'), { filename: 'fake.png', contentType: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images are allowed');
    const svg = await stack
      .http()
      .post('/api/upload')
      .set('Authorization', admin.bearer)
      .attach('image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
        filename: 'x.svg',
        contentType: 'image/svg+xml',
      });
    expect(svg.status).toBe(415);
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooLarge = await stack.http().post('/api/upload').set('Authorization', admin.bearer).attach('image', big, 'big.png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/5 MB/);
    expect(
      (
        await stack
          .http()
          .post('/api/upload')
          .set('Authorization', customer.bearer)
          .attach('image', await pngImage(), 'a.png')
      ).status,
    ).toBe(403);
    expect(
      (
        await stack
          .http()
          .post('/api/upload')
          .attach('image', await pngImage(), 'a.png')
      ).status,
    ).toBe(401);
    expect((await stack.http().post('/api/upload').set('Authorization', admin.bearer).send({})).status).toBe(400);
  });

  const form = async (who: TestAccount, extra: number, last?: { bytes: Buffer; filename: string }) => {
    let req = stack
      .http()
      .post('/api/products/add')
      .set('Authorization', who.bearer)
      .field('name', 'Form jacket')
      .field('description', 'Made from a form')
      .field('price', '49.90')
      .field('category', category)
      .field('quantity', '6')
      .field('brand', 'Formwear')
      .field('countInStock', '6')
      .field('specifications', JSON.stringify({ Fit: 'Regular' }))
      .field(
        'variants',
        JSON.stringify([
          { sku: 'FJ-M', size: 'M', colour: 'navy', countInStock: 2 },
          { sku: 'FJ-L', size: 'L', colour: 'navy', countInStock: 4 },
        ]),
      )
      .attach('image', await pngImage(), 'main.png');
    for (let i = 0; i < extra; i += 1) req = req.attach('additionalImages', await pngImage(200, 200, { r: i * 40, g: 10, b: 10 }), `extra${i}.png`);
    if (last) req = req.attach('additionalImages', last.bytes, last.filename);
    return req;
  };

  it('creates a product from multipart with 4 additional images; a fifth answers 400', async () => {
    const ok = await form(distributor, 4);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      name: 'Form jacket',
      price: 49.9,
      status: 'pending',
      specifications: { Fit: 'Regular' },
      countInStock: 6,
      quantity: 6,
    });
    expect(ok.body.additionalImages).toHaveLength(4);
    expect(ok.body.images).toHaveLength(4);

    const five = await form(distributor, 5);
    expect(five.status).toBe(400);
    expect(five.body.message).toBe('Maximum 4 additional images allowed');

    const noImage = await stack
      .http()
      .post('/api/products/add')
      .set('Authorization', admin.bearer)
      .field('name', 'x')
      .field('description', 'd')
      .field('price', '1')
      .field('category', category)
      .field('brand', 'b');
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe('Please upload an image.');

    const badFile = await stack
      .http()
      .post('/api/products/add')
      .set('Authorization', admin.bearer)
      .field('name', 'x')
      .field('description', 'd')
      .field('price', '1')
      .field('category', category)
      .field('brand', 'b')
      .attach('image', Buffer.from('GIF? no, text'), 'a.gif');
    expect(badFile.status).toBe(415);

    const byAdmin = await form(admin, 0);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.status).toBe('published');
  });

  /** Uploaded originals in the images bucket (thumbnails, which the worker may be writing meanwhile, aside). */
  const originals = () =>
    stack.app
      .get<Connection>(getConnectionToken())
      .collection('images.files')
      .countDocuments({ 'metadata.originalId': { $exists: false } });

  it.each([
    ['a PNG-header polyglot', 415, 'IMAGE_UNREADABLE', () => pngHeaderPolyglot()],
    ['a decompression bomb', 413, 'IMAGE_TOO_MANY_PIXELS', () => decompressionBomb()],
  ])(
    'a product form whose last additional image is %s answers %i %s and stores none of its images, nor the product',
    async (_what, status, code, bad) => {
      const before = await originals();
      const products = await stack.app.get<Connection>(getConnectionToken()).collection('products').countDocuments();
      const res = await form(distributor, 2, { bytes: bad(), filename: 'last.png' });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(await originals()).toBe(before);
      expect(await stack.app.get<Connection>(getConnectionToken()).collection('products').countDocuments()).toBe(products);
    },
  );

  it('a product form with a phone photo stores it upright without EXIF, and its thumbnails follow the turned pixels', async () => {
    const res = await stack
      .http()
      .post('/api/products/add')
      .set('Authorization', admin.bearer)
      .field('name', 'Photo tee')
      .field('description', 'Shot on a phone')
      .field('price', '12.00')
      .field('category', category)
      .field('brand', 'Phonewear')
      .field('countInStock', '1')
      .attach('image', await phonePhoto(600, 400), { filename: 'IMG_0002.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    const id = (res.body.image as string).split('/').pop() as string;
    const storage = stack.app.get(MediaStorage);
    const stored = await storage.readAll(id);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    const thumb = await until(() => storage.findThumbnail(id, 160), 20_000, 'thumbnail of the photo');
    const thumbMeta = await sharp(await storage.readAll(thumb.id)).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([160, 240]);
  });

  it('an animated GIF is stored as an animated GIF', async () => {
    const res = await stack
      .http()
      .post('/api/upload')
      .set('Authorization', distributor.bearer)
      .attach('image', await animatedGif(), 'spin.gif');
    expect(res.status).toBe(201);
    const served = await stack
      .http()
      .get(res.body.image)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.headers['content-type']).toBe('image/gif');
    const meta = await sharp(served.body as Buffer, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.delay).toEqual([100, 200]);
  });

  it('mails the distributor when an admin approves or rejects its product', async () => {
    const created = await form(distributor, 0);
    const id = created.body._id as string;
    expect(
      (await stack.http().put(`/api/products/${id}/reject`).set('Authorization', admin.bearer).send({ note: 'Needs a better photo' })).status,
    ).toBe(200);
    expect((await stack.http().put(`/api/products/${id}/approve`).set('Authorization', admin.bearer)).status).toBe(200);
    const outbox = stack.config.outboxDir;
    const mails = await until(
      async () => {
        const all = (await readOutbox(outbox)).filter((m) => m.to.includes(distributor.email));
        return all.length >= 2 ? all : undefined;
      },
      20_000,
      'moderation mails',
    );
    const text = mails.map((m) => `${m.subject}\n${m.text}`).join('\n');
    expect(text).toContain('Form jacket');
    expect(text).toContain('Needs a better photo');
  });
});
