import { Long } from 'bson';
import { Aggregator } from 'mingo';
import { Doc, canonKey, cloneDoc, isPlainObject, pathValues, toNumber } from '../bson-util';
import { CommandError } from '../errors';
import { MINGO_OPTIONS, parseCollation, projectDocs, refuseScripts } from '../query/matcher';
import { selectDocs } from '../query/select';
import { cursorReply, encodeBatch } from '../wire/raw-bson';
import { CommandContext, Handler, Reply, collName, firstBatchReply, getCollection, optionalDoc, positiveInt } from './context';

function find(ctx: CommandContext, cmd: Doc): Reply {
  const name = collName(cmd, 'find');
  const c = getCollection(ctx, name);
  const limitRaw = positiveInt(cmd.limit, 0);
  const singleBatch = cmd.singleBatch === true || limitRaw < 0;
  const limit = Math.abs(limitRaw);
  const docs = selectDocs(c, {
    filter: optionalDoc(cmd.filter, 'filter'),
    collation: parseCollation(cmd.collation),
    sort: optionalDoc(cmd.sort, 'sort'),
    skip: positiveInt(cmd.skip, 0),
    limit,
  });
  const projected = projectDocs(docs, cmd.projection);
  const batchSize = cmd.batchSize === undefined ? undefined : positiveInt(cmd.batchSize, 101);
  return firstBatchReply(ctx, `${ctx.db}.${name}`, projected, batchSize, singleBatch);
}

function getMore(ctx: CommandContext, cmd: Doc): Reply {
  const idVal = cmd.getMore;
  const id = Long.isLong(idVal) ? idVal.toString() : String(toNumber(idVal));
  const cur = ctx.cursors.get(id);
  if (!cur) throw new CommandError('CursorNotFound', `cursor id ${id} not found`);
  const batch = positiveInt(cmd.batchSize, 0);
  const { items, next } = encodeBatch(cur.docs, cur.pos, batch > 0 ? batch : Number.MAX_SAFE_INTEGER);
  cur.pos = next;
  let replyId = Long.fromString(id);
  if (next >= cur.docs.length) {
    ctx.cursors.kill(id);
    replyId = Long.ZERO;
  }
  return cursorReply('nextBatch', items, replyId, cur.ns);
}

function killCursors(ctx: CommandContext, cmd: Doc): Doc {
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const v of Array.isArray(cmd.cursors) ? cmd.cursors : []) {
    const id = Long.isLong(v) ? v : Long.fromNumber(toNumber(v));
    (ctx.cursors.kill(id.toString()) ? killed : notFound).push(id);
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}

function count(ctx: CommandContext, cmd: Doc): Doc {
  const c = getCollection(ctx, collName(cmd, 'count'));
  const query = optionalDoc(cmd.query, 'query');
  const skip = positiveInt(cmd.skip, 0);
  const limit = Math.abs(positiveInt(cmd.limit, 0));
  let n: number;
  if (c && (!query || Object.keys(query).length === 0)) {
    n = Math.max(0, c.docs.size - skip);
    if (limit > 0) n = Math.min(n, limit);
  } else {
    n = selectDocs(c, { filter: query, collation: parseCollation(cmd.collation), skip, limit }).length;
  }
  return { n, ok: 1 };
}

function distinct(ctx: CommandContext, cmd: Doc): Doc {
  const c = getCollection(ctx, collName(cmd, 'distinct'));
  if (typeof cmd.key !== 'string') throw new CommandError('TypeMismatch', 'key must be a string');
  const collation = parseCollation(cmd.collation);
  const fold = collation !== undefined && (collation.strength === 1 || collation.strength === 2);
  const docs = selectDocs(c, { filter: optionalDoc(cmd.query, 'query'), collation });
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const d of docs) {
    for (const v of pathValues(d, cmd.key)) {
      if (v === undefined) continue;
      const k = canonKey(v, fold);
      if (!seen.has(k)) {
        seen.add(k);
        values.push(v);
      }
    }
  }
  return { values, ok: 1 };
}

const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$geoNear',
  '$search',
  '$changeStream',
  '$currentOp',
  '$listSessions',
  '$indexStats',
  '$collStats',
  '$planCacheStats',
]);

function aggregate(ctx: CommandContext, cmd: Doc): Reply {
  const target = cmd.aggregate;
  if (!Array.isArray(cmd.pipeline)) throw new CommandError('TypeMismatch', "'pipeline' option must be specified as an array");
  if (cmd.explain === true) throw new CommandError('NotImplemented', 'explain is not supported by embedded-mongo');
  const pipeline = cmd.pipeline as unknown[];
  refuseScripts(pipeline);
  for (const st of pipeline) {
    if (!isPlainObject(st) || Object.keys(st).length !== 1)
      throw new CommandError('BadValue', 'A pipeline stage specification object must contain exactly one field.');
    const op = Object.keys(st)[0];
    if (UNSUPPORTED_STAGES.has(op)) throw new CommandError('NotImplemented', `${op} is not supported by embedded-mongo`);
  }
  const collation = parseCollation(cmd.collation);
  let input: Doc[];
  let rest = pipeline as Doc[];
  let nsColl: string;
  if (target === 1 || typeof target !== 'string') {
    // db-level aggregate ($documents / $currentOp): only $documents is supported
    const first = rest[0];
    if (!first || !('$documents' in first)) throw new CommandError('NotImplemented', 'database-level aggregate requires $documents');
    input = Array.isArray(first.$documents) ? (first.$documents as Doc[]) : [];
    rest = rest.slice(1);
    nsColl = '$cmd.aggregate';
  } else {
    nsColl = target;
    const c = getCollection(ctx, target);
    // A leading $match selects the input (reading by _id when it pins _id); the other stages run in mingo.
    let filter: Doc | undefined;
    if (rest.length > 0 && isPlainObject(rest[0].$match)) {
      filter = rest[0].$match;
      rest = rest.slice(1);
    }
    input = selectDocs(c, { filter, collation }).map((d) => cloneDoc(d));
  }
  let out: Doc[] = input;
  // $sample runs here (without replacement, like MongoDB); the other stages run in mingo.
  let segment: Doc[] = [];
  const runSegment = (): void => {
    if (segment.length > 0) out = runMingo(ctx, segment, out, collation, cmd.let);
    segment = [];
  };
  for (const st of rest) {
    if (isPlainObject(st.$sample)) {
      runSegment();
      out = sample(out, positiveInt(st.$sample.size, 0));
    } else segment.push(st);
  }
  runSegment();
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  const batch = cursor.batchSize === undefined ? undefined : positiveInt(cursor.batchSize, 101);
  return firstBatchReply(ctx, `${ctx.db}.${nsColl}`, out, batch, false);
}

function sample(docs: Doc[], size: number): Doc[] {
  if (size < 0) throw new CommandError('BadValue', 'size argument to $sample must not be negative');
  const arr = docs.slice();
  const n = Math.min(size, arr.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (arr.length - i));
    [arr[i], arr[j]] = [arr[j], arr[i]];
  }
  return arr.slice(0, n);
}

function runMingo(ctx: CommandContext, stages: Doc[], input: Doc[], collation: ReturnType<typeof parseCollation>, vars: unknown): Doc[] {
  {
    const db = ctx.db;
    const agg = new Aggregator(stages, {
      ...MINGO_OPTIONS,
      collation: collation ? { locale: collation.locale, strength: collation.strength as 1 | 2 | 3 } : undefined,
      collectionResolver: (name: string) => {
        const coll = ctx.engine.collection(db, name);
        return coll ? [...coll.docs.values()].map((d) => cloneDoc(d)) : [];
      },
      variables: isPlainObject(vars) ? vars : undefined,
    });
    return agg.run<Doc>(input);
  }
}

export const readCommands: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
