import { Doc, canonKey, isPlainObject } from '../bson-util';
import { CommandError } from '../errors';
import { Index } from '../storage/indexes';
import { CommandContext, Handler, collName, firstBatchReply, getCollection, positiveInt } from './context';

function sameSpec(a: Index, b: Index): boolean {
  const opts = (i: Index): string =>
    canonKey({
      key: i.spec.key,
      unique: i.spec.unique === true,
      sparse: i.spec.sparse === true,
      partial: i.spec.partialFilterExpression ?? null,
      collation: i.spec.collation ?? null,
    });
  return opts(a) === opts(b);
}

function createIndexes(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'createIndexes');
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) {
    throw new CommandError('BadValue', 'Must specify at least one index to create');
  }
  const existed = getCollection(ctx, name);
  const c = existed ?? ctx.engine.createCollection(ctx.db, name);
  const before = c.indexes.length;
  let note: string | undefined;
  for (const raw of cmd.indexes) {
    if (!isPlainObject(raw)) throw new CommandError('TypeMismatch', 'index specification must be an object');
    const candidate = new Index(raw);
    const sameName = c.findIndex(candidate.name);
    if (sameName) {
      if (sameSpec(sameName, candidate)) {
        note = 'all indexes already exist';
        continue;
      }
      throw new CommandError(
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(candidate.spec)}`,
      );
    }
    const sameKey = c.indexes.find((i) => canonKey(i.spec.key) === canonKey(candidate.spec.key) && sameSpec(i, candidate));
    if (sameKey) {
      note = 'all indexes already exist';
      continue;
    }
    ctx.engine.createIndex(c, raw);
  }
  const reply: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: c.indexes.length,
    createdCollectionAutomatically: !existed,
    ok: 1,
  };
  if (note && c.indexes.length === before) reply.note = note;
  return reply;
}

function listIndexes(ctx: CommandContext, cmd: Doc): ReturnType<Handler> {
  const name = collName(cmd, 'listIndexes');
  const c = getCollection(ctx, name);
  if (!c) throw new CommandError('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  const batch = cursor.batchSize === undefined ? undefined : positiveInt(cursor.batchSize, 101);
  return firstBatchReply(
    ctx,
    `${ctx.db}.${name}`,
    c.indexes.map((i) => ({ ...i.spec })),
    batch,
    false,
  );
}

function dropIndexes(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'dropIndexes');
  const c = getCollection(ctx, name);
  if (!c) throw new CommandError('NamespaceNotFound', `ns not found ${ctx.db}.${name}`);
  const nIndexesWas = c.indexes.length;
  const target = cmd.index;
  const names: string[] = [];
  if (target === '*') {
    for (const i of c.indexes) if (i.name !== '_id_') names.push(i.name);
  } else if (typeof target === 'string') {
    if (target === '_id_') throw new CommandError('InvalidOptions', 'cannot drop _id index');
    names.push(target);
  } else if (Array.isArray(target)) {
    for (const t of target) names.push(String(t));
  } else if (isPlainObject(target)) {
    const found = c.indexes.find((i) => canonKey(i.spec.key) === canonKey(target));
    if (!found) throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    if (found.name === '_id_') throw new CommandError('InvalidOptions', 'cannot drop _id index');
    names.push(found.name);
  } else throw new CommandError('TypeMismatch', 'index must be a string, array or key pattern');
  for (const n of names) if (!c.findIndex(n)) throw new CommandError('IndexNotFound', `index not found with name [${n}]`);
  for (const n of names) ctx.engine.dropIndex(c, n);
  return { nIndexesWas, ok: 1 };
}

export const indexCommands: Record<string, Handler> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: (ctx, cmd) => dropIndexes(ctx, { ...cmd, dropIndexes: cmd.deleteIndexes }),
};
