import type { ImageMime } from './image-type';

/** What is wrong with an image file's container, found by walking its structure (no pixel is decoded). */
export type ContainerProblem = 'truncated' | 'malformed' | 'trailing-data';

/**
 * Walks the container of an image whose type was recognised by its first bytes, and says whether it ends
 * where the format says it ends. This is what refuses polyglots (a real image followed by HTML, a script or
 * an archive) and files cut short, before any decoder runs.
 *
 * JPEG is the one lenient format: phones append secondary images (MPF) and motion-photo videos after the
 * end of the main image, so binary data after the end is allowed there (the re-encode drops it); text after
 * the end (markup, script) is not.
 */
export function checkContainer(bytes: Uint8Array, type: ImageMime): ContainerProblem | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'image/png':
      return endsExactly(buffer, pngEnd(buffer));
    case 'image/gif':
      return endsExactly(buffer, gifEnd(buffer));
    case 'image/webp':
      return endsExactly(buffer, webpEnd(buffer));
    case 'image/avif':
      return endsExactly(buffer, isoBoxesEnd(buffer));
    case 'image/jpeg': {
      const end = jpegEnd(buffer);
      if (typeof end === 'string') return end;
      return looksLikeText(buffer.subarray(end)) ? 'trailing-data' : undefined;
    }
  }
}

type End = number | ContainerProblem;

function endsExactly(buffer: Buffer, end: End): ContainerProblem | undefined {
  if (typeof end === 'string') return end;
  return end === buffer.length ? undefined : 'trailing-data';
}

/** PNG: the signature, then chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(b: Buffer): End {
  let offset = 8;
  for (;;) {
    if (offset + 12 > b.length) return 'truncated';
    const length = b.readUInt32BE(offset);
    if (length > 0x7fffffff) return 'malformed';
    const type = b.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'malformed';
    const next = offset + 12 + length;
    if (next > b.length) return 'truncated';
    if (type === 'IEND') return next;
    offset = next;
  }
}

/** GIF: header, screen descriptor and its colour table, then blocks up to the trailer byte 0x3B. */
function gifEnd(b: Buffer): End {
  if (b.length < 13) return 'truncated';
  let offset = 13;
  const packed = b[10];
  if (packed & 0x80) offset += 3 * 2 ** ((packed & 0x07) + 1);
  const skipSubBlocks = (): boolean => {
    for (;;) {
      if (offset >= b.length) return false;
      const size = b[offset];
      offset += 1 + size;
      if (size === 0) return true;
    }
  };
  for (;;) {
    if (offset >= b.length) return 'truncated';
    const introducer = b[offset];
    if (introducer === 0x3b) return offset + 1;
    if (introducer === 0x21) {
      offset += 2;
      if (!skipSubBlocks()) return 'truncated';
    } else if (introducer === 0x2c) {
      if (offset + 10 > b.length) return 'truncated';
      const local = b[offset + 9];
      offset += 10;
      if (local & 0x80) offset += 3 * 2 ** ((local & 0x07) + 1);
      offset += 1; // LZW minimum code size
      if (!skipSubBlocks()) return 'truncated';
    } else {
      return 'malformed';
    }
  }
}

/** WebP: a RIFF file whose declared size (plus the 8-byte header, plus a pad byte when odd) is the file. */
function webpEnd(b: Buffer): End {
  if (b.length < 12) return 'truncated';
  const declared = b.readUInt32LE(4) + 8;
  if (declared > b.length) return 'truncated';
  if (declared === b.length) return declared;
  return declared % 2 === 1 && declared + 1 === b.length ? b.length : declared;
}

/** AVIF (ISO base media): top-level boxes must tile the file exactly. */
function isoBoxesEnd(b: Buffer): End {
  let offset = 0;
  while (offset < b.length) {
    if (offset + 8 > b.length) return 'truncated';
    let size = b.readUInt32BE(offset);
    if (size === 0) return b.length;
    if (size === 1) {
      if (offset + 16 > b.length) return 'truncated';
      const large = b.readBigUInt64BE(offset + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return 'malformed';
      size = Number(large);
      if (size < 16) return 'malformed';
    } else if (size < 8) {
      return 'malformed';
    }
    if (offset + size > b.length) return 'truncated';
    offset += size;
  }
  return offset;
}

/** JPEG: marker segments, entropy-coded scans (with byte stuffing and restart markers), up to EOI. */
function jpegEnd(b: Buffer): End {
  let offset = 2;
  for (;;) {
    if (offset >= b.length) return 'truncated';
    if (b[offset] !== 0xff) return 'malformed';
    while (offset < b.length && b[offset] === 0xff) offset += 1;
    if (offset >= b.length) return 'truncated';
    const marker = b[offset];
    offset += 1;
    if (marker === 0xd9) return offset;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0x00 || marker === 0xd8) return 'malformed';
    if (offset + 2 > b.length) return 'truncated';
    const length = b.readUInt16BE(offset);
    if (length < 2) return 'malformed';
    offset += length;
    if (offset > b.length) return 'truncated';
    if (marker !== 0xda) continue;
    // Entropy-coded data runs until a marker that is not a stuffed 0xFF00 or a restart marker.
    for (;;) {
      if (offset + 1 >= b.length) return 'truncated';
      if (b[offset] !== 0xff) {
        offset += 1;
        continue;
      }
      const next = b[offset + 1];
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) offset += 2;
      else if (next === 0xff) offset += 1;
      else break;
    }
  }
}

/** Text (markup, script, JSON) rather than binary data: mostly printable ASCII once zero padding is ignored. */
function looksLikeText(tail: Buffer): boolean {
  let start = 0;
  let end = tail.length;
  while (start < end && tail[start] === 0) start += 1;
  while (end > start && tail[end - 1] === 0) end -= 1;
  if (start === end) return false;
  const sample = tail.subarray(start, Math.min(end, start + 1024));
  let printable = 0;
  for (const byte of sample) if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) printable += 1;
  return printable / sample.length >= 0.9;
}
