import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyNullableConventions, NULL_SCHEMA } from './openapi';
import { generateOpenApiDocument, serializeOpenApi } from './openapi.document';

describe('openapi.json', () => {
  it('matches the API (run `npm run openapi` after changing an endpoint or DTO)', async () => {
    const committed = readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8');
    const generated = serializeOpenApi(await generateOpenApiDocument());
    expect(generated).toBe(committed);
  });

  it('tags every operation and documents its error responses', async () => {
    const document = await generateOpenApiDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { tags?: string[]; responses?: Record<string, unknown> }>)) {
        expect({ path, method, tagged: (operation.tags ?? []).length > 0 }).toEqual({ path, method, tagged: true });
        const codes = Object.keys(operation.responses ?? {});
        expect({ path, method, hasSuccess: codes.some((c) => c.startsWith('2')) }).toEqual({ path, method, hasSuccess: true });
      }
    }
  });
});

describe('openapi.json references', () => {
  it('names only schemas it defines (no dangling $ref for a generator to trip on)', () => {
    const document = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8')) as {
      components?: { schemas?: Record<string, unknown> };
    };
    const defined = new Set(Object.keys(document.components?.schemas ?? {}));
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect([...new Set(refs)].filter((name) => !defined.has(name))).toEqual([]);
  });
});

describe('openapi.json nullable values (issue #41)', () => {
  const document = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8')) as Record<string, unknown>;
  /** Every schema object in the document with its JSON pointer. */
  const schemas = (node: unknown, pointer = ''): [string, Record<string, unknown>][] => {
    if (Array.isArray(node)) return node.flatMap((item, i) => schemas(item, `${pointer}/${i}`));
    if (typeof node !== 'object' || node === null) return [];
    const object = node as Record<string, unknown>;
    return [[pointer, object], ...Object.entries(object).flatMap(([key, value]) => schemas(value, `${pointer}/${key}`))];
  };

  it('writes no `nullable` where strict tools ignore it: beside a $ref, allOf, oneOf or anyOf, or without a type', () => {
    const ignored = schemas(document)
      .filter(([, s]) => s.nullable === true)
      .filter(([, s]) => s.$ref !== undefined || s.allOf !== undefined || s.oneOf !== undefined || s.anyOf !== undefined || s.type === undefined)
      .map(([pointer]) => pointer);
    expect(ignored).toEqual([]);
  });

  it('lists null in every nullable enum (OpenAPI 3.0.3: an enum without null refuses it)', () => {
    const missing = schemas(document)
      .filter(([, s]) => s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null))
      .map(([pointer]) => pointer);
    expect(missing).toEqual([]);
  });

  it('writes each nullable reference as oneOf the schema or null (BlogDto.author, CartLineDto.variant and the rest)', () => {
    const nullableRefs = schemas(document)
      .filter(([, s]) => Array.isArray(s.oneOf) && s.oneOf.some((branch) => JSON.stringify(branch) === JSON.stringify(NULL_SCHEMA)))
      .map(([pointer]) => pointer.replace('/components/schemas/', '').replace('/properties/', '.'));
    expect(nullableRefs.sort()).toEqual(
      [
        'BlogDto.author',
        'CartLineDto.variant',
        'MyReviewDto.review',
        'OrderDto.customer',
        'OrderRefundDto.actor',
        'OrderStatusChangeDto.actor',
        'ProductCardDto.category',
        'ProductDto.category',
      ].sort(),
    );
  });

  it('rewrites the nullable-beside-allOf form a DTO property produces, and a nullable enum, and leaves others alone', () => {
    const doc = {
      a: { nullable: true, type: 'object', description: 'kept', allOf: [{ $ref: '#/components/schemas/A' }] },
      b: { nullable: true, $ref: '#/components/schemas/B' },
      c: { nullable: true, type: 'string', enum: ['x'] },
      d: { nullable: true, type: 'string' },
      e: { allOf: [{ $ref: '#/components/schemas/A' }] },
    };
    applyNullableConventions(doc);
    expect(doc).toEqual({
      a: { description: 'kept', oneOf: [{ $ref: '#/components/schemas/A' }, NULL_SCHEMA] },
      b: { oneOf: [{ $ref: '#/components/schemas/B' }, NULL_SCHEMA] },
      c: { nullable: true, type: 'string', enum: ['x', null] },
      d: { nullable: true, type: 'string' },
      e: { allOf: [{ $ref: '#/components/schemas/A' }] },
    });
  });
});

describe('openapi.json deprecated operations (issue #41)', () => {
  type Operations = Record<string, Record<string, { deprecated?: boolean; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
  const paths = (JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8')) as { paths: Operations }).paths;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

  it('keeps every call of the spec ("The calls it makes") first-class: present and not deprecated', () => {
    const specCalls = [
      'POST /api/users/google-login',
      'POST /api/users/google-signin',
      'POST /api/users/auth',
      'POST /api/users/logout',
      'POST /api/users',
      'PUT /api/users/profile',
      'GET /api/users',
      'GET /api/users/{id}',
      'DELETE /api/users/{id}',
      'PUT /api/users/{id}',
      'POST /api/users/distributor/register',
      'POST /api/users/distributor/login',
      'POST /api/users/request-deletion',
      'POST /api/users/confirm-deletion/{token}',
      'POST /api/users/forgot-password',
      'POST /api/users/reset-password/{token}',
      'GET /api/products',
      'GET /api/products/{id}',
      'GET /api/products/allProducts',
      'POST /api/products/add',
      'DELETE /api/products/{id}',
      'POST /api/products/{id}/reviews',
      'GET /api/products/top',
      'GET /api/products/new',
      'POST /api/products/filtered-products',
      'GET /api/products/{id}/similar',
      'POST /api/upload',
      'GET /api/category/categories',
      'GET /api/category/{categoryId}/products',
      'POST /api/category',
      'PUT /api/category/{categoryId}',
      'DELETE /api/category/{categoryId}',
      'POST /api/cart',
      'PUT /api/cart/update',
      'GET /api/cart',
    ];
    // Path parameters are matched by position, whatever their name ({id} or {productId}).
    const shape = (name: string) => name.replace(/\{[^}]+\}/g, '{}');
    const found = specCalls.map((call) => ({
      call,
      operations: operations.filter((o) => shape(o.name) === shape(call)).map((o) => ({ deprecated: o.operation.deprecated === true })),
    }));
    expect(found.filter((f) => f.operations.length === 0).map((f) => f.call)).toEqual([]);
    expect(found.filter((f) => f.operations.some((o) => o.deprecated)).map((f) => f.call)).toEqual([]);
  });

  it('deprecates only the routes outside the spec that have a successor, each documenting Deprecation, Sunset and Link', () => {
    const deprecated = operations.filter((o) => o.operation.deprecated === true);
    expect(deprecated.map((o) => o.name).sort()).toEqual([
      'GET /api/health',
      'PUT /api/orders/{id}/deliver',
      'PUT /api/orders/{id}/pay',
      'PUT /api/orders/{id}/status',
    ]);
    for (const { name, operation } of deprecated) {
      const headers = Object.keys(operation.responses['200']?.headers ?? {});
      expect({ name, headers }).toEqual({ name, headers: ['Deprecation', 'Sunset', 'Link'] });
    }
  });

  it('changes an order through one route per transition: PUT /api/orders/{id} and POST /api/users/google are folded away', () => {
    expect(paths['/api/orders/{id}'].put).toBeUndefined();
    expect(paths['/api/users/google']).toBeUndefined();
  });
});
