import { loadConfigOrExit } from '@shop/config';
import { createWorker } from './worker.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // enableShutdownHooks closes the BullMQ workers on SIGTERM/SIGINT: the running job finishes first.
  await createWorker(config);
  process.stdout.write('Worker running (queues: mail, media)\n');
}

bootstrap().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Worker failed to start: ${message.split('\n')[0]}\n`);
  process.exit(1);
});
