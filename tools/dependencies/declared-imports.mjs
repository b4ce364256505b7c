// Every package the code imports is declared in package.json, and nothing declared goes unused.
//   node tools/dependencies/declared-imports.mjs [root]   prints the problems, exit 1 when there are any
// Run by `npm test` through tools/dependencies/declared-imports.spec.ts.
//
// Rules:
//   1. A bare import names a package declared in package.json (a tsconfig path alias such as @shop/database and
//      Node's built-in modules excepted).
//   2. Server code that runs in production (apps/api/src, apps/worker/src, libs/*/src, tests and specs aside)
//      imports only `dependencies`: the Docker image prunes devDependencies.
//   3. No import reaches into another package's build output (`pkg/dist/...`, `pkg/lib/...` internals): only the
//      paths a package exports.
//   4. Every declared package is imported somewhere, or is a tool named in TOOLS with the reason it is there.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Declared packages that no source file imports, and why each one is needed. */
export const TOOLS = {
  '@redocly/cli': 'lints openapi.json with the recommended rules (apps/api/src/openapi-lint.spec.ts runs its bin)',
  '@nestjs/cli':
    '`npx nest generate` for new modules, and `nest build`/`nest start` with the same SWC settings as the build (nest-cli.json names tools/server.swcrc); nest-cli.json also holds the Swagger plugin options tools/build-server.mjs uses',
  '@fastify/static': "serves Swagger UI's files at /api/docs: @nestjs/swagger loads it through the Fastify adapter's useStaticAssets()",
  '@nestjs/schematics': "nest-cli.json's schematics collection (`npx nest generate`)",
  '@types/etag': 'types',
  '@types/fresh': 'types',
  '@types/jest': 'types',
  '@types/node': 'types',
  '@types/nodemailer': 'types',
  '@types/react': 'types',
  '@types/react-dom': 'types',
  '@types/sanitize-html': 'types',
  '@types/supertest': 'types',
  '@emotion/react': "MUI's styling engine (peer dependency of @mui/material)",
  '@emotion/styled': "MUI's styling engine (peer dependency of @mui/material)",
  eslint: 'npm run lint',
  jest: 'npm test (Jest runner)',
  'ts-jest': "pathsToModuleNameMapper: tsconfig's paths for Jest (jest.config.js)",
  '@swc/jest': "Jest's TypeScript transform (jest.config.js)",
  'ts-node': 'npm run db, npm run bench:db',
  typescript: 'tsc (npm test type check), the Swagger plugin metadata (tools/openapi/swagger-metadata.mjs)',
  vitest: 'npm test (the web apps’ unit runner)',
  'happy-dom': "the DOM the web apps' component tests (*.test.tsx) render into: Vitest's environment, named in apps/*/vite.config.mts",
  '@testing-library/dom':
    'peer dependency of @testing-library/react and @testing-library/user-event (the queries and events the component tests use)',
  lighthouse: 'npm run bench:web (run as a command)',
  autocannon: 'npm run bench (run as a command)',
  'pino-http': "nestjs-pino's peer dependency (the API's access log is its own Fastify hook, http/access-log.ts)",
  'reflect-metadata': "Nest's decorators (peer dependency of @nestjs/core)",
  rxjs: "Nest's peer dependency",
};

/** Folders whose code runs in production from the server image (devDependencies are pruned there). */
const SERVER_DIRS = ['apps/api/src/', 'apps/worker/src/', 'libs/'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function isTestFile(path) {
  return (
    /\.(?:e2e-|resilience-)?spec\.[cm]?[jt]sx?$/.test(path) ||
    /\.test\.[cm]?[jt]sx?$/.test(path) ||
    path.startsWith('test/') ||
    path.includes('/test/') ||
    path.includes('/bench/')
  );
}

function isServerFile(path) {
  return SERVER_DIRS.some((dir) => path.startsWith(dir)) && !isTestFile(path);
}

/**
 * The text with its comments blanked out, so an example in a comment is not taken for an import; strings and
 * template literals are kept whole (a '/*' or '//' inside one starts no comment).
 */
export function withoutComments(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The module specifiers a source text imports: static and dynamic imports, re-exports and require(). */
export function importsOf(text) {
  const code = withoutComments(text);
  const found = new Set();
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bjest\.mock\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** The package a bare specifier names ('@scope/name' or 'name'), or undefined for a relative, absolute or built-in one. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0])) return undefined;
  if (/^[a-z]+:/.test(specifier)) return undefined; // node:, virtual: and other schemes
  if (/[\s$]/.test(specifier)) return undefined; // a template in a string, not a module name
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** True when a specifier reaches into a package's private build folders. */
export function reachesIntoInternals(specifier) {
  const name = packageOf(specifier);
  if (!name) return false;
  const rest = specifier.slice(name.length + 1);
  return /^(?:dist|lib|build|src|cjs|esm)\//.test(rest);
}

function aliasesOf(tsconfig) {
  return Object.keys(tsconfig.compilerOptions?.paths ?? {}).map((alias) => alias.replace(/\/\*$/, ''));
}

/**
 * Checks files ({ path, text }) against a package.json and the path aliases. Returns one line per problem.
 */
export function checkImports(files, pkg, aliases) {
  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
  const devDependencies = new Set(Object.keys(pkg.devDependencies ?? {}));
  const problems = [];
  const used = new Set();
  for (const { path, text } of files) {
    for (const specifier of importsOf(text)) {
      const name = packageOf(specifier);
      if (!name || aliases.some((a) => specifier === a || specifier.startsWith(`${a}/`))) continue;
      used.add(name);
      if (reachesIntoInternals(specifier)) problems.push(`${path}: imports '${specifier}', a private path of ${name} (use what the package exports)`);
      if (!dependencies.has(name) && !devDependencies.has(name)) problems.push(`${path}: imports '${name}', which package.json does not declare`);
      else if (isServerFile(path) && !dependencies.has(name))
        problems.push(`${path}: server code imports '${name}', a devDependency (pruned from the production image)`);
    }
  }
  for (const name of [...dependencies, ...devDependencies]) {
    if (!used.has(name) && !(name in TOOLS))
      problems.push(`package.json declares '${name}', which nothing imports (remove it, or name it in TOOLS with its reason)`);
  }
  return problems;
}

/** The project's own source files, as git tracks them (build output, data and node_modules are never tracked). */
export function projectFiles(root = ROOT) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((path) => SOURCE.test(path) && !path.endsWith('.d.ts'))
    .map((path) => {
      try {
        return { path, text: readFileSync(join(root, path), 'utf8') };
      } catch {
        return undefined; // deleted in the work tree but not yet in git
      }
    })
    .filter(Boolean);
}

export function checkProject(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  return checkImports(projectFiles(root), pkg, aliasesOf(tsconfig));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkProject(process.argv[2] ? resolve(process.argv[2]) : ROOT);
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.stdout.write(problems.length ? `${problems.length} dependency problem(s)\n` : 'every import is declared\n');
  process.exit(problems.length ? 1 : 0);
}
