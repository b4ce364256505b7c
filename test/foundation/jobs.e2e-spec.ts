import { Logger } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { GridFSBucket, ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import { JobsService, QUEUES } from '@shop/jobs';
import { MediaStorage } from '@shop/media';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('background jobs', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('the media job writes the four WebP thumbnails, and running it twice adds none', async () => {
    const storage = stack.app.get(MediaStorage);
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const id = await storage.saveImage(png, 'image/png', 'big.png');
    const jobs = stack.app.get(JobsService);
    await jobs.enqueue('media.thumbnails', { fileId: id }, id);
    const widths = await until(
      async () => {
        const w = await storage.listThumbnailWidths(id);
        return w.length === 4 ? w : undefined;
      },
      20_000,
      'four thumbnails',
    );
    expect(widths).toEqual([160, 320, 640, 1280]);
    const thumb = await stack.http().get(`/api/images/${id}?w=320`).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(320);

    await jobs.enqueue('media.thumbnails', { fileId: id }, `${id}-again`);
    await until(async () => ((await jobs.queue('media').getJobCounts('completed')).completed >= 2 ? true : undefined), 20_000, 'second run');
    expect(await storage.listThumbnailWidths(id)).toEqual([160, 320, 640, 1280]);
  });

  it('keeps and lists a job that cannot succeed', async () => {
    const jobs = stack.app.get(JobsService);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'x@example.com' }, { jobId: 'broken-1', attempts: 3 });
    const failed = await until(async () => (await jobs.listFailed()).find((j) => j.id === 'broken-1'), 15_000, 'the failed job');
    expect(failed).toEqual(
      expect.objectContaining({ queue: 'mail', name: 'mail.no-such-template', failedReason: 'No handler for job mail.no-such-template' }),
    );
  });

  it("an admin puts a failed job back in its queue (the console's Retry button); nothing else can be retried", async () => {
    const jobs = stack.app.get(JobsService);
    const [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'y@example.com' }, { jobId: 'broken-2', attempts: 1 });
    const first = await until(async () => (await jobs.listFailed()).find((j) => j.id === 'broken-2'), 15_000, 'the failed job');

    await stack.http().post('/api/admin/jobs/mail/broken-2/retry').set('Authorization', customer.bearer).expect(403);
    const res = await stack.http().post('/api/admin/jobs/mail/broken-2/retry').set('Authorization', admin.bearer).expect(200);
    expect(res.body).toEqual({ message: 'Job queued for retry' });
    // It ran again (and, still without a handler, failed again later than the first time).
    const again = await until(
      async () => {
        const job = (await jobs.listFailed()).find((j) => j.id === 'broken-2');
        return job && (job.finishedOn ?? 0) > (first.finishedOn ?? 0) ? job : undefined;
      },
      15_000,
      'the second failure',
    );
    expect(again.attemptsMade).toBe(1);

    await jobs.queue('mail').add('mail.no-such-template', {}, { jobId: 'waiting-1', delay: 60_000 });
    const notFailed = await stack.http().post('/api/admin/jobs/mail/waiting-1/retry').set('Authorization', admin.bearer).expect(409);
    expect(notFailed.body.code).toBe('JOB_NOT_FAILED');
    expect((await stack.http().post('/api/admin/jobs/mail/no-such-job/retry').set('Authorization', admin.bearer).expect(404)).body.code).toBe(
      'JOB_NOT_FOUND',
    );
    expect((await stack.http().post('/api/admin/jobs/nope/broken-2/retry').set('Authorization', admin.bearer).expect(404)).body.code).toBe(
      'JOB_NOT_FOUND',
    );
  });

  it('a failed attempt is logged with its fields, the exhausted job shows in Failed Jobs, and retrying it from there succeeds', async () => {
    const jobs = stack.app.get(JobsService);
    const admin = await createAccount(stack, 'admin');
    // The image's bytes are not an image: every attempt fails in sharp. Written straight into GridFS (as a file
    // stored before uploads were checked would be), so that it can be mended under the same id afterwards.
    const bucket = new GridFSBucket(stack.app.get<Connection>(getConnectionToken()).db!, { bucketName: 'images' });
    const fileId = new ObjectId();
    const store = (bytes: Buffer) =>
      new Promise<void>((resolve, reject) =>
        bucket
          .openUploadStreamWithId(fileId, 'photo.png', { metadata: { contentType: 'image/png' } })
          .once('finish', () => resolve())
          .once('error', reject)
          .end(bytes),
      );
    await store(Buffer.from('not an image at all, only text'));

    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    const jobId = `thumbs-${fileId.toHexString()}`;
    const linesOf = (spy: jest.SpyInstance) => spy.mock.calls.filter(([fields]) => (fields as { jobId?: string } | undefined)?.jobId === jobId);
    try {
      await jobs
        .queue('media')
        .add('media.thumbnails', { fileId: fileId.toHexString() }, { jobId, attempts: 2, backoff: { type: 'fixed', delay: 50 } });

      // In Failed Jobs, through the API the console uses.
      const failed = await until(
        async () => {
          const res = await stack.http().get('/api/admin/jobs/failed').set('Authorization', admin.bearer).expect(200);
          return (res.body as { id: string }[]).find((j) => j.id === jobId);
        },
        20_000,
        'the job in Failed Jobs',
      );
      expect(failed).toEqual(
        expect.objectContaining({
          queue: 'media',
          name: 'media.thumbnails',
          attemptsMade: 2,
          failedReason: expect.stringMatching(/unsupported image format/i),
        }),
      );

      // The worker's log: a warning for the first attempt (BullMQ tries again), an error for the last.
      const [[retryable, retryableText]] = linesOf(warn);
      expect(retryable).toEqual({
        queue: 'media',
        job: 'media.thumbnails',
        jobId,
        attempt: 1,
        attempts: 2,
        willRetry: true,
        error: expect.stringMatching(/unsupported image format/i),
      });
      expect(retryableText).toMatch(new RegExp(`^media job media\\.thumbnails ${jobId} failed \\(attempt 1/2, will retry\\): `));
      const [[exhausted, exhaustedText]] = linesOf(error);
      expect(exhausted).toEqual({
        queue: 'media',
        job: 'media.thumbnails',
        jobId,
        attempt: 2,
        attempts: 2,
        willRetry: false,
        error: expect.stringMatching(/unsupported image format/i),
      });
      expect(exhaustedText).toMatch(/\(attempt 2\/2, no retry left\)/);
      expect(linesOf(warn)).toHaveLength(1);
      expect(linesOf(error)).toHaveLength(1);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }

    // The image is mended (same id), and the console's Retry runs the job again: it completes.
    await bucket.delete(fileId);
    await store(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa3366' } })
        .png()
        .toBuffer(),
    );
    await stack.http().post(`/api/admin/jobs/media/${jobId}/retry`).set('Authorization', admin.bearer).expect(200);
    await until(
      async () => ((await (await jobs.queue('media').getJob(jobId))?.getState()) === 'completed' ? true : undefined),
      20_000,
      'the retried job to complete',
    );
    expect(await stack.app.get(MediaStorage).listThumbnailWidths(fileId.toHexString())).toEqual([160, 320, 640, 1280]);
    const after = await stack.http().get('/api/admin/jobs/failed').set('Authorization', admin.bearer).expect(200);
    expect((after.body as { id: string }[]).map((j) => j.id)).not.toContain(jobId);
  });

  it('Failed Jobs lists the failed jobs of every queue', async () => {
    const jobs = stack.app.get(JobsService);
    const admin = await createAccount(stack, 'admin');
    for (const queue of QUEUES) await jobs.queue(queue).add(`${queue}.no-such-job`, {}, { jobId: `every-${queue}`, attempts: 1 });
    const listed = await until(
      async () => {
        const res = await stack.http().get('/api/admin/jobs/failed').set('Authorization', admin.bearer).expect(200);
        const ours = (res.body as { id: string; queue: string }[]).filter((j) => j.id.startsWith('every-'));
        return ours.length === QUEUES.length ? ours : undefined;
      },
      20_000,
      'a failed job of every queue',
    );
    expect(listed.map((j) => j.queue).sort()).toEqual([...QUEUES].sort());
  });
});
