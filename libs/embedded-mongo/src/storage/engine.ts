import * as fs from 'node:fs';
import * as path from 'node:path';
import { Doc, idKeyOf, isPlainObject } from '../bson-util';
import { CommandError } from '../errors';
import { Collection } from './collection';
import { Index } from './indexes';
import { Journal } from './journal';
import { frameRecord, readRecords } from './records';

export interface EngineLogger {
  info(msg: string): void;
  warn(msg: string): void;
}

const JOURNAL_FILE = 'journal.bin';
const SNAPSHOT_FILE = 'snapshot.bin';
export const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;

/**
 * All databases and collections. Every mutation goes through this class so it can be journaled.
 * Mutations are synchronous; durability is awaited separately via `durable(seq)`.
 */
export class StorageEngine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  private journal: Journal | null = null;
  private compacting = false;

  constructor(
    private readonly dbPath: string | undefined,
    private readonly logger: EngineLogger,
    private readonly compactBytes = DEFAULT_COMPACT_BYTES,
  ) {}

  /** Loads snapshot + journal (tolerating a torn tail) and opens the journal for appending. */
  open(): void {
    if (!this.dbPath) return;
    fs.mkdirSync(this.dbPath, { recursive: true });
    const snap = readRecords(path.join(this.dbPath, SNAPSHOT_FILE));
    for (const r of snap.records) this.apply(r);
    const jpath = path.join(this.dbPath, JOURNAL_FILE);
    const j = readRecords(jpath);
    if (j.validLength < j.fileLength) {
      this.logger.warn(`journal: discarding ${j.fileLength - j.validLength} bytes of torn/corrupt tail`);
      fs.truncateSync(jpath, j.validLength);
    }
    for (const r of j.records) this.apply(r);
    let docs = 0;
    for (const db of this.dbs.values()) for (const c of db.values()) docs += c.docs.size;
    this.logger.info(`storage: loaded ${snap.records.length} snapshot records and ${j.records.length} journal records (${docs} documents)`);
    this.journal = new Journal(jpath, j.validLength, () => this.maybeCompact());
  }

  get persistent(): boolean {
    return this.journal !== null;
  }

  /** Sequence number of the last journaled record (0 in memory mode). */
  get lastSeq(): number {
    return this.journal ? this.journal.lastSeq : 0;
  }

  durable(seq: number): Promise<void> | null {
    if (!this.journal || seq === 0) return null;
    return this.journal.waitDurable(seq);
  }

  private log(rec: Doc): void {
    if (this.journal) this.journal.append(rec);
  }

  // ---- reads -------------------------------------------------------------------------------

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  // ---- mutations (apply + journal) ----------------------------------------------------------

  createCollection(db: string, name: string, options: Doc = {}): Collection {
    validateNames(db, name);
    let d = this.dbs.get(db);
    if (!d) this.dbs.set(db, (d = new Map<string, Collection>()));
    let c = d.get(name);
    if (!c) {
      c = new Collection(db, name, options);
      d.set(name, c);
      this.log({ o: 'cc', d: db, c: name, opts: options });
    }
    return c;
  }

  insert(c: Collection, doc: Doc): void {
    c.insert(doc);
    this.log({ o: 'put', d: c.db, c: c.name, doc });
  }

  replace(c: Collection, key: string, doc: Doc): void {
    c.replace(key, doc);
    this.log({ o: 'put', d: c.db, c: c.name, doc });
  }

  remove(c: Collection, key: string): void {
    const doc = c.docs.get(key);
    if (doc && c.remove(key)) this.log({ o: 'del', d: c.db, c: c.name, id: doc._id });
  }

  createIndex(c: Collection, spec: Doc): Index {
    const idx = new Index(spec);
    c.addIndex(idx);
    this.log({ o: 'ci', d: c.db, c: c.name, spec: idx.spec });
    return idx;
  }

  dropIndex(c: Collection, name: string): void {
    c.dropIndex(name);
    this.log({ o: 'di', d: c.db, c: c.name, name });
  }

  dropCollection(db: string, name: string): boolean {
    const d = this.dbs.get(db);
    if (!d || !d.delete(name)) return false;
    if (d.size === 0) this.dbs.delete(db);
    this.log({ o: 'dc', d: db, c: name });
    return true;
  }

  dropDatabase(db: string): void {
    if (this.dbs.delete(db)) this.log({ o: 'dd', d: db });
  }

  rename(db: string, from: string, toDb: string, to: string, dropTarget: boolean): void {
    validateNames(toDb, to);
    const src = this.collection(db, from);
    if (!src) throw new CommandError('NamespaceNotFound', 'source namespace does not exist');
    if (this.collection(toDb, to)) {
      if (!dropTarget) throw new CommandError('NamespaceExists', 'target namespace exists');
    }
    this.renameRaw(db, from, toDb, to);
    this.log({ o: 'rn', d: db, c: from, td: toDb, tc: to });
  }

  private renameRaw(db: string, from: string, toDb: string, to: string): void {
    const src = this.collection(db, from);
    if (!src) return;
    this.dbs.get(db)?.delete(from);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    src.db = toDb;
    src.name = to;
    let d = this.dbs.get(toDb);
    if (!d) this.dbs.set(toDb, (d = new Map<string, Collection>()));
    d.set(to, src);
  }

  // ---- persistence ---------------------------------------------------------------------------

  /** Applies one journal/snapshot record; idempotent so a journal may be replayed over a newer snapshot. */
  private apply(r: Doc): void {
    const db = typeof r.d === 'string' ? r.d : '';
    const cname = typeof r.c === 'string' ? r.c : '';
    const ensure = (): Collection => {
      let d = this.dbs.get(db);
      if (!d) this.dbs.set(db, (d = new Map<string, Collection>()));
      let c = d.get(cname);
      if (!c) d.set(cname, (c = new Collection(db, cname, isPlainObject(r.opts) ? r.opts : {})));
      return c;
    };
    switch (r.o) {
      case 'cc':
        ensure();
        break;
      case 'put':
        if (isPlainObject(r.doc)) ensure().put(r.doc);
        break;
      case 'del':
        this.collection(db, cname)?.remove(idKeyOf(r.id));
        break;
      case 'ci': {
        const c = ensure();
        if (isPlainObject(r.spec)) {
          const idx = new Index(r.spec);
          if (!c.findIndex(idx.name)) {
            try {
              c.addIndex(idx);
            } catch (e) {
              this.logger.warn(`replay: index ${idx.name} on ${c.ns} skipped: ${(e as Error).message}`);
            }
          }
        }
        break;
      }
      case 'di': {
        const c = this.collection(db, cname);
        if (c && c.findIndex(String(r.name))) c.dropIndex(String(r.name));
        break;
      }
      case 'dc':
        this.dbs.get(db)?.delete(cname);
        if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
        break;
      case 'dd':
        this.dbs.delete(db);
        break;
      case 'rn':
        if (this.collection(db, cname)) {
          this.dbs.get(String(r.td))?.delete(String(r.tc));
          this.renameRaw(db, cname, String(r.td), String(r.tc));
        }
        break;
      default:
        break;
    }
  }

  private maybeCompact(): void {
    if (this.journal && this.journal.size > this.compactBytes) this.compact();
  }

  /** Writes a full snapshot (temp file + fsync + rename) and empties the journal. Synchronous. */
  compact(): void {
    if (!this.dbPath || !this.journal || this.compacting) return;
    this.compacting = true;
    const started = Date.now();
    try {
      const tmp = path.join(this.dbPath, SNAPSHOT_FILE + '.tmp');
      const fd = fs.openSync(tmp, 'w');
      try {
        let chunks: Buffer[] = [];
        let bytes = 0;
        const push = (rec: Doc): void => {
          const b = frameRecord(rec);
          chunks.push(b);
          bytes += b.length;
          if (bytes > 4 * 1024 * 1024) flush();
        };
        const flush = (): void => {
          if (chunks.length) fs.writeSync(fd, Buffer.concat(chunks));
          chunks = [];
          bytes = 0;
        };
        push({ o: 'snap', v: 1, at: new Date() });
        for (const [dbName, d] of this.dbs) {
          for (const [cname, c] of d) {
            push({ o: 'cc', d: dbName, c: cname, opts: c.options });
            for (const idx of c.indexes) if (idx.name !== '_id_') push({ o: 'ci', d: dbName, c: cname, spec: idx.spec });
            for (const doc of c.docs.values()) push({ o: 'put', d: dbName, c: cname, doc });
          }
        }
        push({ o: 'end' });
        flush();
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, path.join(this.dbPath, SNAPSHOT_FILE));
      fsyncDir(this.dbPath);
      this.journal.truncate();
      this.logger.info(`storage: snapshot written in ${Date.now() - started} ms`);
    } finally {
      this.compacting = false;
    }
  }

  /** Flushes pending writes, writes a final snapshot and closes files. */
  async close(): Promise<void> {
    if (!this.journal) return;
    await this.journal.drain();
    try {
      this.compact();
    } finally {
      this.journal.close();
      this.journal = null;
    }
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // directories cannot be fsynced on some platforms
  }
}

export function validateNames(db: string, coll: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw new CommandError('InvalidNamespace', `Invalid database name: '${db}'`);
  if (!coll || coll.includes('\0') || coll.startsWith('$') || coll.startsWith('.')) {
    throw new CommandError('InvalidNamespace', `Invalid collection name: '${coll}'`);
  }
}
