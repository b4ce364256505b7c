import { loadConfigOrExit } from '@shop/config';
import { createApiApp } from './app.setup';
import { loadSwaggerPluginMetadata } from './swagger-plugin-metadata';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  await loadSwaggerPluginMetadata();
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  process.stdout.write(`API listening on ${config.publicUrl} (docs ${config.publicUrl}/api/docs)\n`);
}

bootstrap().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`API failed to start: ${message.split('\n')[0]}\n`);
  process.exit(1);
});
