/**
 * The browser tier's global setup, once per run: the demo catalogue seeded by the built shop (its worker runs the
 * seed job and every thumbnail job) into SEED_SNAPSHOT; each stack that asks for the demo starts on a copy of it.
 */
import { rmSync } from 'node:fs';
import type { JobsService as JobsServiceType } from '@shop/jobs';
import type { SeedStatus } from '../../libs/seed/src/seed.service';
import { until } from '../support/polling';
import { fromApiBuild, SEED_SNAPSHOT, startBuiltStack } from './built-stack';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  rmSync(SEED_SNAPSHOT, { recursive: true, force: true });
  const stack = await startBuiltStack({ worker: true, dbPath: SEED_SNAPSHOT, env: { SEED_DEMO: 'true' } });
  try {
    const { JobsService } = fromApiBuild<{ JobsService: typeof JobsServiceType }>('libs/jobs/src/index');
    // The worker's media.demo-catalog job fills it; the API says how far (and whether it failed).
    const status = await until(
      async () => {
        const answer = (await stack.http().get('/api/seed/status')).body as SeedStatus;
        return answer.state === 'seeding' ? undefined : answer;
      },
      180_000,
      'the demo seed job',
    );
    if (status.state !== 'done') throw new Error(`the demo seed ended ${status.state} (${status.done}/${status.total})`);
    const media = stack.app.get(JobsService).queue('media');
    await until(
      async () => {
        const counts = await media.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        return Object.values(counts).every((n) => n === 0) ? true : undefined;
      },
      120_000,
      'the demo thumbnails',
    );
  } finally {
    await stack.stop();
  }
  process.stdout.write(`demo catalogue seeded once for the browser tier in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
