import sharp from 'sharp';
import {
  animatedGif,
  decompressionBomb,
  jpegWithTrailingHtml,
  noisyPng,
  phonePhoto,
  pngChunk,
  pngHeaderPolyglot,
  pngWithTrailingHtml,
  pngWithTruncatedPixels,
  SVG_WITH_SCRIPT,
  truncatedPng,
} from '../../../test/support/hostile-images';
import { ConcurrencyLimiter, ImageRejectedError, MAX_IMAGE_PIXELS, normalizeImage, type ImageRejection } from './image-normalize';

async function rejection(input: Buffer | Promise<Buffer>, options?: { maxPixels?: number }): Promise<ImageRejection> {
  try {
    await normalizeImage(await input, options);
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.reason;
    throw error;
  }
  throw new Error('the image was accepted');
}

const flat = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#c85028' } })
    .toFormat(format)
    .toBuffer();

describe('normalizeImage', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)('re-encodes %s as %s, new bytes that decode to the same size', async (format, contentType) => {
    const input = await flat(format);
    const out = await normalizeImage(input);
    expect(out.contentType).toBe(contentType);
    expect([out.width, out.height, out.frames]).toEqual([40, 30, 1]);
    const meta = await sharp(out.buffer).metadata();
    expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('strips EXIF with the GPS position and the camera, and turns the pixels as the orientation said', async () => {
    const photo = await phonePhoto(300, 200);
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Threadline Test Camera'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825, little-endian) and the latitude reference are in the EXIF block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.exif?.includes(Buffer.from('N\0'))).toBe(true);

    const out = await normalizeImage(photo);
    expect(out.contentType).toBe('image/jpeg');
    expect(out.buffer.includes(Buffer.from('Threadline Test Camera'))).toBe(false);
    expect(out.buffer.includes(Buffer.from('Exif\0\0'))).toBe(false);
    const after = await sharp(out.buffer).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect([out.width, out.height]).toEqual([200, 300]);
    // Orientation 6 turns the stored pixels 90° clockwise: the left (red) half becomes the top half.
    const { data, info } = await sharp(out.buffer).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(100, 20)[0]).toBeGreaterThan(200);
    expect(pixel(100, 20)[2]).toBeLessThan(60);
    expect(pixel(100, 280)[2]).toBeGreaterThan(200);
    expect(pixel(100, 280)[0]).toBeLessThan(60);
  });

  it('drops XMP, an ICC profile and PNG text chunks as well', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>secret place</rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(png).metadata();
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    const after = await sharp((await normalizeImage(png)).buffer).metadata();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.comments).toBeUndefined();
  });

  it('keeps an animated GIF animated, with its frames, delays and loop', async () => {
    const out = await normalizeImage(await animatedGif());
    expect(out.contentType).toBe('image/gif');
    expect([out.width, out.height, out.frames]).toEqual([50, 40, 2]);
    const meta = await sharp(out.buffer, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.delay).toEqual([100, 200]);
    expect(meta.loop).toBe(0);
  });

  it('keeps an animated WebP animated, a palette PNG a palette with its transparency, and turns CMYK into sRGB', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background } })
        .raw()
        .toBuffer();
    const webp = await sharp(Buffer.concat([await frame('#ff0000'), await frame('#00ff00')]), {
      raw: { width: 10, height: 20, channels: 3, pageHeight: 10 },
    })
      .webp({ delay: [50, 60], loop: 0 })
      .toBuffer();
    const animated = await normalizeImage(webp);
    expect([animated.contentType, animated.frames]).toEqual(['image/webp', 2]);
    expect((await sharp(animated.buffer, { animated: true }).metadata()).delay).toEqual([50, 60]);

    const palette = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
      .png({ palette: true })
      .toBuffer();
    const paletteOut = await sharp((await normalizeImage(palette)).buffer).metadata();
    expect([paletteOut.isPalette, paletteOut.hasAlpha]).toEqual([true, true]);

    const cmyk = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#345678' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const cmykOut = await sharp((await normalizeImage(cmyk)).buffer).metadata();
    expect([cmykOut.space, cmykOut.channels]).toEqual(['srgb', 3]);
  });

  it('keeps a lossless WebP lossless (the same pixels come back)', async () => {
    const source = await noisyPng(64, 48);
    const webp = await sharp(source).webp({ lossless: true }).toBuffer();
    const out = await normalizeImage(webp);
    expect(out.contentType).toBe('image/webp');
    const a = await sharp(source).raw().toBuffer();
    const b = await sharp(out.buffer).raw().toBuffer();
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it.each([
    ['text', () => Buffer.from('just some text')],
    ['HTML', () => Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['SVG', () => Buffer.from(SVG_WITH_SCRIPT)],
    ['an empty file', () => Buffer.alloc(0)],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
    ],
  ])('refuses %s as unsupported', async (_what, make) => {
    expect(await rejection(make())).toBe('unsupported');
  });

  it.each([
    ['a PNG cut off halfway', truncatedPng],
    ['a PNG whose chunks are whole but whose pixel data stops halfway (only the decoder sees it)', async () => pngWithTruncatedPixels()],
    ['the PNG signature followed by HTML', async () => pngHeaderPolyglot()],
    ['a whole PNG with HTML after IEND', pngWithTrailingHtml],
    ['a whole PNG with binary junk after IEND', async () => Buffer.concat([await noisyPng(16, 16), Buffer.from([1, 2, 3, 250, 251])])],
    ['a whole JPEG with HTML after its end', jpegWithTrailingHtml],
    [
      'a JPEG cut off halfway',
      async () => {
        const jpeg = await sharp(await noisyPng(200, 150))
          .jpeg()
          .toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
    ],
    [
      'a PNG with a broken chunk checksum',
      async () => {
        const png = Buffer.from(await noisyPng(16, 16));
        png[29] ^= 0xff; // last byte of the IHDR CRC
        return png;
      },
    ],
    ['a GIF with HTML after its trailer', async () => Buffer.concat([await flat('gif'), Buffer.from('<html></html>')])],
    ['a WebP with HTML after its RIFF data', async () => Buffer.concat([await flat('webp'), Buffer.from('<html></html>')])],
    ['an AVIF with HTML after its boxes', async () => Buffer.concat([await flat('avif'), Buffer.from('<html></html>')])],
  ])('refuses %s as unreadable', async (_what, make) => {
    expect(await rejection(make())).toBe('unreadable');
  });

  it("accepts a JPEG with binary data after its end (a phone's secondary image) and stores only the main image", async () => {
    const main = await flat('jpeg', 60, 40);
    const secondary = await flat('jpeg', 16, 16);
    const out = await normalizeImage(Buffer.concat([main, secondary]));
    expect([out.width, out.height]).toEqual([60, 40]);
    expect(out.buffer.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
  });

  it('refuses a decompression bomb (20000 × 20000 in about 50 KB) as too many pixels', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await rejection(bomb)).toBe('too-many-pixels');
  });

  it('reads the pixel count from the header before decoding: a huge header over garbage is too big, not unreadable', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const fake = Buffer.concat([
      signature,
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', Buffer.from('not deflate at all')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await rejection(fake)).toBe('too-many-pixels');
  });

  it('caps at 40 megapixels by default, and at the given cap exactly', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(await rejection(decompressionBomb(8000, 5001))).toBe('too-many-pixels');
    const atCap = await flat('png', 100, 50);
    await expect(normalizeImage(atCap, { maxPixels: 5000 })).resolves.toMatchObject({ width: 100, height: 50 });
    expect(await rejection(atCap, { maxPixels: 4999 })).toBe('too-many-pixels');
  });

  it('counts every frame of an animated image against the cap', async () => {
    const gif = await animatedGif(); // 2 frames of 50 × 40 = 4000 pixels
    await expect(normalizeImage(gif, { maxPixels: 4000 })).resolves.toMatchObject({ frames: 2 });
    expect(await rejection(gif, { maxPixels: 3999 })).toBe('too-many-pixels');
  });
});

describe('ConcurrencyLimiter', () => {
  it('runs at most its size at once, in arrival order, and keeps going after a failure', async () => {
    const limiter = new ConcurrencyLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) =>
      limiter.run(async () => {
        started.push(n);
        running += 1;
        peak = Math.max(peak, running);
        // Still running while the event loop turns: the tasks that may start meanwhile do.
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (n === 1) throw new Error('boom');
        return n;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});
