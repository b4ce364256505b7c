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
    const document = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8')) as { components?: { schemas?: Record<string, unknown> } };
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
