import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SwaggerModule } from '@nestjs/swagger';

type PluginMetadata = () => Promise<Record<string, unknown>>;

/**
 * The SWC build (tools/build-server.mjs, used by npm start, npm run build and npm run openapi) cannot run the
 * @nestjs/swagger CLI plugin, so it writes the plugin's metadata (property types, route return types) as
 * swagger-metadata.js beside main.js. This loads it before an OpenAPI document is built. Under ts-jest the plugin
 * inlines the metadata and there is no such file: the drift test (openapi.spec.ts) thereby checks that both ways
 * give the committed openapi.json.
 */
export async function loadSwaggerPluginMetadata(dir: string = __dirname): Promise<boolean> {
  const file = join(dir, 'swagger-metadata.js');
  if (!existsSync(file)) return false;
  const metadata = (await import(file)) as { default: PluginMetadata };
  await SwaggerModule.loadPluginMetadata(metadata.default);
  return true;
}
