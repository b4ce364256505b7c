#!/usr/bin/env node
// `npm run screenshots`: starts the shop like `npm start` (built apps, demo seed, temp data; tools/bench/shop.mjs),
// opens Debian's Chromium through playwright-core and saves viewport PNGs of /, /shop, /product/{id} and the
// mini-cart, desktop (1440x900) and mobile (390x844), to docs/screenshots/.
//   npm run screenshots [-- --url http://127.0.0.1:3000]   CHROME_PATH=/usr/bin/chromium by default
// The mini-cart shots need the header's cart button (accessible name starting with "Cart") that opens a dialog
// named "Shopping cart"; without them the script warns and skips those shots.
/* global document */ // (in page.evaluate: runs in the page)
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { log, root, startShop, waitForIdleWorker } from './bench/shop.mjs';

const args = process.argv.slice(2);
const given = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT = join(root, 'docs', 'screenshots');
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
};
const TIMEOUT = 60_000;
// The demo seed's customer (libs/seed/src/seed.service.ts, DEMO_ACCOUNTS; also in the README).
const DEMO_CUSTOMER = { email: 'customer@demo.shop', password: 'Customer123!' };

/** Waits until the page has settled: its requests done, its images decoded, fonts ready. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => undefined);
  await page
    .evaluate(async () => {
      await document.fonts.ready;
      const pending = [...document.images]
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        );
      // Lazy images below the fold never load: wait a while at most.
      await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    })
    .catch(() => undefined);
  // Let transitions (carousel, drawer) finish.
  await page.waitForTimeout(600);
}

async function shoot(page, name) {
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
  log(`${relative(root, file)} (${Math.round(statSync(file).size / 1024)} KB)`);
}

/** Adds the product to the cart from its page, then opens the header's mini-cart. False when there is none. */
async function openMiniCart(page, productPath) {
  await page.goto(productPath, { waitUntil: 'load', timeout: TIMEOUT });
  const add = page.getByRole('button', { name: /add to cart/i }).first();
  await add.waitFor({ state: 'visible', timeout: TIMEOUT });
  await add.click();
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => undefined);
  const cartButton = page.getByRole('button', { name: /^Cart/ }).first();
  try {
    await cartButton.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return false;
  }
  await cartButton.click();
  const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
  try {
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    return false;
  }
  await settle(page);
  return true;
}

/** Signs the demo customer in over the API and keeps the session where the storefront does (localStorage). */
async function signInDemoCustomer(context, url) {
  const res = await fetch(`${url}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!res.ok) throw new Error(`the demo customer could not sign in: ${res.status}`);
  const { token, expiresAt, ...user } = await res.json();
  await context.addInitScript(
    ({ token, user, expirationTime }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', user);
      localStorage.setItem('expirationTime', expirationTime);
    },
    { token, user: JSON.stringify({ ...user, token }), expirationTime: String(Date.parse(expiresAt)) },
  );
}

async function main() {
  if (!given) {
    const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const shop = given ? { url: given, stop: async () => {} } : await startShop();
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS, headless: true });
  mkdirSync(OUT, { recursive: true });
  try {
    if (!given) await waitForIdleWorker(shop);
    const products = await (await fetch(`${shop.url}/api/products?page=1`)).json();
    const list = Array.isArray(products) ? products : (products.products ?? []);
    // A product that can be added: in stock.
    const product = list.find((p) => (p.countInStock ?? 1) > 0 && !p.variants?.length) ?? list[0];
    if (!product) throw new Error('the shop has no products');
    const pages = { home: '/', shop: '/shop', product: `/product/${product._id}` };
    let skippedMiniCart = false;
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        baseURL: shop.url,
        viewport,
        deviceScaleFactor: 1,
        isMobile: device === 'mobile',
        hasTouch: device === 'mobile',
        colorScheme: 'dark',
      });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path, { waitUntil: 'load', timeout: TIMEOUT });
        await settle(page);
        await shoot(page, `${name}-${device}`);
      }
      // The mini-cart with a line in it: the demo customer (carts are for signed-in shoppers) adds the product.
      await signInDemoCustomer(context, shop.url);
      if (await openMiniCart(page, pages.product)) {
        await shoot(page, `mini-cart-${device}`);
      } else {
        skippedMiniCart = true;
        process.stderr.write(
          `[screenshots] warning: no header cart button (name "Cart…") opening a "Shopping cart" dialog at ${device} width: mini-cart shot skipped\n`,
        );
      }
      await context.close();
    }
    log(`screenshots in ${relative(root, OUT)}${skippedMiniCart ? ' (mini-cart skipped)' : ''}`);
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`[screenshots] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
