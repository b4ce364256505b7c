import { deflateRawSync } from 'node:zlib';
import { createAccount, type TestAccount } from '../support/accounts';
import { pngImage } from '../support/catalog-fixtures';
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
    return stack.http().post('/api/upload').set('Authorization', who.bearer).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body);
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
    ['SVG with script', 'logo.svg', 'image/svg+xml', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>')],
    ['XML', 'data.xml', 'application/xml', () => Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')],
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
    const stored = await database(stack).collection('images.files').findOne({ _id: new (await import('mongodb')).ObjectId(id) });
    expect(String(stored?.filename)).not.toMatch(/[/\\]/);
    expect(String(stored?.filename)).not.toContain('\u0000');
    const image = await served(res.body.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
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
    for (const path of ['/api/images/..%2F..%2Fpackage.json', '/api/images/%7B%22%24ne%22%3Anull%7D', '/api/images/000000000000000000000000', '/api/images/abc?w=%7B%7D']) {
      const res = await stack.http().get(path);
      expect([400, 404]).toContain(res.status);
      expect(res.text).not.toContain('"dependencies"');
      expectNoLeak(res);
    }
  });
});
