import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from '../authProvider/session';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';
import { payloadFor, resourcePath } from './resources';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function memoryStore(entries: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(entries));
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const adminStore = () =>
  memoryStore({
    token: 'tok-123',
    userInfo: JSON.stringify({ _id: 'a1', username: 'root', email: 'root@example.com', isAdmin: true }),
    expirationTime: String(Date.now() + 60_000),
  });

/** A fake fetch that records each call and answers from a route table (method + path → status, body, headers). */
function fakeFetch(routes: Record<string, { status?: number; body?: unknown; headers?: Record<string, string> }>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    calls.push({ url, method, headers: new Headers(init.headers), body: init.body });
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ statusCode: 404, message: `no route ${method} ${path}` }), { status: 404 });
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), { status: route.status ?? 200, headers: route.headers });
  });
  return { fn, calls };
}

describe('resource mapping', () => {
  it("maps console resources to the spec's paths", () => {
    expect(resourcePath('categories')).toBe('category');
    expect(resourcePath('users')).toBe('users');
    expect(resourcePath('subscribers')).toBe('newsletter/subscribers');
    expect(resourcePath('failedJobs')).toBe('admin/jobs/failed');
    expect(resourcePath('somethingElse')).toBe('somethingElse');
  });

  it('sends only writable fields, and on update only the changed ones', () => {
    const user = { id: 'u1', _id: 'u1', username: 'ann', email: 'ann@example.com', isAdmin: false, createdAt: 'x' };
    expect(payloadFor('users', user)).toEqual({ username: 'ann', email: 'ann@example.com' });
    expect(payloadFor('users', { ...user, username: 'anne' }, user)).toEqual({ username: 'anne' });
    const product = { id: 'p1', name: 'Tee', category: { _id: 'c1', name: 'Shirts' }, rating: 4, reviews: [] };
    expect(payloadFor('products', product)).toEqual({ name: 'Tee', category: 'c1' });
    expect(payloadFor('products', { ...product, category: 'c1' }, product)).toEqual({});
  });
});

describe('dataProvider', () => {
  let fetchMock: ReturnType<typeof fakeFetch>;
  afterEach(() => vi.unstubAllGlobals());

  function provider(routes: Parameters<typeof fakeFetch>[0]) {
    fetchMock = fakeFetch(routes);
    vi.stubGlobal('fetch', fetchMock.fn);
    return createDataProvider(createHttpClient(adminStore));
  }

  it('lists categories from /api/category with range, sort and filter, reading the total from Content-Range', async () => {
    const dp = provider({
      'GET /api/category': {
        body: [
          { _id: 'c1', name: 'Shirts' },
          { id: 'c2', _id: 'c2', name: 'Hats' },
        ],
        headers: { 'Content-Range': 'category 0-1/7', 'X-Total-Count': '7' },
      },
    });
    const result = await dp.getList('categories', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'sh' },
    });
    expect(result.total).toBe(7);
    expect(result.data.map((r) => r.id)).toEqual(['c1', 'c2']);
    const url = new URL(fetchMock.calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/category');
    expect(url.searchParams.get('range')).toBe('[0,24]');
    expect(url.searchParams.get('sort')).toBe('["name","ASC"]');
    expect(url.searchParams.get('filter')).toBe('{"q":"sh"}');
  });

  it("pages a post's comments with ?blog= and range (List filter or ReferenceManyField), and asks nothing without a post", async () => {
    const dp = provider({
      'GET /api/comments': { body: [{ _id: 'k1', text: 'Hi' }], headers: { 'Content-Range': 'comments 25-25/26', 'X-Total-Count': '26' } },
    });
    const listed = await dp.getList('comments', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { blog: 'b1' },
    });
    expect(listed).toEqual({ data: [{ _id: 'k1', id: 'k1', text: 'Hi' }], total: 26 });
    const url = new URL(fetchMock.calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/comments');
    expect(url.searchParams.get('blog')).toBe('b1');
    expect(url.searchParams.get('range')).toBe('[25,49]');
    expect(url.searchParams.get('sort')).toBe('["createdAt","DESC"]');
    expect(url.searchParams.get('filter')).toBeNull();
    const referenced = await dp.getManyReference('comments', {
      target: 'blog',
      id: 'b2',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(referenced.total).toBe(26);
    expect(new URL(fetchMock.calls[1].url, 'http://x').searchParams.get('blog')).toBe('b2');
    expect(await dp.getList('comments', { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} })).toEqual({
      data: [],
      total: 0,
    });
    expect(fetchMock.calls).toHaveLength(2);
  });

  it('sends the bearer token and X-Requested-With on every call', async () => {
    const dp = provider({ 'GET /api/users/u1': { body: { _id: 'u1', id: 'u1', username: 'ann' } } });
    const { data } = await dp.getOne('users', { id: 'u1' });
    expect(data.id).toBe('u1');
    expect(fetchMock.calls[0].headers.get('Authorization')).toBe('Bearer tok-123');
    expect(fetchMock.calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('updates a user with username and e-mail only (PUT /api/users/{id})', async () => {
    const dp = provider({ 'PUT /api/users/u1': { body: { _id: 'u1', id: 'u1', username: 'anne', email: 'ann@example.com', isAdmin: false } } });
    const previous = { id: 'u1', _id: 'u1', username: 'ann', email: 'ann@example.com', isAdmin: false };
    const { data } = await dp.update('users', { id: 'u1', data: { ...previous, username: 'anne' }, previousData: previous });
    expect(data.username).toBe('anne');
    expect(fetchMock.calls[0].method).toBe('PUT');
    expect(JSON.parse(String(fetchMock.calls[0].body))).toEqual({ username: 'anne' });
  });

  it('uploads picked files through /api/upload before creating, and sends their URLs', async () => {
    const dp = provider({
      'POST /api/upload': { status: 201, body: { message: 'Image uploaded', image: '/api/images/img1' } },
      'POST /api/products': { status: 201, body: { _id: 'p9', id: 'p9', name: 'Tee', image: '/api/images/img1' } },
    });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tee.png', { type: 'image/png' });
    const { data } = await dp.create('products', {
      data: {
        name: 'Tee',
        price: 19.99,
        category: 'c1',
        image: { rawFile: file, src: 'blob:x', title: 'tee.png' },
        additionalImages: [{ src: '/api/images/old', title: 'old' }],
      },
    });
    expect(data.id).toBe('p9');
    expect(fetchMock.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/upload', 'POST /api/products']);
    const form = fetchMock.calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('image') as File).name).toBe('tee.png');
    expect(fetchMock.calls[0].headers.get('Content-Type')).toBeNull();
    expect(JSON.parse(String(fetchMock.calls[1].body))).toEqual({
      name: 'Tee',
      price: 19.99,
      category: 'c1',
      image: '/api/images/img1',
      additionalImages: ['/api/images/old'],
    });
  });

  it('uploads before updating too, and stops when the upload fails', async () => {
    const dp = provider({ 'POST /api/upload': { status: 415, body: { statusCode: 415, message: 'Unsupported image type' } } });
    const file = new File(['not an image'], 'x.png');
    await expect(dp.update('products', { id: 'p1', data: { image: { rawFile: file } }, previousData: { id: 'p1' } })).rejects.toMatchObject({
      status: 415,
      message: 'Unsupported image type',
    });
    expect(fetchMock.calls).toHaveLength(1);
  });

  it('calls the moderation, order status and stats endpoints', async () => {
    const dp = provider({
      'PUT /api/products/p1/approve': { body: { _id: 'p1', status: 'published' } },
      'PUT /api/products/p2/reject': { body: { _id: 'p2', status: 'rejected' } },
      'POST /api/orders/o1/ship': { body: { _id: 'o1', status: 'shipped' } },
      'GET /api/orders/stats': { body: { revenue: 10 } },
    });
    expect((await dp.approveProduct('p1')).id).toBe('p1');
    await dp.rejectProduct('p2', 'Blurry photos');
    await dp.shipOrder('o1', 'UPS', 'TRK1');
    expect(await dp.getStats()).toEqual({ revenue: 10 });
    expect(JSON.parse(String(fetchMock.calls[1].body))).toEqual({ note: 'Blurry photos' });
    expect(JSON.parse(String(fetchMock.calls[2].body))).toEqual({ carrier: 'UPS', trackingNumber: 'TRK1' });
  });

  it("deletes and keeps the API's error message when refused", async () => {
    const dp = provider({
      'DELETE /api/users/a2': { status: 400, body: { statusCode: 400, code: 'CANNOT_DELETE_ADMIN', message: 'Cannot delete admin user' } },
    });
    await expect(dp.delete('users', { id: 'a2', previousData: { id: 'a2' } })).rejects.toMatchObject({
      status: 400,
      message: 'Cannot delete admin user',
    });
  });

  it('answers the deleted record even when the API answers 204', async () => {
    const dp = provider({ 'DELETE /api/category/c1': { status: 204 } });
    const { data } = await dp.delete('categories', { id: 'c1', previousData: { id: 'c1', name: 'Hats' } });
    expect(data).toEqual({ id: 'c1', name: 'Hats' });
  });
});

describe('httpClient without a session', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('sends no Authorization header', async () => {
    await createHttpClient(() => memoryStore())('/api/x');
    const init = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });
});
