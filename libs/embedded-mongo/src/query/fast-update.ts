import { Doc, canonKey, cloneDoc, isPlainObject } from '../bson-util';
import { documentQuery, isKeyScalar, wholeFilter, type Predicate } from './fast-match';

/**
 * Applies the common operator updates natively, so a write does not go through mingo's updater (which
 * rebuilds its operator tables and compiles the filter again on every call, ~100-175 µs a write):
 * $set, $unset, $inc (by a JavaScript number), $push (a value or $each), $addToSet (a value), and $pull (a value,
 * a query on the array's documents, or an operator condition on its values), on top-level and dotted paths
 * through documents, and `array.$.field` when the filter finds that element with `$elemMatch` or with one
 * `'array.field': value`. Everything else (other operators, array indexes and `$[]` in paths, a field of the
 * wrong type, conflicting paths) is left to mingo: the caller gets undefined and must start again from an
 * unchanged copy, so the answer never changes, only the cost.
 *
 * Works on `doc` in place (the caller's fresh copy) and returns whether anything changed.
 */
export function applyFastUpdate(doc: Doc, mod: Doc, filter: Doc): boolean | undefined {
  const ops = Object.keys(mod);
  const paths: string[] = [];
  for (const op of ops) {
    if (!OPERATORS.has(op) || !isPlainObject(mod[op])) return undefined;
    paths.push(...Object.keys(mod[op] as Doc));
  }
  if (conflicting(paths)) return undefined;
  let modified = false;
  for (const op of ops) {
    const args = mod[op] as Doc;
    for (const path of Object.keys(args)) {
      const changed = apply(doc, op, path, args[path], filter);
      if (changed === undefined) return undefined;
      modified = modified || changed;
    }
  }
  return modified;
}

const OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$addToSet', '$pull']);

/**
 * Two paths where one is the other or inside it (MongoDB refuses those; mingo gives the error), or two
 * positional paths (mingo refuses those too).
 */
function conflicting(paths: string[]): boolean {
  if (paths.length < 2) return false;
  if (paths.filter((p) => p.split('.').includes('$')).length > 1) return true;
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    if (a === b || b.startsWith(`${a}.`)) return true;
  }
  return false;
}

/** Where a path leads: the document holding the last field, and its name. */
interface Slot {
  parent: Doc;
  key: string;
}

/**
 * Walks `path` through documents. `create` makes missing documents on the way (as $set does); without it a
 * missing one ends the walk (null: nothing to change). Undefined when the walk needs mingo.
 */
function slot(doc: Doc, path: string, filter: Doc, create: boolean): Slot | null | undefined {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i];
    if (!plainField(part) || (i === 0 && part === '_id')) return undefined;
    const next = cur[part];
    if (parts[i + 1] === '$') {
      // array.$.field: the element the filter matched.
      if (i + 2 >= parts.length || !Array.isArray(next)) return undefined;
      const index = positional(filter, parts.slice(0, i + 1).join('.'), next);
      if (index === undefined) return undefined;
      cur = next[index] as Doc;
      i += 1;
      continue;
    }
    if (next === undefined) {
      if (!create) return null;
      const made: Doc = {};
      cur[part] = made;
      cur = made;
    } else if (isPlainObject(next)) cur = next;
    else return undefined;
  }
  const key = parts[parts.length - 1];
  if (!plainField(key) || (parts.length === 1 && key === '_id')) return undefined;
  return { parent: cur, key };
}

/** A field name the fast path takes as it is: not empty, not an operator or positional, not an array index. */
function plainField(part: string): boolean {
  return part !== '' && !part.startsWith('$') && !/^\d+$/.test(part);
}

/**
 * The index of the array element the positional `$` stands for: the first element that is a document and
 * satisfies the filter's one condition on that array. Undefined (mingo decides) for any other filter.
 */
function positional(filter: Doc, arrayPath: string, array: unknown[]): number | undefined {
  const related = Object.keys(filter).filter((k) => k === arrayPath || k.startsWith(`${arrayPath}.`) || k.startsWith('$'));
  if (related.length !== 1) return undefined;
  const [key] = related;
  const cond = filter[key];
  let element: Predicate | undefined;
  let field: string | undefined;
  if (key === arrayPath) {
    if (!isPlainObject(cond) || Object.keys(cond).length !== 1) return undefined;
    element = documentQuery(cond.$elemMatch);
  } else {
    field = key.slice(arrayPath.length + 1);
    if (field.includes('.') || key.startsWith('$') || !isKeyScalar(cond)) return undefined;
    const [name, wanted] = [field, canonKey(cond)];
    element = (d) => canonKey(d[name]) === wanted;
  }
  if (!element) return undefined;
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    if (!isPlainObject(item)) continue;
    // An array-valued field matches by any of its values: mingo's business.
    if (field !== undefined && Array.isArray(item[field])) return undefined;
    if (element(item)) return i;
  }
  return undefined;
}

/** One operator on one path. True when it changed the document, undefined when mingo must do it. */
function apply(doc: Doc, op: string, path: string, arg: unknown, filter: Doc): boolean | undefined {
  const at = slot(doc, path, filter, op !== '$unset' && op !== '$pull');
  if (at === undefined) return undefined;
  if (at === null) return false;
  const { parent, key } = at;
  const old = parent[key];
  switch (op) {
    case '$set': {
      // A value with $-prefixed keys is refused or stored by rules of its own: mingo's.
      if (arg === undefined || (isPlainObject(arg) && Object.keys(arg).some((k) => k.startsWith('$')))) return undefined;
      const present = key in parent;
      parent[key] = cloneDoc(arg);
      return !present || canonKey(old) !== canonKey(arg);
    }
    case '$unset':
      if (!(key in parent)) return false;
      delete parent[key];
      return true;
    case '$inc': {
      if (typeof arg !== 'number' || Number.isNaN(arg)) return undefined;
      if (old === undefined) {
        parent[key] = arg;
        return true;
      }
      if (typeof old !== 'number') return undefined;
      parent[key] = old + arg;
      return parent[key] !== old;
    }
    case '$push':
    case '$addToSet': {
      // $addToSet with $each is mingo's (it differs from MongoDB there, and the answer must not change).
      const values = op === '$push' ? eachOf(arg) : eachOf(arg)?.length === 1 && !(isPlainObject(arg) && '$each' in arg) ? [arg] : undefined;
      if (values === undefined || (old !== undefined && !Array.isArray(old))) return undefined;
      const list = old === undefined ? [] : (old as unknown[]);
      const seen = op === '$addToSet' ? new Set(list.map((x) => canonKey(x))) : undefined;
      // mingo also folds duplicates the array already had; that answer is its own.
      if (seen && seen.size !== list.length) return undefined;
      let added = 0;
      for (const v of values) {
        if (seen) {
          const k = canonKey(v);
          if (seen.has(k)) continue;
          seen.add(k);
        }
        list.push(cloneDoc(v));
        added += 1;
      }
      if (old === undefined) parent[key] = list;
      return old === undefined || added > 0;
    }
    case '$pull': {
      if (!Array.isArray(old)) return old === undefined ? false : undefined;
      const remove = pullTest(arg);
      if (!remove) return undefined;
      const kept: unknown[] = [];
      for (const x of old) {
        const drop = remove(x);
        if (drop === undefined) return undefined;
        if (!drop) kept.push(x);
      }
      if (kept.length === old.length) return false;
      parent[key] = kept;
      return true;
    }
    default:
      return undefined;
  }
}

/** The values of a $push/$addToSet: the argument, or its $each list (no $slice/$sort/$position). */
function eachOf(arg: unknown): unknown[] | undefined {
  if (arg === undefined) return undefined;
  if (!isPlainObject(arg)) return [arg];
  const keys = Object.keys(arg);
  if (!keys.some((k) => k.startsWith('$'))) return [arg];
  if (keys.length !== 1 || keys[0] !== '$each' || !Array.isArray(arg.$each) || arg.$each.length === 0) return undefined;
  return arg.$each;
}

/** Which elements a $pull removes; undefined for an element (or argument) whose answer is mingo's to give. */
function pullTest(arg: unknown): ((x: unknown) => boolean | undefined) | undefined {
  if (arg instanceof RegExp || arg === undefined) return undefined;
  if (isPlainObject(arg)) {
    const keys = Object.keys(arg);
    if (keys.length === 0) return undefined;
    if (keys.every((k) => k.startsWith('$'))) {
      // A condition on each value ({$in: [...]}, {$gte: 3}): the value as a one-field document.
      const condition = wholeFilter({ v: arg });
      return condition && ((x) => (Array.isArray(x) ? undefined : condition({ v: x })));
    }
    // A query on the array's documents (mingo's answer for other elements is its own).
    const query = documentQuery(arg);
    return query && ((x) => (isPlainObject(x) ? query(x) : undefined));
  }
  const wanted = canonKey(arg);
  return (x) => (Array.isArray(x) ? undefined : canonKey(x) === wanted);
}
