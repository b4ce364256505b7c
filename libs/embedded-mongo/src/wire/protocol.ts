import { deserialize, serialize } from 'bson';
import { Doc } from '../bson-util';
import { RawDoc } from './raw-bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
export const HEADER_SIZE = 16;
export const MIN_MESSAGE = 16;
export const MAX_MESSAGE = 48_000_000;

export const FLAG_CHECKSUM = 1;
export const FLAG_MORE_TO_COME = 2;

const DESERIALIZE = { promoteLongs: false, promoteBuffers: false, promoteValues: true, validation: { utf8: false } } as const;

export class ProtocolError extends Error {}

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export function readHeader(buf: Buffer): Header {
  return { length: buf.readInt32LE(0), requestId: buf.readInt32LE(4), responseTo: buf.readInt32LE(8), opCode: buf.readInt32LE(12) };
}

function readDoc(buf: Buffer, pos: number, end: number): { doc: Doc; next: number } {
  if (pos + 5 > end) throw new ProtocolError('truncated BSON document');
  const len = buf.readInt32LE(pos);
  if (len < 5 || pos + len > end) throw new ProtocolError('invalid BSON document length');
  const doc = deserialize(buf.subarray(pos, pos + len), DESERIALIZE);
  return { doc, next: pos + len };
}

function readCString(buf: Buffer, pos: number, end: number): { value: string; next: number } {
  const zero = buf.indexOf(0, pos);
  if (zero < 0 || zero >= end) throw new ProtocolError('unterminated cstring');
  return { value: buf.toString('utf8', pos, zero), next: zero + 1 };
}

export interface ParsedMsg {
  flags: number;
  body: Doc;
}

/** Parses OP_MSG: one kind-0 body plus kind-1 document sequences merged into it as arrays. */
export function parseOpMsg(buf: Buffer): ParsedMsg {
  if (buf.length < HEADER_SIZE + 5) throw new ProtocolError('OP_MSG too short');
  const flags = buf.readUInt32LE(HEADER_SIZE);
  if (flags & 0xffff & ~(FLAG_CHECKSUM | FLAG_MORE_TO_COME)) throw new ProtocolError(`unsupported OP_MSG required flag bits ${flags}`);
  const end = flags & FLAG_CHECKSUM ? buf.length - 4 : buf.length;
  let pos = HEADER_SIZE + 4;
  let body: Doc | undefined;
  const sequences: Array<[string, Doc[]]> = [];
  while (pos < end) {
    const kind = buf[pos++];
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has more than one body section');
      const r = readDoc(buf, pos, end);
      body = r.doc;
      pos = r.next;
    } else if (kind === 1) {
      if (pos + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = buf.readInt32LE(pos);
      const secEnd = pos + size;
      if (size < 5 || secEnd > end) throw new ProtocolError('invalid document sequence size');
      const id = readCString(buf, pos + 4, secEnd);
      let p = id.next;
      const docs: Doc[] = [];
      while (p < secEnd) {
        const r = readDoc(buf, p, secEnd);
        docs.push(r.doc);
        p = r.next;
      }
      sequences.push([id.value, docs]);
      pos = secEnd;
    } else throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
  }
  if (!body) throw new ProtocolError('OP_MSG without body section');
  for (const [id, docs] of sequences) body[id] = docs;
  return { flags, body };
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function docBytes(doc: Doc | RawDoc): Buffer {
  if (doc instanceof RawDoc) return doc.bytes;
  const s = serialize(doc, { ignoreUndefined: true });
  return Buffer.from(s.buffer, s.byteOffset, s.byteLength);
}

export function encodeOpMsg(requestId: number, responseTo: number, doc: Doc | RawDoc): Buffer {
  const body = docBytes(doc);
  const prefix = Buffer.alloc(5); // flagBits 0 + section kind 0
  return Buffer.concat([header(HEADER_SIZE + 5 + body.length, requestId, responseTo, OP_MSG), prefix, body]);
}

export interface ParsedQuery {
  collection: string;
  query: Doc;
}

/** Parses a legacy OP_QUERY (used by some handshakes on `admin.$cmd`). */
export function parseOpQuery(buf: Buffer): ParsedQuery {
  let pos = HEADER_SIZE + 4; // flags
  const name = readCString(buf, pos, buf.length);
  pos = name.next + 8; // numberToSkip + numberToReturn
  const { doc } = readDoc(buf, pos, buf.length);
  let query = doc;
  if (query.$query && typeof query.$query === 'object') query = query.$query as Doc;
  else if (query.query && typeof query.query === 'object' && Object.keys(query)[0] === 'query') query = query.query as Doc;
  return { collection: name.value, query };
}

export function encodeOpReply(requestId: number, responseTo: number, doc: Doc | RawDoc, queryFailure = false): Buffer {
  const body = docBytes(doc);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(queryFailure ? 2 : 0, 0); // responseFlags
  // cursorID (8 bytes) = 0, startingFrom = 0
  fields.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(HEADER_SIZE + 20 + body.length, requestId, responseTo, OP_REPLY), fields, body]);
}
