import { MAX_MESSAGE, MIN_MESSAGE, OP_MSG, OP_QUERY, ProtocolError } from './protocol';

const KNOWN_OPCODES = new Set([OP_MSG, OP_QUERY]);

/** Splits a TCP byte stream into whole wire-protocol messages, validating length and opcode early. */
export class MessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  /** Adds bytes; returns the complete messages now available. Throws ProtocolError on bad framing. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    for (;;) {
      if (this.buffered < 4) break;
      const head = this.peek(Math.min(this.buffered, 16));
      const len = head.readInt32LE(0);
      if (len < MIN_MESSAGE) throw new ProtocolError(`message length ${len} is below the minimum of ${MIN_MESSAGE}`);
      if (len > MAX_MESSAGE) throw new ProtocolError(`message length ${len} exceeds maxMessageSizeBytes ${MAX_MESSAGE}`);
      if (head.length >= 16) {
        const op = head.readInt32LE(12);
        if (!KNOWN_OPCODES.has(op)) throw new ProtocolError(`unsupported opCode ${op}`);
      }
      if (this.buffered < len) break;
      const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      out.push(all.subarray(0, len));
      const rest = all.subarray(len);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0];
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all;
  }
}
