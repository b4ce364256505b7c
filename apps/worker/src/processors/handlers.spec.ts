import { PROCESSOR_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { JOB_NAMES, JOB_QUEUE } from '@shop/jobs';
import type { MailService } from '@shop/mail';
import type { ThumbnailService } from '@shop/media';
import { PROCESSORS } from '../worker.module';
import { MailProcessor } from './mail.processor';
import { MediaProcessor } from './media.processor';

// The processors only keep references to their services when built; nothing here sends or stores.
const instances = [new MailProcessor({} as MailService), new MediaProcessor({} as ThumbnailService)];

describe('job handlers', () => {
  it('registers every processor class in the worker', () => {
    expect(PROCESSORS).toEqual(instances.map((p) => p.constructor));
  });

  it.each(JOB_NAMES)('%s has exactly one handler, on the queue that carries it', (name) => {
    const owners = instances.filter((p) => Object.prototype.hasOwnProperty.call(p.handlers, name));
    expect(owners).toHaveLength(1);
    const queue = Reflect.getMetadata(PROCESSOR_METADATA, owners[0].constructor) as { name: string } | undefined;
    expect(queue?.name).toBe(JOB_QUEUE[name]);
  });

  it('has no handler for a job name that does not exist', () => {
    const known = new Set<string>(JOB_NAMES);
    for (const p of instances) for (const name of Object.keys(p.handlers)) expect(known.has(name)).toBe(true);
  });
});
