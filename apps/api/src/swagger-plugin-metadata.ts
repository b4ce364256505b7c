import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SwaggerModule } from '@nestjs/swagger';

type PluginMetadata = () => Promise<Record<string, unknown>>;

/**
 * The SWC build (tools/build-server.mjs) cannot run the @nestjs/swagger CLI plugin, so it writes the plugin's
 * metadata (property types, route return types) as swagger-metadata.js beside main.js. This loads it before an
 * OpenAPI document is built. A tsc or ts-jest build has the metadata inlined by the plugin and no such file, or
 * an older one left by an earlier SWC build (older than main.js), which is ignored.
 */
export async function loadSwaggerPluginMetadata(dir: string = __dirname): Promise<boolean> {
  const file = join(dir, 'swagger-metadata.js');
  const main = join(dir, 'main.js');
  if (!existsSync(file) || (existsSync(main) && statSync(file).mtimeMs < statSync(main).mtimeMs)) return false;
  const metadata = (await import(file)) as { default: PluginMetadata };
  await SwaggerModule.loadPluginMetadata(metadata.default);
  return true;
}
