/**
 * How the console's resources map onto the API. Resource names are the console's; paths are the spec's
 * (section 7) where it fixes them, e.g. categories live at /api/category.
 */
import type { Schemas } from '../lib/api-types';

export const API_URL = '/api';

export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  users: 'users',
  categories: 'category',
  products: 'products',
  orders: 'orders',
  coupons: 'coupons',
  blogs: 'blogs',
  comments: 'comments',
  subscribers: 'newsletter/subscribers',
  contact: 'contact',
  failedJobs: 'admin/jobs/failed',
};

export function resourcePath(resource: string): string {
  return RESOURCE_PATHS[resource] ?? resource;
}

/** Field names of an input DTO of openapi.json (generated types): a name the API does not accept fails the type check. */
function fieldsOf<T>(fields: ReadonlyArray<keyof T & string>): readonly string[] {
  return fields;
}

/**
 * The fields the API accepts on create and update, per resource. The API refuses unknown fields with
 * 400 (forbidNonWhitelisted), so a record read from the API is never sent back whole.
 */
export const WRITABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  users: fieldsOf<Schemas['AdminUpdateUserDto']>(['username', 'email']),
  categories: fieldsOf<Schemas['CategoryInputDto']>(['name']),
  products: fieldsOf<Schemas['ProductInputDto'] & Schemas['ProductUpdateDto']>([
    'name',
    'description',
    'price',
    'compareAtPrice',
    'category',
    'quantity',
    'brand',
    'countInStock',
    'image',
    'additionalImages',
    'specifications',
    'variants',
    'isSpecial',
  ]),
  coupons: fieldsOf<Schemas['CreateCouponDto'] & Schemas['UpdateCouponDto']>([
    'code',
    'description',
    'type',
    'value',
    'minSubtotal',
    'startsAt',
    'endsAt',
    'maxRedemptions',
    'perCustomerLimit',
    'active',
    'public',
  ]),
  blogs: fieldsOf<Schemas['CreateBlogDto'] & Schemas['UpdateBlogDto']>(['title', 'slug', 'excerpt', 'body', 'coverImage', 'tags', 'published']),
  contact: fieldsOf<Schemas['UpdateContactMessageDto']>(['handled']),
};

type Data = Record<string, unknown>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A reference given as an object ({_id, name}) becomes its id, as the API expects. */
function referenceId(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const ref = value as { _id?: unknown; id?: unknown };
    if (typeof ref._id === 'string') return ref._id;
    if (typeof ref.id === 'string') return ref.id;
  }
  return value;
}

/**
 * The body to send: only writable fields (all of them for a resource not listed), and on update only
 * those that changed since previousData.
 */
export function payloadFor(resource: string, data: Data, previousData?: Data): Data {
  const allowed = WRITABLE_FIELDS[resource];
  const out: Data = {};
  for (const [key, raw] of Object.entries(data)) {
    if (allowed ? !allowed.includes(key) : ['id', '_id', 'createdAt', 'updatedAt', '__v'].includes(key)) continue;
    if (raw === undefined) continue;
    const value = key === 'category' ? referenceId(raw) : raw;
    if (previousData && key in previousData && same(value, key === 'category' ? referenceId(previousData[key]) : previousData[key])) continue;
    out[key] = value;
  }
  return out;
}

/** Records carry both _id and id; make sure id is there whichever the API sent. */
export function withId<T extends Data>(record: T): T & { id: string } {
  const id = (record.id ?? record._id) as string;
  return { ...record, id };
}
