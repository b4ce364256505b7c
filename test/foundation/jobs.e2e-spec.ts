import sharp from 'sharp';
import { JobsService } from '@shop/jobs';
import { MediaStorage } from '@shop/media';
import { createAccount } from '../support/accounts';
import { eventually, startTestStack, type TestStack } from '../support/test-stack';

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
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const id = await storage.saveImage(png, 'image/png', 'big.png');
    const jobs = stack.app.get(JobsService);
    await jobs.enqueue('media.thumbnails', { fileId: id }, id);
    const widths = await eventually(async () => {
      const w = await storage.listThumbnailWidths(id);
      return w.length === 4 ? w : undefined;
    }, 20_000, 'four thumbnails');
    expect(widths).toEqual([160, 320, 640, 1280]);
    const thumb = await stack.http().get(`/api/images/${id}?w=320`).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(320);

    await jobs.enqueue('media.thumbnails', { fileId: id }, `${id}-again`);
    await eventually(async () => ((await jobs.queue('media').getJobCounts('completed')).completed >= 2 ? true : undefined), 20_000, 'second run');
    expect(await storage.listThumbnailWidths(id)).toEqual([160, 320, 640, 1280]);
  });

  it('keeps and lists a job that cannot succeed', async () => {
    const jobs = stack.app.get(JobsService);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'x@example.com' }, { jobId: 'broken-1', attempts: 3 });
    const failed = await eventually(async () => (await jobs.listFailed()).find((j) => j.id === 'broken-1'), 15_000, 'the failed job');
    expect(failed).toEqual(expect.objectContaining({ queue: 'mail', name: 'mail.no-such-template', failedReason: 'No handler for job mail.no-such-template' }));
  });

  it('an admin puts a failed job back in its queue (the console\'s Retry button); nothing else can be retried', async () => {
    const jobs = stack.app.get(JobsService);
    const [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'y@example.com' }, { jobId: 'broken-2', attempts: 1 });
    const first = await eventually(async () => (await jobs.listFailed()).find((j) => j.id === 'broken-2'), 15_000, 'the failed job');

    await stack.http().post('/api/admin/jobs/mail/broken-2/retry').set('Authorization', customer.bearer).expect(403);
    const res = await stack.http().post('/api/admin/jobs/mail/broken-2/retry').set('Authorization', admin.bearer).expect(200);
    expect(res.body).toEqual({ message: 'Job queued for retry' });
    // It ran again (and, still without a handler, failed again later than the first time).
    const again = await eventually(async () => {
      const job = (await jobs.listFailed()).find((j) => j.id === 'broken-2');
      return job && (job.finishedOn ?? 0) > (first.finishedOn ?? 0) ? job : undefined;
    }, 15_000, 'the second failure');
    expect(again.attemptsMade).toBe(1);

    await jobs.queue('mail').add('mail.no-such-template', {}, { jobId: 'waiting-1', delay: 60_000 });
    const notFailed = await stack.http().post('/api/admin/jobs/mail/waiting-1/retry').set('Authorization', admin.bearer).expect(409);
    expect(notFailed.body.code).toBe('JOB_NOT_FAILED');
    expect((await stack.http().post('/api/admin/jobs/mail/no-such-job/retry').set('Authorization', admin.bearer).expect(404)).body.code).toBe('JOB_NOT_FOUND');
    await stack.http().post('/api/admin/jobs/nope/broken-2/retry').set('Authorization', admin.bearer).expect(404);
  });
});
