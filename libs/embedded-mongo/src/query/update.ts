import { Query, update as mingoUpdate, updateOne } from 'mingo';
import type { Modifier, PipelineStage } from 'mingo/updater';
import { ObjectId } from 'bson';
import { Doc, bsonType, canonKey, cloneDoc, isNumeric, isPlainObject, setPath, withIdFirst } from '../bson-util';
import { CommandError } from '../errors';
import { renderValue } from '../storage/indexes';
import { MINGO_OPTIONS, refuseScripts } from './matcher';

export type UpdateSpec = Doc | Doc[];

/** MongoDB's update operators; any other `$` key is refused as MongoDB refuses it. */
const UPDATE_OPERATORS = new Set([
  '$currentDate',
  '$inc',
  '$min',
  '$max',
  '$mul',
  '$rename',
  '$set',
  '$setOnInsert',
  '$unset',
  '$addToSet',
  '$pop',
  '$pull',
  '$push',
  '$pullAll',
  '$bit',
]);

export function isOperatorUpdate(u: UpdateSpec): boolean {
  return !Array.isArray(u) && Object.keys(u).length > 0 && Object.keys(u)[0].startsWith('$');
}

export function validateUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) {
    if (!u.every(isPlainObject)) throw new CommandError('FailedToParse', 'update pipeline stages must be objects');
    refuseScripts(u);
    return u;
  }
  if (!isPlainObject(u)) throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  refuseScripts(u);
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length > 0 && ops.length !== keys.length) {
    throw new CommandError('FailedToParse', 'Update document must contain only update operators or only fields');
  }
  for (const k of ops) {
    if (!UPDATE_OPERATORS.has(k))
      throw new CommandError(
        'FailedToParse',
        `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (!isPlainObject(u[k]))
      throw new CommandError('FailedToParse', `Modifiers operate on fields but we found type ${typeof u[k]} instead for ${k}`);
  }
  if (ops.length === 0) {
    for (const k of keys)
      if (k.includes('.') && k !== '_id') throw new CommandError('BadValue', `replacement document field names cannot contain '.': ${k}`);
  }
  return u;
}

/** The BSON type name MongoDB's messages use for a value. */
function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  const t = bsonType(v);
  return t === undefined ? 'object' : t.charAt(0).toLowerCase() + t.slice(1);
}

/** The value at a path of plain documents (numeric parts index arrays); undefined when absent or not reachable. */
function valueAt(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (isPlainObject(cur)) cur = cur[part];
    else if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else return undefined;
  }
  return cur;
}

/**
 * MongoDB's errors for an operator that meets a field of the wrong type, where mingo would leave the field as it
 * is: `$inc`/`$mul` of a non-number, `$push`/`$addToSet`/`$pull` on a non-array. Paths with a positional or
 * `$[...]` part are left to mingo.
 */
function checkFieldTypes(doc: Doc, mod: Doc): void {
  for (const [op, args] of Object.entries(mod)) {
    if (!isPlainObject(args) || !['$inc', '$mul', '$push', '$addToSet', '$pull'].includes(op)) continue;
    for (const path of Object.keys(args)) {
      if (path.includes('$')) continue;
      const v = valueAt(doc, path);
      if (v === undefined) continue;
      const field = path.slice(path.lastIndexOf('.') + 1);
      const where = `{_id: ${renderValue(doc._id)}}`;
      if ((op === '$inc' || op === '$mul') && !isNumeric(v)) {
        throw new CommandError(
          'TypeMismatch',
          `Cannot apply ${op} to a value of non-numeric type. ${where} has the field '${field}' of non-numeric type ${typeName(v)}`,
        );
      }
      if (Array.isArray(v) || op === '$inc' || op === '$mul') continue;
      if (op === '$push')
        throw new CommandError('BadValue', `The field '${field}' must be an array but is of type ${typeName(v)} in document ${where}`);
      if (op === '$addToSet')
        throw new CommandError('BadValue', `Cannot apply $addToSet to non-array field. Field named '${field}' has non-array type ${typeName(v)}`);
      throw new CommandError('BadValue', 'Cannot apply $pull to a non-array value');
    }
  }
}

function immutableId(): CommandError {
  return new CommandError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
}

function mingoError(e: unknown): CommandError {
  if (e instanceof CommandError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (msg.includes("immutable field '_id'")) return immutableId();
  return new CommandError('BadValue', msg);
}

/**
 * The index the positional `$` of `field.$…` stands for: the first element of the array `field` that the filter's
 * conditions on it match (`field: {$elemMatch: …}`, `field.sub: …`); undefined when the filter names no condition
 * on it (then mingo resolves it, or refuses).
 */
function positionalIndex(doc: Doc, field: string, filter: Doc): number | undefined {
  const array = field.split('.').reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), doc);
  if (!Array.isArray(array)) return undefined;
  const conditions: Doc[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === field && isPlainObject(value) && isPlainObject(value.$elemMatch)) conditions.push(value.$elemMatch);
    else if (key.startsWith(`${field}.`)) conditions.push({ [key.slice(field.length + 1)]: value });
  }
  if (conditions.length === 0) return undefined;
  const query = new Query(conditions.length === 1 ? conditions[0] : { $and: conditions }, MINGO_OPTIONS);
  const index = array.findIndex((element) => isPlainObject(element) && query.test(element));
  return index >= 0 ? index : undefined;
}

/**
 * Replaces the positional `$` of update paths by the index it stands for. mingo takes `refunds.$.status` and
 * `refunds.$.reference` in one update for a conflict at `refunds`; MongoDB sets both fields of the matched element.
 */
function resolvePositional(doc: Doc, mod: Doc, filter: Doc): void {
  const positional = (p: string) => /\.\$(\.|$)/.test(p);
  // One positional path is left to mingo; two or more (in one operator or across operators) would conflict there.
  if (Object.values(mod).reduce<number>((n, args) => n + (isPlainObject(args) ? Object.keys(args).filter(positional).length : 0), 0) < 2) return;
  for (const [op, args] of Object.entries(mod)) {
    if (!isPlainObject(args) || !Object.keys(args).some(positional)) continue;
    const resolved: Doc = {};
    for (const [path, value] of Object.entries(args)) {
      const at = path.indexOf('.$');
      const rest = path.slice(at + 2);
      const index = at >= 0 && (rest === '' || rest.startsWith('.')) ? positionalIndex(doc, path.slice(0, at), filter) : undefined;
      resolved[index === undefined ? path : `${path.slice(0, at)}.${index}${rest}`] = value;
    }
    mod[op] = resolved;
  }
}

/**
 * Applies an update to a copy of `doc`. Returns the new document and whether anything changed.
 * `filter` supplies the match for the positional `$` operator.
 */
export function applyUpdate(
  doc: Doc,
  u: UpdateSpec,
  filter: Doc,
  arrayFilters: Doc[] | undefined,
  inserting: boolean,
): { doc: Doc; modified: boolean } {
  const original = doc;
  let next: Doc;
  if (Array.isArray(u)) {
    const arr = [cloneDoc(doc)];
    try {
      updateOne(arr, {}, u as unknown as PipelineStage[], { cloneMode: 'copy' }, MINGO_OPTIONS);
    } catch (e) {
      throw mingoError(e);
    }
    next = arr[0];
  } else if (!isOperatorUpdate(u)) {
    if (u._id !== undefined && canonKey(u._id) !== canonKey(doc._id) && !inserting) throw immutableId();
    next = { _id: doc._id, ...cloneDoc(u) };
    if (next._id === undefined) delete next._id;
  } else {
    const mod: Doc = {};
    for (const [op, args] of Object.entries(u)) {
      if (op === '$setOnInsert') {
        if (!inserting) continue;
        mod.$set = { ...(mod.$set ?? {}), ...(args as Doc) };
        continue;
      }
      mod[op] = op === '$set' ? { ...(mod.$set ?? {}), ...(args as Doc) } : args;
    }
    // `$set: { _id: <same value> }` is legal in MongoDB; mingo rejects any _id path, so drop no-ops.
    for (const op of ['$set', '$setOnInsert']) {
      const a = mod[op];
      if (isPlainObject(a) && '_id' in a) {
        if (inserting || canonKey(a._id) === canonKey(doc._id)) {
          if (inserting && a._id !== undefined) doc = { ...doc, _id: a._id };
          const { _id: _ignored, ...rest } = a;
          mod[op] = rest;
        } else throw immutableId();
      }
    }
    for (const op of Object.keys(mod)) if (isPlainObject(mod[op]) && Object.keys(mod[op]).length === 0) delete mod[op];
    next = cloneDoc(doc);
    if (!inserting) resolvePositional(doc, mod, filter);
    checkFieldTypes(next, mod);
    if (Object.keys(mod).length > 0) {
      try {
        mingoUpdate(next, mod as Modifier<Doc>, arrayFilters, inserting ? {} : filter, { cloneMode: 'deep', queryOptions: MINGO_OPTIONS });
      } catch (e) {
        throw mingoError(e);
      }
    }
  }
  if (!inserting && canonKey(next._id) !== canonKey(doc._id)) throw immutableId();
  next = withIdFirst(next);
  return { doc: next, modified: canonKey(next) !== canonKey(original) };
}

/** Seed document for an upsert: the equality conditions of the filter (incl. inside `$and`). */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        if (keys.length > 0 && keys[0].startsWith('$')) {
          if ('$eq' in v) setPath(seed, k, cloneDoc(v.$eq));
          else if (Array.isArray(v.$in) && v.$in.length === 1) setPath(seed, k, cloneDoc(v.$in[0]));
          continue;
        }
      }
      if (v instanceof RegExp) continue;
      setPath(seed, k, cloneDoc(v));
    }
  };
  visit(filter);
  return seed;
}

/** Builds the document inserted by an upsert. */
export function buildUpsert(filter: Doc, u: UpdateSpec, arrayFilters: Doc[] | undefined): Doc {
  let base: Doc;
  if (!Array.isArray(u) && !isOperatorUpdate(u)) {
    base = cloneDoc(u);
    const seedId = upsertSeed(filter)._id;
    if (base._id === undefined && seedId !== undefined) base._id = seedId;
  } else {
    base = applyUpdate(upsertSeed(filter), u, {}, arrayFilters, true).doc;
  }
  if (base._id === undefined) base._id = new ObjectId();
  return withIdFirst(base);
}
