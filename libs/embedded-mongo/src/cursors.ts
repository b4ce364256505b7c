import { Long } from 'bson';
import { Doc } from './bson-util';

export const CURSOR_IDLE_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

/** Server-side cursors: remaining documents of a find/aggregate, fetched with getMore. */
export class CursorManager {
  private readonly cursors = new Map<string, OpenCursor>();
  private nextId = BigInt(Date.now() % 1_000_000) * 1000n + 1n;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly idleMs = CURSOR_IDLE_MS) {
    this.timer = setInterval(() => this.expire(), Math.min(60_000, idleMs));
    this.timer.unref();
  }

  open(ns: string, docs: Doc[], pos: number): Long {
    const id = this.nextId++;
    this.cursors.set(id.toString(), { ns, docs, pos, lastUsed: Date.now() });
    return Long.fromBigInt(id);
  }

  get(id: string): OpenCursor | undefined {
    const c = this.cursors.get(id);
    if (c) c.lastUsed = Date.now();
    return c;
  }

  kill(id: string): boolean {
    return this.cursors.delete(id);
  }

  get size(): number {
    return this.cursors.size;
  }

  expire(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > this.idleMs) this.cursors.delete(id);
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
  }
}
