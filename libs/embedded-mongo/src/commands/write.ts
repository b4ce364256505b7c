import { Doc, cloneDoc, idKeyOf, isPlainObject, withIdFirst } from '../bson-util';
import { CommandError, toErrorReply } from '../errors';
import { compileFilter, parseCollation, projectDocs } from '../query/matcher';
import { selectDocs } from '../query/select';
import { UpdateSpec, applyUpdate, buildUpsert, validateUpdate } from '../query/update';
import { Collection } from '../storage/collection';
import { CommandContext, Handler, collName, getCollection, optionalDoc } from './context';

function writeTarget(ctx: CommandContext, name: string): Collection {
  return getCollection(ctx, name) ?? ctx.engine.createCollection(ctx.db, name);
}

function writeError(index: number, e: unknown): Doc {
  const r = toErrorReply(e);
  const out: Doc = { index, code: r.code, errmsg: r.errmsg };
  if (r.keyPattern !== undefined) out.keyPattern = r.keyPattern;
  if (r.keyValue !== undefined) out.keyValue = r.keyValue;
  return out;
}

/** Commands like insert take their statements from a kind-1 document sequence merged into the body. */
function statements(cmd: Doc, field: string): Doc[] {
  const v = cmd[field];
  if (!Array.isArray(v)) throw new CommandError('FailedToParse', `BSON field '${field}' is missing but a required field`);
  for (const s of v) if (!isPlainObject(s)) throw new CommandError('TypeMismatch', `${field} entries must be objects`);
  return v as Doc[];
}

function insert(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'insert');
  const docs = statements(cmd, 'documents');
  const ordered = cmd.ordered !== false;
  const c = writeTarget(ctx, name);
  const writeErrors: Doc[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    try {
      const doc = withIdFirst(docs[i]);
      if (Array.isArray(doc._id) || doc._id instanceof RegExp) throw new CommandError('BadValue', `can't use an array for _id`);
      ctx.engine.insert(c, doc);
      n++;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, ok: 1 };
  if (writeErrors.length) reply.writeErrors = writeErrors;
  return reply;
}

interface UpdateResult {
  n: number;
  nModified: number;
  upsertedId?: unknown;
  before?: Doc;
  after?: Doc;
}

/** Runs one update statement; shared by `update` and `findAndModify`. */
function runUpdate(
  ctx: CommandContext,
  c: Collection,
  filterIn: Doc | undefined,
  u: UpdateSpec,
  opts: { multi: boolean; upsert: boolean; arrayFilters?: Doc[]; collation?: unknown; sort?: Doc },
): UpdateResult {
  const collation = parseCollation(opts.collation);
  const filter = filterIn ?? {};
  const matcher = compileFilter(filter, collation);
  const targets = selectDocs(c, { filter, collation, sort: opts.sort, limit: opts.multi ? 0 : 1 });
  if (targets.length === 0) {
    if (!opts.upsert) return { n: 0, nModified: 0 };
    const doc = buildUpsert(filter, u, opts.arrayFilters);
    ctx.engine.insert(c, doc);
    return { n: 1, nModified: 0, upsertedId: doc._id, after: doc };
  }
  let nModified = 0;
  let before: Doc | undefined;
  let after: Doc | undefined;
  for (const old of targets) {
    const { doc, modified } = applyUpdate(old, u, matcher.filter, opts.arrayFilters, false);
    if (modified) {
      ctx.engine.replace(c, idKeyOf(old._id), doc);
      nModified++;
    }
    before = old;
    after = modified ? doc : old;
  }
  return { n: targets.length, nModified, before, after };
}

function update(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'update');
  const stmts = statements(cmd, 'updates');
  const ordered = cmd.ordered !== false;
  const c = writeTarget(ctx, name);
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i];
    try {
      const u = validateUpdate(s.u);
      const multi = s.multi === true;
      if (multi && !Array.isArray(u) && !Object.keys(u)[0]?.startsWith('$')) {
        throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
      }
      const r = runUpdate(ctx, c, optionalDoc(s.q, 'q'), u, {
        multi,
        upsert: s.upsert === true,
        arrayFilters: Array.isArray(s.arrayFilters) ? (s.arrayFilters as Doc[]) : undefined,
        collation: s.collation,
        sort: optionalDoc(s.sort, 'sort'),
      });
      n += r.n;
      nModified += r.nModified;
      if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified, ok: 1 };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  return reply;
}

function del(ctx: CommandContext, cmd: Doc): Doc {
  const name = collName(cmd, 'delete');
  const stmts = statements(cmd, 'deletes');
  const ordered = cmd.ordered !== false;
  const c = getCollection(ctx, name);
  let n = 0;
  const writeErrors: Doc[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i];
    try {
      const limit = Number(s.limit ?? 0);
      const targets = selectDocs(c, {
        filter: optionalDoc(s.q, 'q'),
        collation: parseCollation(s.collation),
        limit: limit === 1 ? 1 : 0,
      });
      for (const d of targets) {
        ctx.engine.remove(c as Collection, idKeyOf(d._id));
        n++;
      }
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, ok: 1 };
  if (writeErrors.length) reply.writeErrors = writeErrors;
  return reply;
}

function findAndModify(ctx: CommandContext, cmd: Doc): Doc {
  const name = typeof cmd.findAndModify === 'string' ? collName(cmd, 'findAndModify') : collName(cmd, 'findandmodify');
  const query = optionalDoc(cmd.query, 'query') ?? {};
  const sort = optionalDoc(cmd.sort, 'sort');
  const collation = cmd.collation;
  const fields = optionalDoc(cmd.fields, 'fields');
  const project = (d: Doc | undefined): Doc | null => (d ? (projectDocs([d], fields)[0] ?? null) : null);
  if (cmd.remove === true) {
    if (cmd.update !== undefined) throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true');
    const c = getCollection(ctx, name);
    const [doc] = selectDocs(c, { filter: query, sort, collation: parseCollation(collation), limit: 1 });
    if (doc && c) ctx.engine.remove(c, idKeyOf(doc._id));
    return { lastErrorObject: { n: doc ? 1 : 0 }, value: project(doc ? cloneDoc(doc) : undefined), ok: 1 };
  }
  if (cmd.update === undefined) throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
  const u = validateUpdate(cmd.update);
  const c = writeTarget(ctx, name);
  const r = runUpdate(ctx, c, query, u, {
    multi: false,
    upsert: cmd.upsert === true,
    arrayFilters: Array.isArray(cmd.arrayFilters) ? (cmd.arrayFilters as Doc[]) : undefined,
    collation,
    sort,
  });
  const lastErrorObject: Doc = { n: r.n, updatedExisting: r.n > 0 && r.upsertedId === undefined };
  if (r.upsertedId !== undefined) lastErrorObject.upserted = r.upsertedId;
  const value = cmd.new === true ? r.after : r.upsertedId !== undefined ? undefined : r.before;
  return { lastErrorObject, value: project(value), ok: 1 };
}

export const writeCommands: Record<string, Handler> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
