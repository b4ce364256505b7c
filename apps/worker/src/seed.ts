import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, loadConfigOrExit, type AppConfig } from '@shop/config';
import { DatabaseModule } from '@shop/database';
import { JobsModule } from '@shop/jobs';
import { DemoSeedModule, SeedService } from '@shop/seed';

/** What `npm run seed` boots: the seeder on the database and the queues (its pictures' thumbnails are jobs), no HTTP and no processors. */
@Module({})
class SeedCommandModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: SeedCommandModule, imports: [AppConfigModule.forRoot(config), DatabaseModule, JobsModule, DemoSeedModule] };
  }
}

/**
 * `npm run seed`: fills the configured database (MONGODB_URI) with the demo catalogue, the same seed as the worker's
 * media.demo-catalog job, and exits 0 when the catalogue is complete (or was, or the database is a shop in use that
 * is left alone). A running worker makes the thumbnails; Ctrl-C stops after the current item, and the next run resumes.
 */
async function seed(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(SeedCommandModule.forRoot(config), {
    logger: ['log', 'warn', 'error'],
    abortOnError: false,
  });
  app.enableShutdownHooks();
  const seeder = app.get(SeedService);
  const progress = setInterval(() => {
    const { done, total } = seeder.status();
    process.stdout.write(`seeding demo catalogue: ${done}/${total} items\n`);
  }, 5000);
  const status = await seeder.start();
  clearInterval(progress);
  await app.close();
  process.stdout.write(`demo catalogue: ${status.state} (${status.done}/${status.total} items)\n`);
  process.exit(status.state === 'done' ? 0 : 1);
}

seed().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Seeding failed: ${message.split('\n')[0]}\n`);
  process.exit(1);
});
