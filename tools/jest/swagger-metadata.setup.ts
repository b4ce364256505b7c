import { join } from 'node:path';
import { SwaggerModule } from '@nestjs/swagger';

/**
 * setupFilesAfterEnv of the projects that build OpenAPI documents: loads the swagger plugin's metadata that the global
 * setup generated (tools/jest/global-setup.mjs) into this test file's own DTO classes, before its app boots.
 */
beforeAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- generated per run, outside the sources
  const metadata = require(join(__dirname, '../../tmp/jest/swagger-metadata.ts')) as { default: () => Promise<Record<string, unknown>> };
  await SwaggerModule.loadPluginMetadata(metadata.default);
});
