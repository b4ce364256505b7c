import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Every input of the API is a DTO: no controller or service takes a loosely typed query or body
 * (`Record<string, unknown>`, Express's `Request['query']`, `ParsedQs`) as a parameter, and no controller reads
 * `req.query`/`req.body` around the validation pipe.
 */
const ROOT = __dirname;
const LOOSE_TYPES = [/^Record<string,\s*(unknown|any)>$/, /Request\[['"](query|body|params)['"]\]/, /\bParsedQs\b/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(controller|service)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Loosely typed parameters of class methods and constructors, and raw query/body reads, as "file:line text". */
export function looseInputs(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) && node.type && ts.isClassElement(node.parent)) {
      const type = node.type.getText(source);
      if (LOOSE_TYPES.some((pattern) => pattern.test(type))) found.push(`${where(node)} parameter ${node.name.getText(source)}: ${type}`);
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ['query', 'body'].includes(node.name.text) &&
      /^(req|request)$/.test(node.expression.getText(source))
    ) {
      found.push(`${where(node)} reads ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Raw reads that are no API input, each with its reason. */
const ALLOWED_READS: Record<string, string> = {
  // Bull Board is a third-party UI mounted behind the admin guard: its own routes read the body the API parsed.
  'queues-board/queues-board.controller.ts': 'req.body',
  // The deprecated PUT /{id}/status names its successor (the Link header) from the status its DTO already validated.
  'compat/orders-compat.controller.ts': 'request.body',
};
const allowed = (finding: string) =>
  Object.entries(ALLOWED_READS).some(([file, read]) => finding.startsWith(`${file}:`) && finding.endsWith(`reads ${read}`));

describe('typed inputs', () => {
  it('no controller or service takes Record<string, unknown>, Request["query"] or reads req.query', () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => looseInputs(file)).filter((finding) => !allowed(finding))).toEqual([]);
  });

  it('the check finds a loose parameter and a raw query read', () => {
    const sample = `class X { list(@Query() query: Record<string, unknown>) {} one(q: Request['query']) {} two(req: Req) { return req.query.page; } }`;
    expect(looseInputs(join(ROOT, 'sample.controller.ts'), sample)).toHaveLength(3);
  });
});
