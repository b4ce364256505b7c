import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Hand-made image files that are not what they claim to be, for the upload tests and the normaliser's specs. */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk with a correct CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
}

/**
 * A real, valid PNG of width × height one-bit black pixels. 20000 × 20000 (400 megapixels, 1.2 GB once
 * decoded to RGB) deflates to about 50 KB: a decompression bomb well under the 5 MB byte limit.
 */
export function decompressionBomb(width = 20_000, height = 20_000): Buffer {
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 1, 0),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with noise in it (so it does not compress to nothing), width × height RGB. */
export function noisyPng(width = 200, height = 150): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A PNG cut off halfway through its pixel data. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await noisyPng();
  return png.subarray(0, Math.floor(png.length / 2));
}

/**
 * A PNG whose chunks are all well formed (correct lengths and CRCs, IEND at the very end) but whose
 * compressed pixel data stops halfway: only the decoder can tell that it is truncated.
 */
export function pngWithTruncatedPixels(width = 64, height = 64): Buffer {
  const raw = Buffer.alloc((1 + width * 3) * height);
  for (let i = 0; i < raw.length; i += 1) raw[i] = i % (1 + width * 3) === 0 ? 0 : (i * 2654435761) >>> 24;
  const deflated = deflateSync(raw);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 2),
    pngChunk('IDAT', deflated.subarray(0, Math.floor(deflated.length / 2))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML_PAYLOAD = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

/** The eight-byte PNG signature followed by an HTML page. */
export function pngHeaderPolyglot(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML_PAYLOAD)]);
}

/** A whole, valid PNG with an HTML page after its IEND chunk. */
export async function pngWithTrailingHtml(): Promise<Buffer> {
  return Buffer.concat([await noisyPng(32, 32), Buffer.from(HTML_PAYLOAD)]);
}

/** A whole, valid JPEG with an HTML page after its end-of-image marker. */
export async function jpegWithTrailingHtml(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(HTML_PAYLOAD)]);
}

export const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>';

/** Where the test photo says it was taken. */
export const GPS_LATITUDE = '48/1 51/1 29/1';

/**
 * A width × height JPEG, as a phone writes it: EXIF with the camera's make and model, a GPS position, and
 * orientation 6 (the pixels are stored sideways; viewers turn them 90° clockwise, so it shows height × width).
 * The left half is red and the right half blue, so a test can tell that the pixels were turned.
 */
export async function phonePhoto(width = 300, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Threadline Test Camera', Model: 'TT-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: GPS_LATITUDE, GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .toBuffer();
}

/** A two-frame animated GIF (red then green, 50 × 40), looping forever. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 50, height: 40, channels: 3, background } })
      .raw()
      .toBuffer();
  return sharp(Buffer.concat([await frame('#ff0000'), await frame('#00ff00')]), { raw: { width: 50, height: 80, channels: 3, pageHeight: 40 } })
    .gif({ delay: [100, 200], loop: 0 })
    .toBuffer();
}
