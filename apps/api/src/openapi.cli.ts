import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApiDocument, serializeOpenApi } from './openapi.document';

// `npm run openapi`: regenerates openapi.json at the repository root from the built API.
generateOpenApiDocument()
  .then((document) => {
    const file = resolve(process.cwd(), 'openapi.json');
    writeFileSync(file, serializeOpenApi(document));
    process.stdout.write(`wrote ${file} (${Object.keys(document.paths).length} paths)\n`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    process.stderr.write(`openapi generation failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
