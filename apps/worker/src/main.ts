import { loadConfigOrExit } from '@shop/config';
import { QUEUES } from '@shop/jobs';
import { WorkerHealthServer } from './health/worker-health.server';
import { createWorker } from './worker.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // enableShutdownHooks closes the BullMQ workers on SIGTERM/SIGINT: the running job finishes first.
  const app = await createWorker(config);
  const port = app.get(WorkerHealthServer).port;
  const health = port === undefined ? '' : `; health on port ${port} (/live, /ready)`;
  process.stdout.write(`Worker running (queues: ${QUEUES.join(', ')})${health}\n`);
}

bootstrap().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Worker failed to start: ${message.split('\n')[0]}\n`);
  process.exit(1);
});
