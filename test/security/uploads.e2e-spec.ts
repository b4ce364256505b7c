import { deflateRawSync } from 'node:zlib';
import { ObjectId } from 'mongodb';
import sharp from 'sharp';
import { MediaStorage } from '@shop/media';
import { createAccount, type TestAccount, pngImage } from '../support/fixtures';
import {
  decompressionBomb,
  jpegWithTrailingHtml,
  phonePhoto,
  pngHeaderPolyglot,
  pngWithTrailingHtml,
  pngWithTruncatedPixels,
  SVG_WITH_SCRIPT,
  truncatedPng,
} from '../support/hostile-images';
import { startTestStack, type TestStack } from '../support/test-stack';
import { binary, database, expectNoLeak, multipart } from './support';

/** A tiny but valid zip archive holding one file. */
function zipArchive(): Buffer {
  const data = deflateRawSync(Buffer.from('<html>hi</html>'));
  const name = Buffer.from('index.html');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(15, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

describe('security: uploads', () => {
  let stack: TestStack;
  let seller: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [seller, customer] = await Promise.all([createAccount(stack, 'distributor'), createAccount(stack)]);
  });
  afterAll(() => stack?.stop());

  const storedFiles = () => database(stack).collection('images.files').countDocuments();
  const upload = (filename: string, contentType: string, bytes: Buffer, who: TestAccount = seller) => {
    const { boundary, body } = multipart('image', filename, contentType, bytes);
    return stack
      .http()
      .post('/api/upload')
      .set('Authorization', who.bearer)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
  };
  const served = (url: string) => stack.http().get(url).buffer(true).parse(binary);

  it('an oversize file answers 413 and nothing is stored', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.status).toBe(413);
    expectNoLeak(res);
    expect(await storedFiles()).toBe(before);
  });

  const refused: [string, string, string, () => Buffer | Promise<Buffer>][] = [
    ['HTML', 'page.html', 'text/html', () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    [
      'SVG with script',
      'logo.svg',
      'image/svg+xml',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    ],
    [
      'XML',
      'data.xml',
      'application/xml',
      () => Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    ],
    ['zip', 'archive.zip', 'application/zip', zipArchive],
    ['HTML disguised as a PNG', 'innocent.png', 'image/png', () => Buffer.from('<html><img src=x onerror=alert(1)></html>')],
    ['a script named .jpg', 'photo.jpg', 'image/jpeg', () => Buffer.from('#!/bin/sh\nrm -rf /\n')],
  ];

  it.each(refused)('%s answers 415 and nothing is stored', async (_what, filename, contentType, bytes) => {
    const before = await storedFiles();
    const res = await upload(filename, contentType, await bytes());
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only JPEG, PNG, WebP, GIF or AVIF images are allowed');
    expect(await storedFiles()).toBe(before);
  });

  const notImages: [string, number, string, string, string, () => Buffer | Promise<Buffer>][] = [
    ['a PNG cut off halfway', 415, 'IMAGE_UNREADABLE', 'half.png', 'image/png', truncatedPng],
    ['a PNG whose pixel data stops halfway inside well-formed chunks', 415, 'IMAGE_UNREADABLE', 'short.png', 'image/png', pngWithTruncatedPixels],
    ['the PNG signature followed by HTML (a polyglot)', 415, 'IMAGE_UNREADABLE', 'polyglot.png', 'image/png', pngHeaderPolyglot],
    ['a whole PNG with HTML after IEND', 415, 'IMAGE_UNREADABLE', 'trailer.png', 'image/png', pngWithTrailingHtml],
    ['a whole JPEG with HTML after its end', 415, 'IMAGE_UNREADABLE', 'trailer.jpg', 'image/jpeg', jpegWithTrailingHtml],
    ['an SVG named .png', 415, 'UNSUPPORTED_MEDIA_TYPE', 'logo.png', 'image/png', () => Buffer.from(SVG_WITH_SCRIPT)],
    ['a decompression bomb (20000 × 20000 PNG in about 50 KB)', 413, 'IMAGE_TOO_MANY_PIXELS', 'bomb.png', 'image/png', decompressionBomb],
  ];

  it.each(notImages)(
    '%s is refused (%i %s) with a clear message, and nothing is stored',
    async (_what, status, code, filename, contentType, bytes) => {
      const before = await storedFiles();
      const res = await upload(filename, contentType, await bytes());
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toEqual(
        {
          IMAGE_UNREADABLE: 'The image could not be read: it is damaged, cut short, or has other data in it besides the image',
          UNSUPPORTED_MEDIA_TYPE: 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed',
          IMAGE_TOO_MANY_PIXELS: 'Image is too large: at most 40 megapixels is allowed (all frames together for an animation)',
        }[code],
      );
      expectNoLeak(res);
      expect(res.text).not.toMatch(/vips|libpng|sharp/i);
      expect(await storedFiles()).toBe(before);
    },
  );

  it('a phone photo with GPS in its EXIF is stored without any EXIF, turned upright as its orientation said', async () => {
    const photo = await phonePhoto(300, 200);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const res = await upload('IMG_0001.jpg', 'image/jpeg', photo);
    expect(res.status).toBe(201);
    const id = (res.body.image as string).split('/').pop() as string;
    const storage = stack.app.get(MediaStorage);
    expect((await storage.find(id))?.contentType).toBe('image/jpeg');
    const stored = await storage.readAll(id);
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(stored.includes(Buffer.from('Threadline Test Camera'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    const image = await served(res.body.image);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.body as Buffer, stored)).toBe(0);
  });

  it('customers and guests cannot upload at all', async () => {
    const before = await storedFiles();
    expect((await upload('ok.png', 'image/png', await pngImage(), customer)).status).toBe(403);
    const { boundary, body } = multipart('image', 'ok.png', 'image/png', await pngImage());
    expect((await stack.http().post('/api/upload').set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body)).status).toBe(401);
    expect(await storedFiles()).toBe(before);
  });

  it.each([
    ['path traversal', '../../../../etc/passwd.png'],
    ['Windows traversal', '..\\..\\windows\\win.ini.png'],
    ['a NUL byte', 'photo.png\u0000.html'],
    ['a thumbnail path', 'thumb/000000000000000000000000/160.webp'],
  ])('a file name with %s is refused or neutralised, and the served image is the real one', async (_what, filename) => {
    const png = await pngImage(64, 48);
    const res = await upload(filename, 'image/png', png);
    expect([201, 400]).toContain(res.status);
    if (res.status !== 201) return;
    const id = (res.body.image as string).split('/').pop() as string;
    const stored = await database(stack)
      .collection('images.files')
      .findOne({ _id: new ObjectId(id) });
    expect(String(stored?.filename)).not.toMatch(/[/\\]/);
    expect(String(stored?.filename)).not.toContain('\u0000');
    const image = await served(res.body.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Stored re-encoded, so not the same bytes, but the same pixels (PNG stays lossless).
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect(Buffer.compare(await pixels(image.body as Buffer), await pixels(png))).toBe(0);
    expect(image.headers['content-disposition'] ?? '').not.toMatch(/\.\.|passwd/);
  });

  it('a served image carries nosniff and its real type, whatever Content-Type the upload claimed', async () => {
    const png = await pngImage(32, 32);
    const res = await upload('page.html', 'text/html', png);
    expect(res.status).toBe(201);
    const image = await served(res.body.image);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('image ids that are not ids, or traversal in the image path, answer 404 without a leak', async () => {
    for (const path of [
      '/api/images/..%2F..%2Fpackage.json',
      '/api/images/%7B%22%24ne%22%3Anull%7D',
      '/api/images/000000000000000000000000',
      '/api/images/abc?w=%7B%7D',
    ]) {
      const res = await stack.http().get(path);
      expect([400, 404]).toContain(res.status);
      expect(res.text).not.toContain('"dependencies"');
      expectNoLeak(res);
    }
  });
});
