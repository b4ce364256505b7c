import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
