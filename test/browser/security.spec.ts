import { expect, test, type Page } from '@playwright/test';
import { newPage, settled, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';

test.describe.configure({ timeout: 180_000 });

/** Markup that sets window.__xss (or opens a dialog) if a page ever runs it. */
const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  script: '<script>window.__xss=(window.__xss||0)+1</script>',
  svg: '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
};

async function watchForScript(page: Page): Promise<{ dialogs: string[] }> {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** The few browser globals these tests read inside page.evaluate (the test code is compiled without the DOM lib). */
interface PageElement {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
}
interface PageGlobals {
  __xss?: number;
  document: { querySelectorAll(selector: string): ArrayLike<PageElement> };
  localStorage: { getItem(key: string): string | null };
}

/** Attributes in the live DOM that could run script: on* handlers and javascript: URLs. */
function handlerAttributes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('*')).flatMap((el) =>
      Array.from(el.attributes)
        .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
        .map((a) => `${el.tagName}[${a.name}=${a.value}]`),
    ),
  );
}

test.describe('security: the storefront in a browser (built app from dist/web)', () => {
  let bs: BrowserStack;
  let admin: TestAccount;
  let mallory: TestAccount;
  let productId: string;
  let blogId: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
    admin = await createAccount(bs.stack, 'admin');
    mallory = await createAccount(bs.stack, 'customer', { username: 'M <img src=x onerror=alert(1)>' });
    const category = await createCategory(bs.stack, admin, 'Browser XSS');
    productId = (await createProduct(bs.stack, admin, category, { name: 'XSS probe tee', description: `Desc ${PAYLOADS.script}` }))._id;
    await bs.stack
      .http()
      .post(`/api/products/${productId}/reviews`)
      .set('Authorization', mallory.bearer)
      .send({ rating: 5, comment: `Great ${PAYLOADS.img} ${PAYLOADS.script} ${PAYLOADS.svg}` })
      .expect(201);
    blogId = (
      await bs.stack
        .http()
        .post('/api/blogs')
        .set('Authorization', admin.bearer)
        .send({ title: 'XSS probe post', body: `Body ${PAYLOADS.img}\n\n${PAYLOADS.script}\n\n[link](javascript:window.__xss=1)`, published: true })
        .expect(201)
    ).body.id;
    await bs.stack
      .http()
      .post('/api/comments')
      .set('Authorization', mallory.bearer)
      .send({ blog: blogId, text: `Comment ${PAYLOADS.svg} ${PAYLOADS.img}` })
      .expect(201);
  });
  test.afterAll(() => bs?.stop());

  test('a review, its author name and the description holding markup render as inert text on the product page', async () => {
    const { context, page } = await newPage(bs);
    const seen = await watchForScript(page);
    try {
      await page.goto(`/product/${productId}`);
      await page.getByRole('heading', { name: 'Customer reviews' }).waitFor();
      await page.getByText('Great <img src=x onerror=', { exact: false }).first().waitFor();
      // A script made from the markup would have run by the time React has the page and no call is under way.
      await waitForTakeover(page);
      await settled(page);
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__xss)).toBeUndefined();
      expect(seen.dialogs).toEqual([]);
      // the markup is visible as characters, and no element was made from it
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await handlerAttributes(page)).toEqual([]);
      expect(await page.getByText('M <img src=x onerror=alert(1)>', { exact: false }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test('a blog post and a comment holding markup run no script', async () => {
    const { context, page } = await newPage(bs);
    const seen = await watchForScript(page);
    try {
      await page.goto(`/blog/${blogId}`);
      await page.getByText('Comment <svg', { exact: false }).first().waitFor();
      const link = page.getByRole('link', { name: 'link' });
      if (await link.count()) {
        expect(await link.first().getAttribute('href')).not.toMatch(/^javascript:/i);
      }
      await waitForTakeover(page);
      await settled(page);
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__xss)).toBeUndefined();
      expect(seen.dialogs).toEqual([]);
      // the sanitised post may keep a plain <img>, but no element carries an event handler or a javascript: URL
      expect(await handlerAttributes(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const redirect of ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example', 'javascript:alert(1)', '%2F%2Fevil.example'])
    test(`login?redirect=${redirect} does not leave the site after signing in`, async () => {
      const { context, page } = await newPage(bs);
      const seen = await watchForScript(page);
      try {
        const customer = await createAccount(bs.stack);
        await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
        await page.getByLabel('Email address').fill(customer.email);
        await page.getByLabel('Password').first().fill(customer.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForFunction(() => (globalThis as unknown as PageGlobals).localStorage.getItem('userInfo') !== null);
        // Signed in, the page goes where it is sent, once: an unsafe target is replaced by the spec's default (/login,
        // without the parameter). Wait until the address has dropped the parameter, then look where it is.
        await page.waitForURL((u) => !u.searchParams.has('redirect'));
        await settled(page);
        const url = new URL(page.url());
        expect(url.origin).toBe(bs.baseUrl);
        expect(url.pathname.startsWith('//')).toBe(false);
        expect(seen.dialogs).toEqual([]);
      } finally {
        await context.close();
      }
    });

  test('control: a same-site redirect is followed after signing in', async () => {
    const { context, page } = await newPage(bs);
    try {
      const customer = await createAccount(bs.stack);
      await page.goto('/login?redirect=%2Ffavorites');
      await page.getByLabel('Email address').fill(customer.email);
      await page.getByLabel('Password').first().fill(customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((u) => u.pathname === '/favorites');
      expect(new URL(page.url()).origin).toBe(bs.baseUrl);
    } finally {
      await context.close();
    }
  });
});
