import sharp, { type Metadata, type Sharp } from 'sharp';
import { checkContainer, type ContainerProblem } from './image-container';
import { detectImageType, type ImageMime } from './image-type';

/** Largest accepted image, in pixels (all frames together for an animated image): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** How many images one process decodes and re-encodes at once; the rest wait their turn. */
export const IMAGE_NORMALIZE_CONCURRENCY = 2;

/**
 * Why an image was refused:
 * - unsupported: not a JPEG, PNG, WebP, GIF or AVIF by its first bytes (SVG, HTML, archives, text...);
 * - unreadable: it starts like an image but is cut short, damaged, or carries other data after its end;
 * - too-many-pixels: its header declares more than the pixel cap (a decompression bomb, or just too big).
 */
export type ImageRejection = 'unsupported' | 'unreadable' | 'too-many-pixels';

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    /** For logs: what exactly was wrong (never shown to the client as is). */
    readonly detail: string,
  ) {
    super(`image refused (${reason}): ${detail}`);
    this.name = 'ImageRejectedError';
  }
}

export interface NormalizedImage {
  /** The re-encoded file: no EXIF, GPS, XMP, IPTC, ICC or comments; orientation applied; sRGB. */
  buffer: Buffer;
  contentType: ImageMime;
  width: number;
  /** Height of one frame. */
  height: number;
  /** 1 for a still image. */
  frames: number;
}

export interface NormalizeOptions {
  /** Pixel cap (width × height × frames); MAX_IMAGE_PIXELS by default. */
  maxPixels?: number;
}

/** The sharp format name each accepted type decodes as. */
const DECODER: Record<ImageMime, Metadata['format']> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

const ANIMATED: ReadonlySet<ImageMime> = new Set(['image/gif', 'image/webp']);

const CONTAINER_DETAIL: Record<ContainerProblem, string> = {
  truncated: 'the file ends before the image does',
  malformed: 'the file structure is damaged',
  'trailing-data': 'other data follows the end of the image',
};

/**
 * Decodes an uploaded image and encodes it again in the same format, so what is stored is only pixels:
 * metadata (EXIF with GPS, XMP, IPTC, comments) is dropped, the EXIF orientation is applied to the pixels,
 * colours are converted to sRGB. Refuses what is not one of the five formats, what is truncated or damaged
 * or has data after its end (polyglots), and what declares more pixels than the cap, which is read from the
 * header before anything is decoded. Runs on sharp's async API (libuv's thread pool), a few at a time.
 */
export function normalizeImage(input: Buffer, options: NormalizeOptions = {}): Promise<NormalizedImage> {
  return limiter.run(() => normalize(input, options.maxPixels ?? MAX_IMAGE_PIXELS));
}

async function normalize(input: Buffer, maxPixels: number): Promise<NormalizedImage> {
  const type = detectImageType(input);
  if (!type) throw new ImageRejectedError('unsupported', 'not a JPEG, PNG, WebP, GIF or AVIF file by its content');
  const problem = checkContainer(input, type);
  if (problem) throw new ImageRejectedError('unreadable', CONTAINER_DETAIL[problem]);

  const animated = ANIMATED.has(type);
  // failOn 'error': truncated or corrupt pixel data aborts; 'warning' would also refuse photos whose only fault
  // is a harmless decoder warning. limitInputPixels applies to the header, so a bomb is never decoded.
  const open = (): Sharp => sharp(input, { failOn: 'error', limitInputPixels: maxPixels, animated, autoOrient: true });

  const header = await guard(() => open().metadata());
  if (header.format !== DECODER[type] || (type === 'image/avif' && header.compression !== 'av1')) {
    throw new ImageRejectedError('unsupported', `decoded as ${header.format}, not ${DECODER[type]}`);
  }
  const frames = animated ? Math.max(1, header.pages ?? 1) : 1;
  const frameHeight = animated ? (header.pageHeight ?? header.height) : header.height;
  if (header.width * frameHeight * frames > maxPixels) {
    throw new ImageRejectedError('too-many-pixels', `${header.width}×${frameHeight}×${frames} is above ${maxPixels} pixels`);
  }

  const { data, info } = await guard(() => encoder(open(), type, header, input).toBuffer({ resolveWithObject: true }));
  const storedType = detectImageType(data);
  if (storedType !== type) throw new Error(`re-encoding ${type} produced ${storedType ?? 'unknown bytes'}`);
  return { buffer: data, contentType: type, width: info.width, height: info.pageHeight ?? info.height, frames };
}

/** The same format out as in, with settings that keep quality and size close to a camera's or an editor's. */
function encoder(pipeline: Sharp, type: ImageMime, header: Metadata, input: Buffer): Sharp {
  switch (type) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'image/png':
      return pipeline.png({ compressionLevel: 6, palette: header.isPalette });
    case 'image/webp':
      return pipeline.webp(isLosslessWebp(input) ? { lossless: true } : { quality: 90 });
    case 'image/gif':
      return pipeline.gif();
    case 'image/avif':
      // AVIF's default effort took 70 s for 6 megapixels on a 2-core machine; effort 2 took 7 s.
      return pipeline.avif({ quality: 60, effort: 2 });
  }
}

/** A still WebP whose image chunk is VP8L (lossless) stays lossless. */
function isLosslessWebp(input: Buffer): boolean {
  let offset = 12;
  while (offset + 8 <= input.length) {
    const id = input.toString('latin1', offset, offset + 4);
    if (id === 'VP8L') return true;
    if (id === 'VP8 ' || id === 'ANIM') return false;
    const size = input.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return false;
}

/** Runs a sharp call and turns its failures into refusals: the pixel limit is a 413, anything else unreadable. */
async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageRejectedError('too-many-pixels', message);
    throw new ImageRejectedError('unreadable', message.split('\n')[0] ?? message);
  }
}

/** A small FIFO semaphore: at most `size` tasks run at once, the rest wait in order. */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const limiter = new ConcurrencyLimiter(IMAGE_NORMALIZE_CONCURRENCY);
