import { readFileSync } from 'node:fs';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import request, { type Response } from 'supertest';
import { createAccount, createCategory } from '../support/fixtures';
import {
  ContractValidator,
  contractValidator,
  formatMismatches,
  recordContract,
  takeContractMismatches,
  type ObservedResponse,
  type OpenApiDocument,
} from '../support/contract';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The contract check itself (issue #25): every response of the test stack is validated against openapi.json and a
 * mismatch fails the test. Here the validator is shown real answers that conform, and tampered copies of them that
 * do not; and a real undocumented answer is shown to be recorded by the stack's hook.
 */
describe('contract: responses are checked against openapi.json', () => {
  let stack: TestStack;
  let category: ObservedResponse;
  let product: ObservedResponse;

  const observed = (res: Response, method: string, url: string): ObservedResponse => ({
    method,
    url,
    status: res.status,
    headers: res.headers as Record<string, string>,
    body: Buffer.from(res.text ?? ''),
  });
  const withBody = (response: ObservedResponse, body: unknown): ObservedResponse => ({ ...response, body: Buffer.from(JSON.stringify(body)) });
  const problems = (response: ObservedResponse) => contractValidator().check(response).problems;

  beforeAll(async () => {
    stack = await startTestStack();
    const admin = await createAccount(stack, 'admin');
    const id = await createCategory(stack, admin, 'Contract coats');
    category = observed(await stack.http().get(`/api/category/${id}`).expect(200), 'GET', `/api/category/${id}`);
    const created = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({
        name: 'Contract coat',
        description: 'Warm.',
        price: 99.5,
        brand: 'Threadline',
        countInStock: 3,
        image: 'https://cdn.example.com/coat.jpg',
        category: id,
      })
      .expect(201);
    const url = `/api/products/${created.body._id as string}`;
    product = observed(await stack.http().get(url).expect(200), 'GET', url);
  });
  afterAll(() => stack?.stop());

  it('real answers conform, and what the stack saw so far conformed', () => {
    expect(problems(category)).toEqual([]);
    expect(problems(product)).toEqual([]);
    expect(takeContractMismatches()).toEqual([]);
  });

  it('a tampered body fails: a required field removed, a wrong type, a null where none is allowed, a bad format', () => {
    const body = JSON.parse(category.body.toString('utf8')) as Record<string, unknown>;
    const { name: _name, ...withoutName } = body;
    expect(problems(withBody(category, withoutName))).toEqual([expect.stringContaining("must have required property 'name'")]);
    expect(problems(withBody(category, { ...body, slug: 42 }))).toEqual(['/slug must be string']);
    expect(problems(withBody(category, { ...body, createdAt: 'yesterday' }))).toEqual(['/createdAt must match format "date-time"']);
    const productBody = JSON.parse(product.body.toString('utf8')) as Record<string, unknown>;
    expect(problems(withBody(product, { ...productBody, price: '99.50' })).join('\n')).toMatch(/\/price must be number/);
    expect(problems(withBody(product, { ...productBody, reviews: null })).join('\n')).toMatch(/\/reviews must be array/);
    expect(problems(withBody(category, [body]))).toEqual(['(body) must be object']);
    expect(problems({ ...category, body: Buffer.from('{"_id":') })).toEqual(['the body is not valid JSON']);
  });

  it('an undocumented property passes (OpenAPI allows it), except in the CONTRACT_STRICT_PROPERTIES=1 survey', () => {
    const body = JSON.parse(category.body.toString('utf8')) as Record<string, unknown>;
    const leaky = withBody(category, { ...body, passwordHash: 'x' });
    const document = JSON.parse(readFileSync(resolve(__dirname, '../../openapi.json'), 'utf8')) as OpenApiDocument;
    expect(new ContractValidator(document, { closed: false }).check(leaky).problems).toEqual([]);
    expect(new ContractValidator(document, { closed: true }).check(leaky).problems).toEqual([
      "(body) must NOT have additional properties 'passwordHash'",
    ]);
  });

  it('an undocumented status, media type or body fails', () => {
    expect(problems({ ...category, status: 202 })[0]).toMatch(/^status 202 is not documented/);
    expect(problems({ ...category, headers: { ...category.headers, 'content-type': 'text/html; charset=utf-8' } })[0]).toMatch(
      /^Content-Type text\/html is not documented/,
    );
    expect(problems({ ...category, body: Buffer.alloc(0) })[0]).toMatch(/^empty body where application\/json is documented/);
    // A 304 answers a conditional GET; a 5xx in the error shape is a broken dependency; HEAD is GET without a body.
    const notModified = { ...category, status: 304, body: Buffer.alloc(0) };
    expect(problems({ ...notModified, requestHeaders: { 'if-none-match': '"x"' } })).toEqual([]);
    expect(problems(notModified)[0]).toMatch(/^status 304 is not documented/);
    expect(problems(withBody({ ...category, status: 503 }, { statusCode: 503, message: 'Down', code: 'SERVICE_UNAVAILABLE' }))).toEqual([]);
    expect(problems(withBody({ ...category, status: 500 }, { oops: true }))[0]).toMatch(/^status 500 is not documented/);
    expect(problems({ ...category, method: 'HEAD', body: Buffer.alloc(0) })).toEqual([]);
    // An undocumented error fails even in the API's error shape; only the survey mode tolerates it.
    const teapot = withBody({ ...category, status: 418 }, { statusCode: 418, message: 'No coffee', code: 'BAD_REQUEST' });
    expect(problems(teapot)[0]).toMatch(/^status 418 is not documented/);
    const lenient = process.env.CONTRACT_LENIENT_ERRORS;
    try {
      process.env.CONTRACT_LENIENT_ERRORS = '1';
      expect(contractValidator().check(teapot)).toEqual({
        operation: 'GET /api/category/{id}',
        problems: [],
        undocumentedError: { operation: 'GET /api/category/{id}', status: 418, code: 'BAD_REQUEST' },
      });
      // …and only in that shape.
      expect(problems(withBody(teapot, { error: 'No coffee' }))[0]).toMatch(/^status 418 is not documented/);
    } finally {
      if (lenient === undefined) delete process.env.CONTRACT_LENIENT_ERRORS;
      else process.env.CONTRACT_LENIENT_ERRORS = lenient;
    }
  });

  it('an operation the contract does not name fails, unless the API answers it as "no such operation"', () => {
    expect(problems({ ...category, method: 'PATCH' })[0]).toBe('PATCH is not documented for /api/category/{id}');
    expect(problems({ ...category, url: '/api/categories-secret' })[0]).toBe('no operation in openapi.json for GET /api/categories-secret');
    const notFound = withBody(
      { ...category, url: '/api/categories-secret', status: 404 },
      { statusCode: 404, message: 'Cannot GET /api/categories-secret' },
    );
    expect(problems(notFound)).toEqual([]);
  });

  describe('a nullable reference, read strictly (nullable beside $ref or allOf means nothing, as in Prism)', () => {
    const committed = () => JSON.parse(readFileSync(resolve(__dirname, '../../openapi.json'), 'utf8')) as OpenApiDocument;
    /** The committed contract with the two properties written the old way: `nullable: true` beside `allOf: [$ref]`. */
    const oldForm = (): OpenApiDocument => {
      const document = committed();
      const schemas = document.components?.schemas as Record<string, { properties: Record<string, unknown> }>;
      schemas.BlogDto.properties.author = { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/BlogAuthorDto' }] };
      schemas.CartLineDto.properties.variant = { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/CartVariantDto' }] };
      return document;
    };
    let blogs: ObservedResponse;
    let cart: ObservedResponse;

    beforeAll(async () => {
      // A post whose author's account is gone answers author: null; a line of a product without variants, variant: null.
      const editor = await createAccount(stack, 'admin');
      const created = await stack
        .http()
        .post('/api/blogs')
        .set('Authorization', editor.bearer)
        .send({ title: 'Orphaned post', body: 'Its author left.', published: true })
        .expect(201);
      expect(created.body.author).toEqual({ _id: editor.id, username: expect.any(String) });
      await stack.app
        .get<Connection>(getConnectionToken())
        .collection('users')
        .deleteOne({ _id: new Types.ObjectId(editor.id) });
      const reader = await createAccount(stack);
      blogs = observed(await stack.http().get('/api/blogs').set('Authorization', reader.bearer).expect(200), 'GET', '/api/blogs');
      const productId = JSON.parse(product.body.toString('utf8'))._id as string;
      cart = observed(
        await stack.http().post('/api/cart').set('Authorization', reader.bearer).send({ productId, quantity: 1 }).expect(201),
        'POST',
        '/api/cart',
      );
    });

    it('the API answers a real null author and a real null variant', () => {
      const posts = JSON.parse(blogs.body.toString('utf8')) as { title: string; author: unknown }[];
      expect(posts.find((p) => p.title === 'Orphaned post')?.author).toBeNull();
      const lines = (JSON.parse(cart.body.toString('utf8')) as { items: { variant: unknown }[] }).items;
      expect(lines.map((l) => l.variant)).toEqual([null]);
    });

    it('the committed contract accepts them, and still refuses a wrong author or variant', () => {
      const validator = new ContractValidator(committed(), { closed: false });
      expect(validator.check(blogs).problems).toEqual([]);
      expect(validator.check(cart).problems).toEqual([]);
      const posts = JSON.parse(blogs.body.toString('utf8')) as Record<string, unknown>[];
      expect(
        validator.check(
          withBody(
            blogs,
            posts.map((p) => ({ ...p, author: 'someone' })),
          ),
        ).problems,
      ).toEqual(['/0/author must be object']);
      expect(
        validator.check(
          withBody(
            blogs,
            posts.map((p) => ({ ...p, author: {} })),
          ),
        ).problems,
      ).toEqual(["/0/author must have required property '_id'", "/0/author must have required property 'username'"]);
      const body = JSON.parse(cart.body.toString('utf8')) as { items: Record<string, unknown>[] };
      expect(validator.check(withBody(cart, { ...body, items: body.items.map((l) => ({ ...l, variant: 7 })) })).problems).toEqual([
        '/items/0/variant must be object',
      ]);
    });

    it('the old form (nullable beside allOf $ref) refuses them: the failure strict validators and generators reported', () => {
      const validator = new ContractValidator(oldForm(), { closed: false });
      expect(validator.check(blogs).problems.join('\n')).toMatch(/\/author must be object/);
      expect(validator.check(cart).problems.join('\n')).toMatch(/\/items\/0\/variant must be object/);
    });
  });

  it('literal path segments win over templated ones', () => {
    const validator = contractValidator();
    expect(validator.findTemplate('/api/products/top')?.path).toBe('/api/products/top');
    expect(validator.findTemplate('/api/products/665f1c2e9d1e8a0012345678')?.path).toBe('/api/products/{id}');
    expect(validator.findTemplate('/api/products/665f1c2e9d1e8a0012345678/reviews/mine')?.path).toBe('/api/products/{id}/reviews/mine');
  });

  it('the hook records a tampered answer sent over HTTP (the afterEach fails the test that made it)', async () => {
    // A server that answers like the API, through the same hook the test stack installs, but tampered: the real
    // category without its name, and with a status the operation does not document.
    const original = JSON.parse(category.body.toString('utf8')) as Record<string, unknown>;
    const { name: _name, ...nameless } = original;
    const tampering = createServer((req, res) => {
      res.writeHead(req.url?.endsWith('?status=202') ? 202 : 200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(nameless));
    });
    recordContract(tampering);
    const url = `/api/category/${String(original._id)}`;
    await request(tampering).get(url).expect(200);
    await request(tampering).get(`${url}?status=202`).expect(202);
    const recorded = takeContractMismatches(); // taken here, so that this test itself passes
    expect(recorded).toEqual([
      { method: 'GET', path: url, status: 200, operation: 'GET /api/category/{id}', problems: ["(body) must have required property 'name'"] },
      {
        method: 'GET',
        path: `${url}?status=202`,
        status: 202,
        operation: 'GET /api/category/{id}',
        problems: [expect.stringMatching(/^status 202 is not documented \(documented: 200/)],
      },
    ]);
    // Left in the record, these would fail this test in test/support/contract.setup.ts with this message:
    expect(formatMismatches(recorded)).toContain(`GET ${url} → 200 (GET /api/category/{id}):\n    (body) must have required property 'name'`);
  });
});
