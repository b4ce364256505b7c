import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAccount, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { type?: string } }> }>;
}

const openapi = JSON.parse(readFileSync(resolve(__dirname, '../../openapi.json'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };

/** Every list of the API: a GET whose 200 answer is a JSON array. */
const lists = Object.entries(openapi.paths)
  .map(([path, item]) => ({ path, operation: item.get }))
  .filter((l): l is { path: string; operation: Operation } => l.operation?.responses['200']?.content?.['application/json']?.schema?.type === 'array');

/** A path with each {param} filled: ids by a well-formed id, anything else by a plain word. */
const filled = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '0123456789abcdef01234567' : 'x'));

describe('every list takes only the query parameters it documents', () => {
  let stack: TestStack;
  let admin: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('finds the lists in openapi.json', () => {
    expect(lists.length).toBeGreaterThanOrEqual(15);
    expect(lists.map((l) => l.path)).toEqual(
      expect.arrayContaining(['/api/products', '/api/orders', '/api/users', '/api/category', '/api/blogs', '/api/comments']),
    );
  });

  it.each(lists.map((l) => [l.path, l]))('GET %s answers 400 VALIDATION_FAILED to an unknown parameter, and documents it', async (_path, list) => {
    const res = await stack.http().get(filled(list.path)).query({ notAParameter: '1' }).set('Authorization', admin.bearer);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.message).toMatch(/notAParameter/);
    expect(list.operation.responses['400']).toBeDefined();
  });

  it('documents each query parameter a list accepts, and accepts it', async () => {
    const products = lists.find((l) => l.path === '/api/products');
    const documented = (products?.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(documented).toEqual(expect.arrayContaining(['page', 'perPage', 'sort', 'filter', 'search']));
    const res = await stack.http().get('/api/products').query({ page: '1', perPage: '5', sort: '-createdAt', search: 'linen' });
    expect(res.status).toBe(200);
  });
});
