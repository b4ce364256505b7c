import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { compressedAssets, pickEncoding } from './compressed-assets';
import { webRequestOf } from './web-request';

describe('compressed web assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  const js = `export const words = ${JSON.stringify('lorem ipsum dolor '.repeat(500))};\n`;
  const assets = compressedAssets(dir);
  // What the compressed assets do not answer gets 404 here (the web apps send those files uncompressed).
  const app = http.createServer((req, res) => {
    if (!assets(webRequestOf(req), res)) res.writeHead(404).end();
  });

  beforeAll(() => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), js);
    writeFileSync(join(dir, 'assets', 'tiny-1a2b.js'), 'export {};\n');
    writeFileSync(join(dir, 'secret.js'), js);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The raw bytes on the wire (supertest and fetch would decode them). */
  function raw(path: string, acceptEncoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolveRaw, reject) => {
      const server = http.createServer(app.listeners('request')[0] as http.RequestListener).listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        http
          .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => server.close(() => resolveRaw({ headers: res.headers, body: Buffer.concat(chunks) })));
          })
          .on('error', reject);
      });
    });
  }

  it('answers Brotli, then gzip, by Accept-Encoding, with the right type and an immutable cache', async () => {
    const br = await raw('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(js);

    const gz = await raw('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
  });

  it('leaves small files, clients without compression and paths outside assets/ to the static files', async () => {
    expect((await request(app).get('/assets/tiny-1a2b.js').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/assets/app-1a2b.js').set('Accept-Encoding', 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/secret.js').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/assets/..%2Fsecret.js').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br')).status).toBe(404);
  });

  it('reads Accept-Encoding like a server should', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
