// Jest's global setup, once per run: the @nestjs/swagger plugin's metadata of the API, which SWC cannot produce,
// generated from the TypeScript sources into tmp/jest/swagger-metadata.ts (loaded by swagger-metadata.setup.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { swaggerMetadataSource } from '../openapi/swagger-metadata.mjs';

export const METADATA_DIR = join(resolve(import.meta.dirname, '../..'), 'tmp', 'jest');

export default function globalSetup() {
  mkdirSync(METADATA_DIR, { recursive: true });
  writeFileSync(join(METADATA_DIR, 'swagger-metadata.ts'), `${swaggerMetadataSource(METADATA_DIR)}\n`);
}
