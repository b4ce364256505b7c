import { Long } from 'bson';
import { Doc, isPlainObject, toNumber } from '../bson-util';
import { CursorManager } from '../cursors';
import { CommandError } from '../errors';
import { Collection } from '../storage/collection';
import { EngineLogger, StorageEngine } from '../storage/engine';
import { RawDoc, cursorReply, encodeBatch } from '../wire/raw-bson';

export type Reply = Doc | RawDoc;

export interface ServerInfo {
  startedAt: Date;
  host: string;
  port: number;
  dbPath?: string;
  argv: string[];
}

export interface CommandContext {
  engine: StorageEngine;
  cursors: CursorManager;
  logger: EngineLogger;
  server: ServerInfo;
  connectionId: number;
  remote: string;
  db: string;
}

export type Handler = (ctx: CommandContext, cmd: Doc) => Reply;

export const DEFAULT_BATCH = 101;

/** The collection name argument of a command (`{ find: 'name' }`). */
export function collName(cmd: Doc, key: string): string {
  const v = cmd[key];
  if (typeof v !== 'string' || v.length === 0) {
    throw new CommandError('InvalidNamespace', `collection name has invalid type ${typeof v}`);
  }
  return v;
}

export function getCollection(ctx: CommandContext, name: string): Collection | undefined {
  return ctx.engine.collection(ctx.db, name);
}

export function optionalDoc(v: unknown, what: string): Doc | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) throw new CommandError('TypeMismatch', `${what} must be an object`);
  return v;
}

export function positiveInt(v: unknown, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  const n = Math.trunc(toNumber(v, NaN));
  if (Number.isNaN(n)) throw new CommandError('TypeMismatch', 'expected a number');
  return n;
}

/** Opens a cursor when documents remain after the first batch and builds the reply. */
export function firstBatchReply(ctx: CommandContext, ns: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean): RawDoc {
  const limit = batchSize === undefined || batchSize < 0 ? DEFAULT_BATCH : batchSize;
  const { items, next } = encodeBatch(docs, 0, limit);
  let id = Long.ZERO;
  if (next < docs.length && !singleBatch) id = ctx.cursors.open(ns, docs, next);
  return cursorReply('firstBatch', items, id, ns);
}
