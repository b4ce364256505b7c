/**
 * The browser tier's global setup, once per run: the demo catalogue seeded by the built shop (with its worker, so
 * every thumbnail job has run) into SEED_SNAPSHOT; each stack that asks for the demo starts on a copy of it.
 */
import { rmSync } from 'node:fs';
import type { JobsService as JobsServiceType } from '@shop/jobs';
import type { SeedService as SeedServiceType } from '../../libs/seed/src/seed.service';
import { until } from '../support/polling';
import { fromApiBuild, SEED_SNAPSHOT, startBuiltStack } from './built-stack';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  rmSync(SEED_SNAPSHOT, { recursive: true, force: true });
  const stack = await startBuiltStack({ worker: true, dbPath: SEED_SNAPSHOT, env: { SEED_DEMO: 'true' } });
  try {
    const { SeedService } = fromApiBuild<{ SeedService: typeof SeedServiceType }>('libs/seed/src/seed.service');
    const { JobsService } = fromApiBuild<{ JobsService: typeof JobsServiceType }>('libs/jobs/src/index');
    const status = await stack.app.get(SeedService).settled();
    if (status.state !== 'done') throw new Error(`the demo seed ended ${status.state} (${status.done}/${status.total})`);
    const media = stack.app.get(JobsService).queue('media');
    await until(async () => {
      const counts = await media.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      return Object.values(counts).every((n) => n === 0) ? true : undefined;
    }, 120_000, 'the demo thumbnails');
  } finally {
    await stack.stop();
  }
  process.stdout.write(`demo catalogue seeded once for the browser tier in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
