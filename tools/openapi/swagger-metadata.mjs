// The @nestjs/swagger CLI plugin's metadata of the API, for code compiled by SWC (which cannot run the plugin):
// the SWC build writes it beside main.js (tools/build-server.mjs), and the Jest tiers generate it once per run
// (tools/jest/global-setup.mjs) and load it before an OpenAPI document is built (tools/jest/swagger-metadata.setup.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

/**
 * The Swagger plugin's metadata of the API, as TypeScript source: what `nest build -b swc --type-check` writes
 * (Nest CLI's PluginMetadataGenerator and PluginMetadataPrinter, which are not exported, so their few lines are here):
 * the plugin's ReadonlyVisitor walks the DTOs and controllers of a TypeScript program, and the result is printed
 * as `export default async () => ({ '@nestjs/swagger': { models, controllers } })`. Its imports are relative to
 * pathToSource, the folder the printed file will live in.
 */
export function swaggerMetadataSource(pathToSource) {
  const ts = require('typescript');
  const { ReadonlyVisitor } = require('@nestjs/swagger/plugin');
  const nestCli = JSON.parse(readFileSync(join(root, 'nest-cli.json'), 'utf8'));
  const plugin = (nestCli.compilerOptions?.plugins ?? []).find((p) => (typeof p === 'string' ? p : p.name) === '@nestjs/swagger');
  const pluginOptions = typeof plugin === 'object' ? (plugin.options ?? {}) : {};
  const configFile = join(root, 'apps/api/tsconfig.app.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  // The visitor reads only DTOs and controllers; the program still loads what they import.
  const rootNames = parsed.fileNames.filter((file) => /\.(dto|entity|controller)\.ts$/.test(file));
  const program = ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
  const visitor = new ReadonlyVisitor({ ...pluginOptions, pathToSource });
  for (const sourceFile of program.getSourceFiles()) if (!sourceFile.isDeclarationFile) visitor.visit(program, sourceFile);

  const f = ts.factory;
  const property = (key, meta) => {
    if (Array.isArray(meta)) {
      return f.createPropertyAssignment(
        f.createStringLiteral(key),
        f.createArrayLiteralExpression(
          meta.map(([importExpr, fileMeta]) =>
            f.createArrayLiteralExpression([importExpr, f.createObjectLiteralExpression(Object.keys(fileMeta).map((k) => property(k, fileMeta[k])))]),
          ),
        ),
      );
    }
    return f.createPropertyAssignment(
      f.createStringLiteral(key),
      ts.isObjectLiteralExpression(meta) ? meta : f.createObjectLiteralExpression(Object.keys(meta).map((k) => property(k, meta[k]))),
    );
  };
  const typeImports = visitor.typeImports;
  const typeImportsStatement = f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList(
      [
        f.createVariableDeclaration(
          f.createIdentifier('t'),
          undefined,
          undefined,
          f.createObjectLiteralExpression(
            Object.keys(typeImports).map((name) =>
              f.createPropertyAssignment(f.createComputedPropertyName(f.createStringLiteral(name)), f.createIdentifier(typeImports[name])),
            ),
            true,
          ),
        ),
      ],
      ts.NodeFlags.Const,
    ),
  );
  const metadata = f.createObjectLiteralExpression([property(visitor.key, visitor.collect())]);
  const exported = f.createExportAssignment(
    undefined,
    undefined,
    f.createArrowFunction(
      [f.createToken(ts.SyntaxKind.AsyncKeyword)],
      undefined,
      [],
      undefined,
      f.createToken(ts.SyntaxKind.EqualsGreaterThanToken),
      f.createBlock([typeImportsStatement, f.createReturnStatement(metadata)], true),
    ),
  );
  const file = ts.createSourceFile('swagger-metadata.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }).printNode(ts.EmitHint.Unspecified, exported, file);
}
