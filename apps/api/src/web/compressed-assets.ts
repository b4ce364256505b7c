import type { ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { WebRequest } from './web-request';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
/** Below this size compression does not pay (headers and CPU cost more than the bytes saved). */
const MIN_BYTES = 1024;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
  type: string;
  mtimeMs: number;
}

/**
 * Compresses a body for one encoding: 'smallest' for files compressed once and kept (assets, prerendered
 * pages), 'fast' for pages rendered at request time.
 */
export function compress(raw: Buffer, encoding: 'br' | 'gzip', effort: 'smallest' | 'fast'): Buffer {
  if (encoding === 'gzip') return gzipSync(raw, { level: effort === 'smallest' ? 9 : 6 });
  return brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'smallest' ? 9 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

/** Which encoding the client takes, Brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * The web apps' hashed, immutable assets (JS, CSS, SVG) compressed with Brotli or gzip, once per file and
 * kept in memory: a phone on a slow network downloads a quarter of the bytes. Anything else (small files,
 * images, clients without compression, a path outside the folder) is not answered here (false).
 */
export function compressedAssets(dir: string): (req: WebRequest, res: ServerResponse) => boolean {
  const root = resolve(dir);
  const assets = resolve(root, 'assets');
  const cache = new Map<string, Compressed | null>();
  let cachedBytes = 0;

  const load = (file: string): Compressed | null => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    const known = cache.get(file);
    if (known !== undefined && (known === null || known.mtimeMs === stat.mtimeMs)) return known;
    if (!stat.isFile() || stat.size < MIN_BYTES || cachedBytes > MAX_CACHED_BYTES) return null;
    const raw = readFileSync(file);
    const entry = {
      br: compress(raw, 'br', 'smallest'),
      gzip: compress(raw, 'gzip', 'smallest'),
      type: TYPES[extname(file)],
      mtimeMs: stat.mtimeMs,
    };
    cachedBytes += entry.br.length + entry.gzip.length;
    cache.set(file, entry);
    return entry;
  };

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/') || !TYPES[extname(req.path)]) return false;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    let file: string;
    try {
      file = resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return false;
    }
    if (!file.startsWith(assets + sep)) return false;
    const entry = load(file);
    if (!entry) return false;
    const body = entry[encoding];
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
