/**
 * Pure helpers of the audit trail: a stored document turned into JSON-like values, the fields that differ
 * between two versions, secrets redacted and large values capped.
 */

export type AuditValue = null | boolean | number | string | AuditValue[] | { [key: string]: AuditValue };

/** One changed field: its dotted path, and its value before and after (absent when the field was not there). */
export interface AuditChange {
  field: string;
  before?: AuditValue;
  after?: AuditValue;
}

/** Field names whose values are never written to the audit log (any depth, any case). */
export const SECRET_FIELD = /password|passwd|token|secret|hash|salt|api_?key|credential|^otp$|^jti$/i;
export const REDACTED = '[redacted]';
/** The longest value kept whole, in characters of JSON; a longer one is cut and marked. */
export const MAX_VALUE_CHARS = 2000;
/** Bookkeeping that every write moves or that says nothing to a person. */
const IGNORED_FIELDS = new Set(['__v', 'updatedAt', 'createdAt']);

/**
 * THE list of fields the audit log never shows a person (at any depth): bookkeeping the code keeps for itself
 * (mail and restock queues, stock holds and marks, the stock ledger's moves, counters derived from other fields,
 * keys for lookups and idempotency, the history an order keeps of itself), timestamps and the version key.
 * Secrets (SECRET_FIELD: passwords, tokens, hashes…) are hidden too; a changed secret is only named as changed.
 */
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set([
  '__v',
  'updatedAt',
  'createdAt',
  'pendingMails',
  'restockMarks',
  'restockPending',
  'stockHolds',
  'stockMoves',
  'revision',
  'ledgerOpened',
  'numReviews',
  'ratingTotal',
  'rating',
  'nameKey',
  'idempotencyKey',
  'statusHistory',
  'tokensValidAfter',
]);

/** True for a field a person never sees in the audit log: an internal one (INTERNAL_FIELDS) or a secret, at any depth. */
export function isInternalField(path: string): boolean {
  return path.split('.').some((segment) => INTERNAL_FIELDS.has(segment) || SECRET_FIELD.test(segment));
}

/** True for a secret field (password, token, hash…) at any depth. */
export function isSecretField(path: string): boolean {
  return path.split('.').some((segment) => SECRET_FIELD.test(segment));
}
/** Nested objects are compared field by field down to this depth; deeper (and arrays) as one value. */
const MAX_DEPTH = 3;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A stored value as JSON would show it: ids and decimals as text, dates in ISO form, binary data as a marker. */
export function toAuditValue(value: unknown, depth = 0): AuditValue | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth > 20) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => toAuditValue(v, depth + 1) ?? null);
  if (value instanceof Map) return toAuditValue(Object.fromEntries(value), depth);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return '[binary]';
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (typeof bsonType === 'string') return bsonType === 'Binary' ? '[binary]' : (value as { toString(): string }).toString();
  if (typeof (value as { toBSON?: unknown }).toBSON === 'function' && !isPlainRecord(value)) {
    return toAuditValue((value as { toBSON: () => unknown }).toBSON(), depth + 1);
  }
  const out: Record<string, AuditValue> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const converted = toAuditValue(v, depth + 1);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

/** Flattens nested objects into dotted paths (arrays and deeper objects stay whole). */
function flatten(value: Record<string, AuditValue>, prefix: string, depth: number, into: Map<string, AuditValue>): void {
  for (const [key, v] of Object.entries(value)) {
    if (depth === 0 && IGNORED_FIELDS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && depth + 1 < MAX_DEPTH && Object.keys(v).length > 0) {
      flatten(v, path, depth + 1, into);
    } else {
      into.set(path, v);
    }
  }
}

/** JSON with object keys sorted, so that two equal values always compare equal. */
function stableJson(value: AuditValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
    .join(',')}}`;
}

/** Secrets replaced by REDACTED, at any depth. */
export function redact(value: AuditValue): AuditValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  const out: Record<string, AuditValue> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) ? REDACTED : redact(v);
  return out;
}

/** A value longer than MAX_VALUE_CHARS of JSON becomes the start of its JSON text, marked as cut. */
export function capValue(value: AuditValue): AuditValue {
  const json = stableJson(value);
  if (json.length <= MAX_VALUE_CHARS) return value;
  return `${json.slice(0, MAX_VALUE_CHARS)}… (truncated, ${json.length} characters)`;
}

function isSecretPath(path: string): boolean {
  return path.split('.').some((segment) => SECRET_FIELD.test(segment));
}

function shown(path: string, value: AuditValue): AuditValue {
  return isSecretPath(path) ? REDACTED : capValue(redact(value));
}

/**
 * The fields that differ between two versions of a document (null: it did not exist), as they may be shown:
 * secrets redacted (a changed secret is listed, its values are not), long values capped, timestamps and the
 * version key left out. A created document lists every field it was created with; a deleted one every field
 * it had.
 */
export function diffDocuments(before: unknown, after: unknown): AuditChange[] {
  const flat = (doc: unknown): Map<string, AuditValue> => {
    const map = new Map<string, AuditValue>();
    const value = doc === null || doc === undefined ? undefined : toAuditValue(doc);
    if (value !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const { _id: _ignored, ...rest } = value;
      flatten(rest, '', 0, map);
    }
    return map;
  };
  const old = flat(before);
  const now = flat(after);
  const changes: AuditChange[] = [];
  for (const field of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(field);
    const b = now.get(field);
    if (a !== undefined && b !== undefined && stableJson(a) === stableJson(b)) continue;
    const change: AuditChange = { field };
    if (a !== undefined) change.before = shown(field, a);
    if (b !== undefined) change.after = shown(field, b);
    changes.push(change);
  }
  return changes;
}
