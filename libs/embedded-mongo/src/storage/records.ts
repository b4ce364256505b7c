import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { deserialize, serialize } from 'bson';
import { Doc } from '../bson-util';

/**
 * On-disk record framing shared by the journal and the snapshot:
 * `[uint32 LE payload length][uint32 LE crc32 of payload][BSON payload]`.
 */
export const RECORD_HEADER = 8;

const crc32: (b: Uint8Array) => number =
  typeof (zlib as { crc32?: unknown }).crc32 === 'function' ? (b) => (zlib as unknown as { crc32(d: Uint8Array): number }).crc32(b) : (b) => b.length; // very old Node: length only

export const BSON_DESERIALIZE = { promoteLongs: false, promoteBuffers: false, promoteValues: true } as const;

export function frameRecord(rec: Doc): Buffer {
  const payload = serialize(rec);
  const out = Buffer.allocUnsafe(RECORD_HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload) >>> 0, 4);
  out.set(payload, RECORD_HEADER);
  return out;
}

/** Reads all intact records of a file; `validLength` is where a torn/corrupt tail (if any) begins. */
export function readRecords(path: string): { records: Doc[]; validLength: number; fileLength: number } {
  if (!fs.existsSync(path)) return { records: [], validLength: 0, fileLength: 0 };
  const buf = fs.readFileSync(path);
  const records: Doc[] = [];
  let pos = 0;
  while (pos + RECORD_HEADER <= buf.length) {
    const len = buf.readUInt32LE(pos);
    const crc = buf.readUInt32LE(pos + 4);
    if (len < 5 || pos + RECORD_HEADER + len > buf.length) break;
    const payload = buf.subarray(pos + RECORD_HEADER, pos + RECORD_HEADER + len);
    if (crc32(payload) >>> 0 !== crc) break;
    let rec: Doc;
    try {
      rec = deserialize(payload, BSON_DESERIALIZE);
    } catch {
      break;
    }
    records.push(rec);
    pos += RECORD_HEADER + len;
  }
  return { records, validLength: pos, fileLength: buf.length };
}
