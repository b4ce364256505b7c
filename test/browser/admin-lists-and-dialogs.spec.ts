/**
 * The console's lists and dialogs in Chromium: the storefront's theme kept apart from the console's, confirmations
 * before deleting, lists that fit a phone and page past 100, sorting, a session that expires during a save, and a
 * coupon's end date checked at the field (found as defects 5 to 11d of issue #23). Runs against the built console
 * (dist/web/admin) and storefront (dist/web).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, createCategory } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 180_000 });

/** The page's globals, typed here because the server tsconfig has no DOM lib. */
interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void; getItem(key: string): string | null };
  document: { documentElement: { scrollWidth: number; classList: { contains(name: string): boolean } }; body: unknown };
  getComputedStyle(element: unknown): { backgroundColor: string };
}

test.describe("the console's lists, dialogs, sorting and sessions, in the browser", () => {
  let stack: TestStack;
  let db: Connection;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let customer: TestAccount;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser, {}, { storefront: true });
    ({ stack, browser, base } = running);
    db = stack.app.get<Connection>(getConnectionToken());
    admin = await createAccount(stack, 'admin');
    customer = await createAccount(stack, 'customer');
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  /** A context signed in as `account` with the storefront's storage keys; `storage` seeds other keys once. */
  async function signedIn(
    account: TestAccount,
    options: { width?: number; colorScheme?: 'light' | 'dark'; storage?: Record<string, string> } = {},
  ): Promise<{ context: BrowserContext; page: Page; token: string }> {
    const session = await consoleSession(browser, stack, account, { ...options, timeout: 30_000 });
    session.page.setDefaultNavigationTimeout(60_000);
    return session;
  }

  /** Fails on any API answer of 400 or more while `run` goes on. */
  async function withoutApiErrors(page: Page, run: () => Promise<void>): Promise<void> {
    const failures: string[] = [];
    const listener = (r: { status(): number; url(): string }) => {
      if (r.status() >= 400 && r.url().includes('/api/')) failures.push(`${r.status()} ${r.url()}`);
    };
    page.on('response', listener);
    try {
      await run();
    } finally {
      page.off('response', listener);
    }
    expect(failures).toEqual([]);
  }

  const storedItem = (page: Page, key: string) => page.evaluate((k) => (globalThis as unknown as PageGlobals).localStorage.getItem(k), key);

  async function createBlog(title: string, published = true): Promise<string> {
    const res = await stack
      .http()
      .post('/api/blogs')
      .set('Authorization', admin.bearer)
      .send({ title, body: `${title}: a post for the console tests.`, published })
      .expect(201);
    return res.body._id as string;
  }

  async function addComment(blog: string, text: string): Promise<string> {
    const res = await stack.http().post('/api/comments').set('Authorization', customer.bearer).send({ blog, text }).expect(201);
    return res.body._id as string;
  }

  test('opening the console with the OS in light mode keeps the storefront dark; only the console toggle changes it', async () => {
    const { context, page } = await signedIn(admin, { colorScheme: 'light', storage: { darkMode: 'true' } });
    await page.goto(`${base}/admin`);
    const toggle = page.getByRole('button', { name: 'Toggle Theme' });
    await toggle.waitFor();
    await page
      .getByRole('menuitem', { name: /Dashboard/ })
      .first()
      .waitFor();
    // As found: the theme sync wrote react-admin's light default (from the OS) into darkMode.
    expect(await storedItem(page, 'darkMode')).toBe('true');
    // The console itself shows the storefront's mode: dark.
    const background = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).getComputedStyle((globalThis as unknown as PageGlobals).document.body).backgroundColor,
    );
    const [r, g, b] = (background.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    expect(r + g + b).toBeLessThan(3 * 80);

    await page.goto(`${base}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.documentElement.classList.contains('dark'));
    expect(await storedItem(page, 'darkMode')).toBe('true');

    // An explicit toggle in the console is the one thing that writes it.
    await page.goto(`${base}/admin`);
    await page.getByRole('button', { name: 'Toggle Theme' }).click();
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).localStorage.getItem('darkMode') === 'false');
    await page.goto(`${base}/`);
    await page.waitForFunction(() => !(globalThis as unknown as PageGlobals).document.documentElement.classList.contains('dark'));
    await context.close();
  });

  test('deleting a category asks for confirmation first; cancel keeps it, confirm deletes it', async () => {
    const name = `Doomed ${Date.now() % 100000}`;
    const id = await createCategory(stack, admin, name);
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/categorylist`);
    await page.getByPlaceholder('Search').fill(name);
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete category "${name}"?` });
    await confirm.waitFor();
    // As found, one click deleted it: it must still be there while the question is open.
    await stack.http().get(`/api/category/${id}`).expect(200);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await stack.http().get(`/api/category/${id}`).expect(200);

    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${name} is deleted.`).waitFor();
    await stack.http().get(`/api/category/${id}`).expect(404);
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  test("deleting a comment asks for confirmation first, from the Comments list and from the post's page", async () => {
    const title = `Confirm post ${Date.now() % 100000}`;
    const blog = await createBlog(title);
    const first = await addComment(blog, 'Please keep me for now');
    const second = await addComment(blog, 'Delete me from the post page');
    const commentIds = async () =>
      (await stack.http().get('/api/comments').query({ blog }).expect(200)).body.map((c: { _id: string }) => c._id) as string[];

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/comments`);
    await page.getByText('Choose a post to see its comments.').waitFor();
    await page.getByLabel('Post').fill(title);
    await page.getByRole('option', { name: title }).click();
    const row = page.getByRole('row').filter({ hasText: 'Please keep me for now' });
    await row.getByRole('button', { name: 'Delete comment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
    await confirm.waitFor();
    expect(await commentIds()).toContain(first);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await commentIds()).toContain(first);
    await row.getByRole('button', { name: 'Delete comment' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Comment deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await commentIds()).toEqual([second]);

    await page.goto(`${base}/admin/blogs/${blog}`);
    const onPost = page.getByRole('row').filter({ hasText: 'Delete me from the post page' });
    await onPost.getByRole('button', { name: 'Delete comment' }).click();
    await confirm.waitFor();
    expect(await commentIds()).toEqual([second]);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // The notice comes once the API has answered the delete; the row alone can vanish earlier, while the post's
    // comments are fetched again.
    await page.getByText('Comment deleted').waitFor();
    await onPost.waitFor({ state: 'detached' });
    expect(await commentIds()).toEqual([]);
    await context.close();
  });

  test('at 390 px the categories, comments, coupons, blog posts, contact messages and subscribers lists fit the screen', async () => {
    const stamp = Date.now() % 100000;
    await createCategory(stack, admin, `Narrow screen category ${stamp}`);
    const blog = await createBlog(`A post with a rather long title to show on a narrow phone screen ${stamp}`);
    await addComment(blog, `A comment long enough to wrap on a phone: ${'words and more words '.repeat(4)}`);
    await stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code: `NARROW${stamp}`, type: 'percent', value: 15, minSubtotal: 40 })
      .expect(201);
    await stack
      .http()
      .post('/api/contact')
      .send({
        name: 'Nora Narrow',
        email: `nora.narrow.${stamp}@example.com`,
        subject: 'Where is my parcel, it has been a while now?',
        message: 'Hello, '.repeat(40),
      })
      .expect(201);
    await stack
      .http()
      .post('/api/newsletter/subscribe')
      .send({ email: `a.rather.long.subscriber.address.${stamp}@example.com` })
      .expect(201);

    const { context, page } = await signedIn(admin, { width: 390 });
    const screens: Array<{ path: string; shows: string }> = [
      { path: '/admin/categorylist', shows: `Narrow screen category ${stamp}` },
      { path: `/admin/comments?filter=${encodeURIComponent(JSON.stringify({ blog }))}`, shows: 'A comment long enough to wrap on a phone' },
      { path: '/admin/coupons', shows: `NARROW${stamp}` },
      { path: '/admin/blogs', shows: `A post with a rather long title to show on a narrow phone screen ${stamp}` },
      { path: '/admin/contact', shows: 'Where is my parcel, it has been a while now?' },
      { path: '/admin/subscribers', shows: `a.rather.long.subscriber.address.${stamp}@example.com` },
    ];
    const widths: Record<string, number> = {};
    for (const screen of screens) {
      await page.goto(`${base}${screen.path}`);
      await page.getByText(screen.shows).first().waitFor();
      widths[screen.path] = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    }
    expect(widths).toEqual(Object.fromEntries(screens.map((s) => [s.path, expect.any(Number)])));
    for (const [path, width] of Object.entries(widths)) expect({ path, width: Math.min(width, 390) }).toEqual({ path, width });
    await context.close();
  });

  test('the categories and comments lists page past 100, and the post picker finds a post beyond the first 100', async () => {
    const now = Date.now();
    // 130 categories, cheaply, straight into the database ("zz" sorts them last by name).
    await db.collection('categories').insertMany(
      Array.from({ length: 130 }, (_, i) => {
        const name = `zz paging ${String(i).padStart(3, '0')}`;
        return { _id: new Types.ObjectId(), name, nameKey: name, slug: name.replace(/ /g, '-'), createdAt: new Date(now), updatedAt: new Date(now) };
      }),
    );
    const total = await db.collection('categories').countDocuments({});
    expect(total).toBeGreaterThan(130);

    const postTitle = `Oldest paging post ${now % 100000}`;
    const blog = await createBlog(postTitle);
    const template = await db.collection('blogs').findOne({ _id: new Types.ObjectId(blog) });
    // 110 newer posts: the picker used to offer the newest 100 only.
    await db.collection('blogs').insertMany(
      Array.from({ length: 110 }, (_, i) => ({
        ...template,
        _id: new Types.ObjectId(),
        title: `Newer post ${i}`,
        slug: `newer-post-${now}-${i}`,
        createdAt: new Date(now + (i + 1) * 1000),
        publishedAt: new Date(now + (i + 1) * 1000),
      })),
    );
    const user = new Types.ObjectId(customer.id);
    await db.collection('comments').insertMany(
      Array.from({ length: 130 }, (_, i) => ({
        _id: new Types.ObjectId(),
        blog: new Types.ObjectId(blog),
        user,
        username: customer.username,
        text: `Paging comment ${String(i).padStart(3, '0')}`,
        createdAt: new Date(now - i * 1000),
        updatedAt: new Date(now - i * 1000),
      })),
    );

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/categorylist`);
    await page.getByText(`1-25 of ${total}`).waitFor();
    const lastPage = Math.ceil(total / 25);
    await page.getByRole('button', { name: `Go to page ${lastPage}`, exact: true }).click();
    await page.getByRole('button', { name: 'zz paging 129', exact: true }).waitFor();
    await page.getByText(`${(lastPage - 1) * 25 + 1}-${total} of ${total}`).waitFor();
    expect(page.url()).toContain(`page=${lastPage}`);

    await page.goto(`${base}/admin/comments`);
    await page.getByLabel('Post').fill(postTitle);
    await page.getByRole('option', { name: postTitle }).click();
    await page.getByText('1-25 of 130').waitFor();
    await page.getByText('Paging comment 000').waitFor();
    await page.getByRole('button', { name: 'Go to page 6', exact: true }).click();
    await page.getByText('126-130 of 130').waitFor();
    await page.getByText('Paging comment 129').waitFor();
    await context.close();
  });

  test('a 401 during a save says the session expired, keeps the edit, and saves after signing in again', async () => {
    const created = await stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code: `KEEP${Date.now() % 100000}`, type: 'percent', value: 5 })
      .expect(201);
    const id = created.body._id as string;
    const { context, page, token } = await signedIn(admin);
    await page.goto(`${base}/admin/coupons/${id}`);
    const description = page.getByLabel('Description');
    await description.waitFor();
    await description.fill('Spring sale: five percent off everything');
    // The session ends on the server mid-edit (token revoked): the next call answers 401.
    await stack.http().post('/api/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await dialog.getByText('Your session has expired. Sign in again to continue.').waitFor();
    // As found, the console left for /login and the edit was gone.
    expect(new URL(page.url()).pathname).toBe(`/admin/coupons/${id}`);
    expect(await description.inputValue()).toBe('Spring sale: five percent off everything');
    expect((await stack.http().get(`/api/coupons/${id}`).set('Authorization', admin.bearer).expect(200)).body.description ?? '').not.toContain(
      'Spring sale',
    );

    expect(await dialog.getByLabel('Email').inputValue()).toBe(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await description.inputValue()).toBe('Spring sale: five percent off everything');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${base}/admin/coupons`);
    const saved = await stack.http().get(`/api/coupons/${id}`).set('Authorization', admin.bearer).expect(200);
    expect(saved.body.description).toBe('Spring sale: five percent off everything');
    await context.close();
  });

  test('sorting the blog list by Published works both ways, with no 400 and no stuck sort', async () => {
    const stamp = Date.now() % 100000;
    await createBlog(`Sortable draft ${stamp}`, false);
    await createBlog(`Sortable published ${stamp}`, true);
    const { context, page } = await signedIn(admin);
    // Just these two posts (the search box's filter), whatever other tests left.
    await page.goto(`${base}/admin/blogs?filter=${encodeURIComponent(JSON.stringify({ q: `Sortable` }))}`);
    await page.getByText(`Sortable draft ${stamp}`).waitFor();
    // The Published column's sort label ("Sort by published ascending", not "… published at …").
    const header = page.getByRole('button', { name: /^Sort by published (ascending|descending)$/i });
    // The list keeps showing the previous rows while the sorted ones load, so each step waits for the
    // first row the URL's order calls for: ascending puts drafts (false) first, descending published ones.
    const expectedFirst = (order: string | null) => (order === 'ASC' ? 'Draft' : 'Published');
    const firstRowShows = (status: string) =>
      page.waitForFunction(
        (want) =>
          (globalThis as unknown as { document: { querySelector(s: string): { innerText: string } | null } }).document.querySelector(
            'tbody tr td:nth-child(4)',
          )?.innerText === want,
        status,
      );
    await withoutApiErrors(page, async () => {
      await header.click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'published' && url.searchParams.get('order') !== null);
      const order1 = new URL(page.url()).searchParams.get('order');
      await firstRowShows(expectedFirst(order1));
      await header.click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'published' && url.searchParams.get('order') !== order1);
      const order2 = new URL(page.url()).searchParams.get('order');
      expect(new Set([order1, order2])).toEqual(new Set(['ASC', 'DESC']));
      await firstRowShows(expectedFirst(order2));
    });
    // Reloading keeps a working sort (the bad one used to be remembered and broke the list).
    await withoutApiErrors(page, async () => {
      await page.reload();
      await page.getByText(`Sortable draft ${stamp}`).waitFor();
      await page.getByText(`Sortable published ${stamp}`).waitFor();
    });
    await context.close();
  });

  test("a coupon with a past end date shows 'The end date must be in the future' at the field and saves nothing", async () => {
    const code = `PAST${Date.now() % 100000}`;
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/coupons/create`);
    await page.getByLabel('Code').fill(code);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Percent off' }).click();
    await page.getByLabel('Value').fill('10');
    await page.getByLabel('End date').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Save' }).click();
    // At the field: its helper text under "End date".
    const field = page.locator('.ra-input-endsAt');
    await field.getByText('The end date must be in the future').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/coupons/create');
    const coupons = await stack
      .http()
      .get('/api/coupons')
      .query({ filter: JSON.stringify({ q: code }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(coupons.body).toEqual([]);
    await context.close();
  });
});
