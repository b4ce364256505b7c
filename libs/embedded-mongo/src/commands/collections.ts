import { Long } from 'bson';
import { Query } from 'mingo';
import { Doc, isPlainObject } from '../bson-util';
import { CommandError } from '../errors';
import { MINGO_OPTIONS } from '../query/matcher';
import { validateNames } from '../storage/engine';
import { CommandContext, Handler, collName, firstBatchReply, getCollection, positiveInt } from './context';

const CREATE_OPTION_KEYS = [
  'capped',
  'size',
  'max',
  'validator',
  'validationLevel',
  'validationAction',
  'collation',
  'timeseries',
  'expireAfterSeconds',
  'clusteredIndex',
];

function listCollections(ctx: CommandContext, cmd: Doc): Reply2 {
  const colls = ctx.engine.dbs.get(ctx.db);
  const nameOnly = cmd.nameOnly === true;
  let entries: Doc[] = [];
  for (const [name, c] of colls ?? []) {
    entries.push(
      nameOnly
        ? { name, type: 'collection' }
        : {
            name,
            type: 'collection',
            options: { ...c.options },
            info: { readOnly: false },
            idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
          },
    );
  }
  if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length > 0) {
    const q = new Query(cmd.filter, MINGO_OPTIONS);
    entries = entries.filter((e) => q.test(e));
  }
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  const batch = cursor.batchSize === undefined ? undefined : positiveInt(cursor.batchSize, 101);
  return firstBatchReply(ctx, `${ctx.db}.$cmd.listCollections`, entries, batch, false);
}

type Reply2 = ReturnType<Handler>;

function create(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'create');
  if (cmd.viewOn !== undefined) throw new CommandError('NotImplemented', 'views are not supported by embedded-mongo');
  if (getCollection(ctx, name)) throw new CommandError('NamespaceExists', `Collection ${ctx.db}.${name} already exists.`);
  const options: Doc = {};
  for (const k of CREATE_OPTION_KEYS) if (cmd[k] !== undefined) options[k] = cmd[k];
  ctx.engine.createCollection(ctx.db, name, options);
  return { ok: 1 };
}

function drop(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'drop');
  const c = getCollection(ctx, name);
  if (!c) throw new CommandError('NamespaceNotFound', 'ns not found');
  const nIndexesWas = c.indexes.length;
  ctx.engine.dropCollection(ctx.db, name);
  return { nIndexesWas, ns: `${ctx.db}.${name}`, ok: 1 };
}

function dropDatabase(ctx: CommandContext): Doc {
  ctx.engine.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
}

function splitNs(ns: unknown): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.')) throw new CommandError('InvalidNamespace', `Invalid namespace: ${String(ns)}`);
  const i = ns.indexOf('.');
  return [ns.slice(0, i), ns.slice(i + 1)];
}

function renameCollection(ctx: CommandContext, cmd: Doc): Doc {
  const [fdb, fcoll] = splitNs(cmd.renameCollection);
  const [tdb, tcoll] = splitNs(cmd.to);
  validateNames(tdb, tcoll);
  ctx.engine.rename(fdb, fcoll, tdb, tcoll, cmd.dropTarget === true);
  return { ok: 1 };
}

function approxSize(docs: number): number {
  return docs * 256;
}

function collStats(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'collStats');
  const c = getCollection(ctx, name);
  const count = c ? c.docs.size : 0;
  const indexSizes: Doc = {};
  for (const idx of c?.indexes ?? []) indexSizes[idx.name] = count * 32;
  return {
    ns: `${ctx.db}.${name}`,
    count,
    size: approxSize(count),
    avgObjSize: count ? 256 : 0,
    storageSize: approxSize(count),
    nindexes: c ? c.indexes.length : 0,
    totalIndexSize: count * 32 * (c ? c.indexes.length : 0),
    indexSizes,
    capped: false,
    ok: 1,
  };
}

function dbStats(ctx: CommandContext): Doc {
  const colls = ctx.engine.dbs.get(ctx.db);
  let objects = 0;
  let indexes = 0;
  for (const c of colls?.values() ?? []) {
    objects += c.docs.size;
    indexes += c.indexes.length;
  }
  return {
    db: ctx.db,
    collections: colls ? colls.size : 0,
    views: 0,
    objects,
    avgObjSize: objects ? 256 : 0,
    dataSize: approxSize(objects),
    storageSize: approxSize(objects),
    indexes,
    indexSize: objects * 32,
    totalSize: approxSize(objects) + objects * 32,
    scaleFactor: 1,
    ok: 1,
  };
}

export const collectionCommands: Record<string, Handler> = {
  listCollections,
  create,
  drop,
  dropDatabase,
  renameCollection,
  collStats,
  dbStats,
  collMod: () => ({ ok: 1 }),
  // MongoDB 7's $collStats-only servers still answer count via aggregate; keep a Long-free reply.
  validate: (ctx, cmd) => ({
    ns: `${ctx.db}.${collName(cmd, 'validate')}`,
    valid: true,
    nrecords: Long.fromNumber(getCollection(ctx, collName(cmd, 'validate'))?.docs.size ?? 0),
    ok: 1,
  }),
};
