import { Long, serialize } from 'bson';
import { Doc } from '../bson-util';

/** A reply document that is already BSON-encoded (cursor batches are assembled without re-serializing). */
export class RawDoc {
  constructor(readonly bytes: Buffer) {}
}

export const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;

function cstring(s: string): Buffer {
  return Buffer.from(s + '\0', 'utf8');
}

function element(type: number, name: string, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([type]), cstring(name), value]);
}

function documentOf(elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const out = Buffer.allocUnsafe(body.length + 5);
  out.writeInt32LE(body.length + 5, 0);
  body.copy(out, 4);
  out[out.length - 1] = 0;
  return out;
}

/** Serializes documents from `pos` until `limit` docs or the batch byte budget; always at least one. */
export function encodeBatch(docs: Doc[], pos: number, limit: number): { items: Buffer[]; next: number } {
  const items: Buffer[] = [];
  let bytes = 0;
  let i = pos;
  while (i < docs.length && items.length < limit) {
    const s = serialize(docs[i], { ignoreUndefined: true });
    const b = Buffer.from(s.buffer, s.byteOffset, s.byteLength);
    if (items.length > 0 && bytes + b.length > MAX_BATCH_BYTES) break;
    items.push(b);
    bytes += b.length;
    i++;
  }
  return { items, next: i };
}

/** `{ cursor: { <batchField>: [...], id, ns }, ok: 1 }` built from pre-encoded documents. */
export function cursorReply(batchField: 'firstBatch' | 'nextBatch', items: Buffer[], id: Long, ns: string): RawDoc {
  const arr = documentOf(items.map((b, i) => element(0x03, String(i), b)));
  const idBuf = Buffer.allocUnsafe(8);
  idBuf.writeInt32LE(id.low, 0);
  idBuf.writeInt32LE(id.high, 4);
  const nsBytes = Buffer.from(ns, 'utf8');
  const nsBuf = Buffer.allocUnsafe(nsBytes.length + 5);
  nsBuf.writeInt32LE(nsBytes.length + 1, 0);
  nsBytes.copy(nsBuf, 4);
  nsBuf[nsBuf.length - 1] = 0;
  const cursor = documentOf([element(0x04, batchField, arr), element(0x12, 'id', idBuf), element(0x02, 'ns', nsBuf)]);
  const ok = Buffer.allocUnsafe(8);
  ok.writeDoubleLE(1, 0);
  return new RawDoc(documentOf([element(0x03, 'cursor', cursor), element(0x01, 'ok', ok)]));
}
