import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import type { DEMO_ACCOUNTS as DemoAccounts } from '../../libs/seed/src/seed.service';
import { createAccount, ADDRESS } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import {
  expectToast,
  newPage,
  settled,
  signInByStorage,
  snap,
  startBrowserStack,
  trackRequests,
  waitForTakeover,
  type BrowserStack,
} from './browser-support';
import { fromApiBuild } from './built-stack';

const { DEMO_ACCOUNTS } = fromApiBuild<{ DEMO_ACCOUNTS: typeof DemoAccounts }>('libs/seed/src/seed.service');

// Globals of the page, for the callbacks run inside it (this program has no DOM lib).
declare const window: { scrollTo(x: number, y: number): void; scrollY: number; innerHeight: number };
declare const document: { documentElement: { scrollHeight: number } };
interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface PageElement {
  tagName: string;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  textContent: string | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getBoundingClientRect(): PageRect;
  checkVisibility(): boolean;
  getAnimations(options?: { subtree: boolean }): Array<{ finished: Promise<unknown> }>;
}

/** window.getComputedStyle, for the callbacks run inside the page. */
interface StyleWindow {
  getComputedStyle(el: unknown): { cursor: string; pointerEvents: string };
}

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

type Box = PageRect;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toasts on screen that are not on their way out (a dismissed toast plays its exit animation first). */
const liveToasts = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast:not([class*="-exit"])', { hasText: text });

/**
 * The scroll-to-top button as the shopper sees it: the button and its progress ring, once it has zoomed in. Its
 * box is the union of the boxes of everything it draws.
 */
async function scrollTopBox(page: Page): Promise<Box> {
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toBeVisible();
  const wrapper = button.locator('xpath=..');
  await wrapper.evaluate((el: PageElement) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return wrapper.evaluate((el: PageElement) => {
    const rects = [el, ...Array.from(el.querySelectorAll('*'))].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const left = Math.min(...rects.map((r) => r.x));
    const top = Math.min(...rects.map((r) => r.y));
    const right = Math.max(...rects.map((r) => r.x + r.width));
    const bottom = Math.max(...rects.map((r) => r.y + r.height));
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
}

/** Every visible element of the footer that shows text (an element with text of its own), and every link or button. */
async function footerTextBoxes(page: Page): Promise<Array<{ text: string; box: Box }>> {
  return page.locator('footer').evaluate((footer: PageElement) =>
    Array.from(footer.querySelectorAll('*'))
      .filter((el) => {
        const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && !!n.textContent?.trim());
        return (ownText || el.tagName === 'A' || el.tagName === 'BUTTON') && el.checkVisibility();
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { text: (el.textContent ?? '').trim() || el.tagName, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
      })
      .filter((e) => e.box.width > 0 && e.box.height > 0),
  );
}

/** Scrolls to the very bottom of the page, again while the page grows (parts that render near the viewport). */
async function scrollToBottom(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await settled(page);
        return page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
      },
      { message: 'the bottom of the page' },
    )
    .toBe(true);
}

async function expectScrollTopClearOfFooterText(page: Page, name: string): Promise<void> {
  await scrollToBottom(page);
  const button = await scrollTopBox(page);
  await snap(page, name);
  const texts = await footerTextBoxes(page);
  expect(texts.length).toBeGreaterThan(10);
  // The footer's last line is on screen, so the check looks at the part the button could cover.
  expect(texts.some((t) => t.text.includes('All rights reserved'))).toBe(true);
  expect(texts.filter((t) => overlap(button, t.box))).toEqual([]);
}

test.describe('storefront polish: the scroll-to-top button, leftover toasts, the guest Log in, one logo, the decorative cursor (browser)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  const db = () => bs.stack.app.get<Connection>(getConnectionToken());

  /** A published product sold without variants, with stock. */
  async function simpleProduct(): Promise<{ _id: string; name: string }> {
    const row = await db()
      .collection('products')
      .findOne({ status: 'published', countInStock: { $gte: 3 }, 'variants.0': { $exists: false } });
    expect(row).toBeTruthy();
    return { _id: String(row!._id), name: String(row!.name) };
  }

  test('at 390 px (and at 1440 px) the scroll-to-top button covers none of the footer text at the bottom of a long page', async () => {
    const { context, page } = await newPage(bs, PHONE);
    try {
      await page.goto('/shop');
      await page.locator('[data-testid="product-card"]').first().waitFor();
      await waitForTakeover(page);
      await expectScrollTopClearOfFooterText(page, 'scroll-top-footer-phone');
      await page.setViewportSize({ width: 1440, height: 900 });
      await expectScrollTopClearOfFooterText(page, 'scroll-top-footer-desktop');
    } finally {
      await context.close();
    }
  });

  test("on a phone's product page the scroll-to-top button sits clear of the sticky Add to Cart bar, and at the bottom of the footer text", async () => {
    const product = await simpleProduct();
    const { context, page } = await newPage(bs, PHONE);
    try {
      await page.goto(`/product/${product._id}`);
      const bar = page.getByTestId('sticky-add-to-cart');
      await expect(bar).toBeVisible();
      await waitForTakeover(page);
      await page.evaluate(() => window.scrollTo(0, 600));
      const button = await scrollTopBox(page);
      await snap(page, 'scroll-top-sticky-bar');
      const barBox = (await bar.boundingBox())!;
      expect({ button, bar: barBox, overlap: overlap(button, barBox) }).toEqual({ button, bar: barBox, overlap: false });
      // Above the bar, not beside it: the button stays at the right edge, where a thumb finds it.
      expect(button.y + button.height).toBeLessThanOrEqual(barBox.y);
      expect(button.x + button.width).toBeGreaterThan(PHONE.width - 100);

      await expectScrollTopClearOfFooterText(page, 'scroll-top-product-bottom');
      const atBottom = await scrollTopBox(page);
      expect(overlap(atBottom, (await bar.boundingBox())!)).toBe(false);
    } finally {
      await context.close();
    }
  });

  test('a successful password reset dismisses the earlier "Password must be at least 8 characters" toast', async () => {
    const customer = await createAccount(bs.stack, 'customer');
    const asked = await bs.stack.http().post('/api/users/forgot-password').send({ email: customer.email });
    expect(asked.status).toBeLessThan(300);
    const mail = await until(
      async () =>
        (await readOutbox(bs.stack.config.outboxDir)).find(
          (m) => m.to.includes(customer.email) && m.links.some((l) => l.includes('/reset-password/')),
        ),
      20_000,
      'reset mail',
    );
    const link = new URL(mail.links.find((l) => l.includes('/reset-password/'))!);
    const { context, page } = await newPage(bs);
    try {
      await page.goto(link.pathname);
      await waitForTakeover(page);
      await page.getByLabel(/^New password/).fill('short');
      await page.getByLabel('Confirm new password').fill('short');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expectToast(page, 'Password must be at least 8 characters');

      await page.getByLabel(/^New password/).fill('a-long-enough-password');
      await page.getByLabel('Confirm new password').fill('a-long-enough-password');
      const reset = page.waitForResponse(
        (r) => new URL(r.url()).pathname.startsWith('/api/users/reset-password/') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Reset password' }).click();
      expect((await reset).status()).toBe(200);
      await expectToast(page, 'Your password has been reset. Please sign in.');
      // The refusal is superseded by the reset: it is on its way out by the time the success shows, and then gone.
      expect(await liveToasts(page, 'Password must be at least 8 characters').count()).toBe(0);
      await page.waitForURL((u) => u.pathname === '/login');
      await expect(page.locator('.Toastify__toast', { hasText: 'Password must be at least 8 characters' })).toHaveCount(0);
      await expect(liveToasts(page, 'Your password has been reset. Please sign in.')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  /** A customer with one product in the server's cart, signed in on the checkout page with the address filled in, and a 10 % coupon. */
  async function atCheckout(code: string): Promise<{ page: Page; close: () => Promise<void>; placeOrder: Locator; customerId: string }> {
    const admin = await createAccount(bs.stack, 'admin');
    const coupon = await bs.stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code, type: 'percent', value: 10, active: true });
    expect(coupon.status).toBe(201);
    const customer = await createAccount(bs.stack, 'customer');
    const product = await simpleProduct();
    const added = await bs.stack
      .http()
      .post('/api/cart')
      .set('Authorization', customer.bearer)
      .send({ userId: customer.id, productId: product._id, quantity: 1 });
    expect(added.status).toBeLessThan(300);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto('/checkout');
    const placeOrder = page.getByRole('button', { name: 'Place order' });
    await placeOrder.waitFor();
    for (const [label, value] of [
      ['Address', ADDRESS.address],
      ['City', ADDRESS.city],
      ['Postal code', ADDRESS.postalCode],
      ['Phone', ADDRESS.phone],
    ] as const) {
      await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    }
    await page.getByRole('combobox', { name: /^Country/ }).selectOption(ADDRESS.country);
    await page.getByRole('textbox', { name: /^Coupon code/ }).fill(code);
    return { page, close: () => context.close(), placeOrder, customerId: customer.id };
  }

  const isOrderPost = (r: Response) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST';

  test('placing the order dismisses the "Coupon applied" toast, and no coupon toast shows on the order page', async () => {
    const { page, close, placeOrder, customerId } = await atCheckout(`POLISH${Date.now() % 100000}`);
    try {
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('coupon-preview').waitFor();
      await expectToast(page, /^Coupon applied/);
      const placed = page.waitForResponse(isOrderPost);
      await placeOrder.click();
      expect((await placed).status()).toBe(201);
      await page.waitForURL(/\/order\//);
      await expectToast(page, 'Order placed');
      // The coupon's toast described the checkout's preview: the order supersedes it.
      expect(await liveToasts(page, /Coupon/).count()).toBe(0);
      await page.getByTestId('order-status').waitFor();
      await settled(page);
      expect(await liveToasts(page, /Coupon/).count()).toBe(0);
      await expect(page.locator('.Toastify__toast', { hasText: /Coupon/ })).toHaveCount(0);
      const order = await db()
        .collection('orders')
        .findOne({ user: new Types.ObjectId(customerId) });
      expect(order?.couponCode).toMatch(/^POLISH/);
    } finally {
      await close();
    }
  });

  test('while a coupon is being checked the order cannot be placed without it, so its toast never comes after the order', async () => {
    const code = `HOLD${Date.now() % 100000}`;
    const { page, close, placeOrder, customerId } = await atCheckout(code);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/coupons/validate', async (route) => {
      await held;
      await route.continue();
    });
    try {
      const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/coupons/validate');
      await page.getByRole('button', { name: 'Apply' }).click();
      await asked;
      // The check is under way: an order placed now would go without the coupon, and the check's toast would
      // show over the placed order.
      await expect(placeOrder).toBeDisabled();
      const validated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/coupons/validate');
      release();
      expect((await validated).status()).toBeLessThan(300);
      await page.getByTestId('coupon-preview').waitFor();
      await expectToast(page, /^Coupon applied/);
      await expect(placeOrder).toBeEnabled();
      await placeOrder.click();
      await page.waitForURL(/\/order\//);
      await expectToast(page, 'Order placed');
      expect(await liveToasts(page, /Coupon/).count()).toBe(0);
      await settled(page);
      expect(await liveToasts(page, /Coupon/).count()).toBe(0);
      const order = await db()
        .collection('orders')
        .findOne({ user: new Types.ObjectId(customerId) });
      expect(order?.couponCode).toBe(code);
    } finally {
      release();
      await close();
    }
  });

  test('a guest\'s "Please login to add items to cart" toast has a Log in link: after signing in the shopper is back on the product', async () => {
    const product = await simpleProduct();
    const { context, page } = await newPage(bs);
    try {
      await page.goto(`/product/${product._id}`);
      await waitForTakeover(page);
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      const toast = page.locator('.Toastify__toast', { hasText: 'Please login to add items to cart' });
      await expect(toast.getByText('Please login to add items to cart', { exact: true })).toBeVisible();
      // It has finished sliding in, so the click lands on the link where it stays.
      await toast.evaluate((el: PageElement) => Promise.all(el.getAnimations().map((a) => a.finished)));
      await snap(page, 'guest-login-toast');
      await toast.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/product/${product._id}`);
      await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.customer.email);
      await page.getByLabel(/^Password/).fill(DEMO_ACCOUNTS.customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Logged In');
      await page.waitForURL((u) => u.pathname === `/product/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a guest\'s "Login to add product to cart!" toast on a product card links to Log in with the product as the way back', async () => {
    const { context, page } = await newPage(bs);
    try {
      await page.goto('/shop');
      await waitForTakeover(page);
      const card = page
        .locator('[data-testid="product-card"]')
        .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
        .first();
      const href = await card.locator('a[href^="/product/"]').first().getAttribute('href');
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('.Toastify__toast', { hasText: 'Login to add product to cart!' });
      await expect(toast.getByText('Login to add product to cart!', { exact: true })).toBeVisible();
      const login = toast.getByRole('link', { name: 'Log in' });
      const target = new URL((await login.getAttribute('href'))!, bs.baseUrl);
      expect({ path: target.pathname, redirect: target.searchParams.get('redirect') }).toEqual({ path: '/login', redirect: href });
    } finally {
      await context.close();
    }
  });

  /** The visible "Threadline" brands of the header, the mobile top bar and the side bar (the footer's does not count). */
  const brands = (page: Page) =>
    page.locator('header, aside[data-testid="side-bar"]').getByText('Threadline', { exact: true }).filter({ visible: true });

  test('"Threadline" shows once at 1440 px, from the first paint on, and still at 390 px', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 1440, height: 900 }, javaScriptEnabled });
      const page = await context.newPage();
      try {
        await page.goto('/shop');
        await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
        if (javaScriptEnabled) await waitForTakeover(page);
        await expect(brands(page)).toHaveCount(1);
        // The side bar's, the one permanent at this width.
        await expect(page.locator('aside[data-testid="side-bar"]').getByRole('link', { name: 'Threadline', exact: true })).toBeVisible();
      } finally {
        await context.close();
      }
    }
    const { context, page } = await newPage(bs, PHONE);
    try {
      await page.goto('/shop');
      await waitForTakeover(page);
      await expect(brands(page)).toHaveCount(1);
      await expect(page.getByTestId('mobile-top-bar').getByRole('link', { name: 'Threadline', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the decorative cursor is drawn beside the system pointer and the text caret, which stay as they are', async () => {
    const { context, page } = await newPage(bs);
    try {
      await page.goto('/login');
      await waitForTakeover(page);
      await expect(page.locator('html.custom-cursor')).toHaveCount(1);
      const cursorOf = (locator: Locator) => locator.evaluate((el) => (globalThis as unknown as StyleWindow).getComputedStyle(el).cursor);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      expect({
        body: await cursorOf(page.locator('body')),
        link: await cursorOf(page.getByRole('link', { name: 'Forgot your password?' })),
        input: await cursorOf(page.getByLabel('Email address')),
      }).toEqual({ body: 'auto', link: 'pointer', input: 'text' });
      // The decorative cursor follows the mouse, and lets every click through.
      const cursor = page.getByTestId('custom-cursor');
      await expect(cursor).toHaveCount(1);
      await page.mouse.move(300, 200);
      await expect(cursor.getByTestId('custom-cursor-dot')).toHaveAttribute('style', /translate\(300px, 200px\)/);
      const pointerEvents = await cursor.evaluate((root: PageElement) =>
        [root, ...Array.from(root.querySelectorAll('*'))].map((el) => (globalThis as unknown as StyleWindow).getComputedStyle(el).pointerEvents),
      );
      expect(pointerEvents.length).toBeGreaterThan(1);
      expect(pointerEvents.filter((value) => value !== 'none')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('with reduced motion preferred there is no decorative cursor, also when the preference changes on an open page', async () => {
    const reduced = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    try {
      const page = await reduced.newPage();
      trackRequests(page);
      await page.goto('/login');
      await waitForTakeover(page);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await page.mouse.move(300, 200);
      await page.mouse.move(320, 220);
      await settled(page);
      await expect(page.getByTestId('custom-cursor')).toHaveCount(0);
      await expect(page.locator('html.custom-cursor')).toHaveCount(0);
    } finally {
      await reduced.close();
    }
    const { context, page } = await newPage(bs);
    try {
      await page.goto('/login');
      await waitForTakeover(page);
      await expect(page.locator('html.custom-cursor')).toHaveCount(1);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(page.locator('html.custom-cursor')).toHaveCount(0);
      await expect(page.getByTestId('custom-cursor')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
