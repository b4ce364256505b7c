import * as fs from 'node:fs';
import { Doc } from '../bson-util';
import { frameRecord } from './records';

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * Append-only journal with group commit: records appended while a write+fdatasync is in flight are
 * written together by the next one. `waitDurable(seq)` resolves once record `seq` is on disk.
 */
export class Journal {
  private fd: number;
  private pending: Buffer[] = [];
  private seq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private failed: Error | null = null;
  size: number;

  constructor(
    private readonly path: string,
    initialSize: number,
    private readonly afterFlush: () => void,
  ) {
    this.fd = fs.openSync(path, 'a');
    this.size = initialSize;
  }

  get lastSeq(): number {
    return this.seq;
  }

  append(rec: Doc): number {
    const buf = frameRecord(rec);
    this.pending.push(buf);
    this.size += buf.length;
    this.seq++;
    if (!this.flushing) this.flushing = this.flushLoop();
    return this.seq;
  }

  waitDurable(seq: number): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  private async flushLoop(): Promise<void> {
    // Let every command already queued in this tick append first (group commit).
    await new Promise<void>((r) => setImmediate(r));
    try {
      while (this.pending.length > 0) {
        const batch = Buffer.concat(this.pending);
        this.pending = [];
        const upTo = this.seq;
        await write(this.fd, batch);
        await new Promise<void>((res, rej) => fs.fdatasync(this.fd, (e) => (e ? rej(e) : res())));
        this.durableSeq = upTo;
        this.release(upTo);
        this.afterFlush();
      }
    } catch (e) {
      this.failed = e instanceof Error ? e : new Error(String(e));
      for (const w of this.waiters) w.reject(this.failed);
      this.waiters = [];
    } finally {
      this.flushing = null;
    }
  }

  private release(upTo: number): void {
    const keep: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.seq <= upTo) w.resolve();
      else keep.push(w);
    }
    this.waiters = keep;
  }

  /** Waits until nothing is pending. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Empties the journal (after a snapshot made it redundant). Only call when no flush is writing. */
  truncate(): void {
    fs.ftruncateSync(this.fd, 0);
    fs.fsyncSync(this.fd);
    this.size = this.pending.reduce((n, b) => n + b.length, 0);
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  get file(): string {
    return this.path;
  }
}

function write(fd: number, buf: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let off = 0;
    const step = (): void => {
      fs.write(fd, buf, off, buf.length - off, null, (err, n) => {
        if (err) return reject(err);
        off += n;
        if (off < buf.length) step();
        else resolve();
      });
    };
    step();
  });
}
