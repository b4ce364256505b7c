/**
 * The console's Failed Jobs page and Bull Board in Chromium: the failed job is listed, its Retry works, and the
 * page's link opens the board (served by the API for admins, signed in by the session cookie) with every queue,
 * nothing refused by the CSP and nothing fetched from another origin. Needs the built console (dist/web/admin).
 */
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { JobsService as JobsServiceType, QUEUES as QueueNames } from '@shop/jobs';
import { createAccount, type TestAccount } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { listen } from './browser-support';
import { fromApiBuild, startBuiltStack, WEB_DIST } from './built-stack';

test.describe.configure({ timeout: 120_000 });

const { JobsService, QUEUES } = fromApiBuild<{ JobsService: typeof JobsServiceType; QUEUES: typeof QueueNames }>('libs/jobs/src/index');

test.describe('Failed Jobs and Bull Board in the browser', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let admin: TestAccount;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    if (!existsSync(join(WEB_DIST, 'admin', 'index.html'))) throw new Error('dist/web/admin is not built: run `npm run build` first');
    stack = await startBuiltStack({ worker: true });
    base = await listen(stack);
    browser = workerBrowser;
    admin = await createAccount(stack, 'admin');
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  /** What goes wrong in the context's pages from now on: CSP refusals, script errors, requests to anything but the shop. */
  function watch(context: BrowserContext): string[] {
    const problems: string[] = [];
    context.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    context.on('weberror', (e) => problems.push(`page error: ${e.error().message}`));
    context.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`external request: ${r.url()}`);
    });
    return problems;
  }

  test('an admin sees the failed job, retries it, and opens Bull Board from the page with every queue and no CSP refusal', async () => {
    const jobs = stack.app.get(JobsService);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'b@example.com' }, { jobId: 'browser-broken-1', attempts: 1 });
    await until(async () => (await jobs.listFailed()).find((j) => j.id === 'browser-broken-1'), 15_000, 'the failed job');

    // Signed in as the storefront does it: the session in localStorage for the console, the httpOnly cookie for the board.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await stack.http().post('/api/users/auth').send({ email: admin.email, password: admin.password }).expect(200);
    const { token, expiresAt, ...user } = login.body as Record<string, unknown> & { token: string; expiresAt: string };
    await context.addCookies([{ name: 'jwt', value: token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    await context.addInitScript(
      ({ token, user, expirationTime }) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        storage.setItem('token', token);
        storage.setItem('userInfo', user);
        storage.setItem('expirationTime', expirationTime);
      },
      { token, user: JSON.stringify(user), expirationTime: String(Date.parse(expiresAt)) },
    );
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${base}/admin/queues`);
    await page.getByRole('heading', { name: 'Failed Jobs', level: 1 }).waitFor();
    await page.getByText('browser-broken-1').waitFor();
    const before = (await jobs.listFailed()).find((j) => j.id === 'browser-broken-1');
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await page.getByText('Job mail.no-such-template queued again').waitFor();
    // Retried: it ran again (and, with no handler, failed again, later).
    await until(
      async () => {
        const job = (await jobs.listFailed()).find((j) => j.id === 'browser-broken-1');
        return job && (job.finishedOn ?? 0) > (before?.finishedOn ?? 0) ? true : undefined;
      },
      15_000,
      'the retried job to run again',
    );

    const link = page.getByRole('link', { name: 'All queues in Bull Board' });
    expect(await link.getAttribute('href')).toBe('/api/admin/queues');
    const problems = watch(context);
    const [board] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await board.waitForLoadState('domcontentloaded');
    expect(board.url()).toBe(`${base}/api/admin/queues`);
    for (const queue of QUEUES) await board.getByText(queue, { exact: true }).first().waitFor();
    await board.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a guest who opens the board gets the API's 401, not the board", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${base}/api/admin/queues`);
    expect(res?.status()).toBe(401);
    expect(await page.content()).toContain('NOT_AUTHENTICATED');
    await page.close();
  });
});
